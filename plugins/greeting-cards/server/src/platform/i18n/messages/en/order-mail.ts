// English texts of the buyer's order confirmation (views/emails/order-confirmation.*.eta).
export const orderMail = {
  'email.order.subject': 'Your order {number} is confirmed',
  'email.order.heading': 'Thank you for your order',
  'email.order.hello': 'Hello {name},',
  'email.order.intro': 'We received your payment of {total} on {date}. Here is what you ordered:',
  'email.order.number': 'Order number: {number}',
  'email.order.to': 'to {name}',
  'email.order.method.ecard': 'E-card',
  'email.order.method.post': 'Posted card',
  'email.order.method.print': 'Print at home',
  'email.order.sends-on': 'sends on {date}',
  'email.order.sends-now': 'sends now',
  'email.order.gift-wrap': 'gift wrapped',
  'email.order.subtotal': 'Subtotal',
  'email.order.promo': 'Promotion {code}',
  'email.order.discount': 'Discount',
  'email.order.total': 'Total paid',
  'email.order.vat': 'Prices include VAT.',
  'email.order.view': 'See your order',
  'email.order.link': 'Or open this link: {url}',
  'email.order.follow':
    'Each card’s progress is on your order page, where you can also cancel a card that has not gone yet.',
};
