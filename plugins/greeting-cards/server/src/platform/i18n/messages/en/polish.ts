// Issue 41 (the pages a picky customer sees): orders, the organiser page, the signer's thanks, the
// address book's pickers and the send form's inside preview.
export const polish = {
  'shop.orders.number': 'Order',
  'shop.orders.numberValue': 'No. {number}',
  'shop.order.numberEyebrow': 'Order no. {number} · placed {date}',
  'shop.orders.andMore': '{names} and {count} more',
  'shop.checkout.noteDemo':
    'This shop runs in demo mode: no money is taken. Pressing Pay completes the order at once and the cards go out as scheduled.',
};
