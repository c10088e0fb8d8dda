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
  'shop.groupFinish.newLinkHint': 'A new link stops the old one working: use it if the link reached the wrong people.',
  'shop.groupFinish.frontAlt': 'The front of “{title}”',
  'shop.groupFinish.prices': 'What it costs to send',
  'shop.groupFinish.openEditor': 'Change the design',
  'shop.groupFinish.sendExplain':
    'When everyone has signed: signing closes, and the finished card with every visible message goes into your basket. You pay at checkout.',
  'shop.groupFinish.closeOnly': 'Or only close signing',
  'shop.groupFinish.closeExplain':
    'Stops new messages now, without sending anything. You can still put the card in your basket afterwards.',
  'shop.signPanel.thanks': 'Thanks — your message is on the card',
  'shop.signPanel.thanksPending': 'Thanks — your message goes on the card once the organiser approves it',
  'shop.signPanel.thanksLead': 'You can still change or delete it until signing closes.',
  'editor.send.page-prev': 'Previous page',
  'editor.send.page-next': 'Next page',
  'editor.send.page-front': 'Front',
  'editor.send.page-inside_left': 'Inside left',
  'editor.send.page-inside_right': 'Inside right',
  'editor.send.page-back': 'Back',
  'editor.send.page-of': '{name} ({page} of {pages})',
  'editor.send.preview-for': 'Preview for',
  // The shipped defaults of texts an operator may replace (settings, sample data): while unchanged, they
  // read in the shopper's language; an operator's own text is shown as written.
  'shop.default.tagline': 'Greeting cards, made personal',
  'shop.default.footer': 'Cards designed with care, delivered on time. Prices include VAT.',
  'shop.default.footerNet': 'Cards designed with care, delivered on time. Prices plus VAT.',
  'shop.default.planPremium': 'Every premium design and sticker, every month.',
};
