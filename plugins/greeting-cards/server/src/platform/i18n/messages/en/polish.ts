// Issue 41 (the pages a picky customer sees): orders, the organiser page, the signer's thanks, the
// address book's pickers and the send form's inside preview.
export const polish = {
  'shop.orders.number': 'Order',
  'shop.orders.numberValue': 'No. {number}',
  'shop.order.numberEyebrow': 'Order no. {number} · placed {date}',
  'shop.orders.andMore': '{names} and {count} more',
  'shop.checkout.noteDemo':
    'This shop runs in demo mode: no money is taken. Pressing Pay completes the order at once and the cards go out as scheduled.',
  'shop.picker.country': 'Country',
  'shop.picker.searchCountry': 'Search countries',
  'shop.picker.searchZone': 'Search time zones',
  'shop.picker.shopZone': "The shop's time zone",
  'shop.picker.zoneHint': '(cards scheduled for a day go out in the morning there)',
  'shop.addressLink.readyFirst': 'Your address link is ready. Copy it and send it to your friends.',
  'shop.reminders.fromBook': 'Dates already in your address book',
  'shop.reminders.fromBookLead': 'We can remind you of these without typing them again.',
  'shop.reminders.fromBookItem': '{name}: {type} on {date}',
  'shop.reminders.remindMe': 'Remind me',
  'shop.reminders.dateHint': '(leave empty to use the date from the address book)',
  'shop.recipients.ownEntry': 'Your own entry',
};
