// English texts of the buyer's e-mails about each card after the order (views/emails/buyer-news.*.eta):
// shipped, delivered, failed, cancelled, and a scheduled e-card sent.
export const buyerNews = {
  'email.news.hello': 'Hello {name},',
  'email.news.card': '{title} to {recipient}',
  'email.news.order': 'Order {number}',
  'email.news.shipped.subject': 'Your card to {recipient} is on its way',
  'email.news.shipped.body': 'Your card to {recipient} has left the printer and is in the post.',
  'email.news.shipped.tracking': 'Follow it with the carrier (tracking number {number}):',
  'email.news.shipped.track': 'Track your card',
  'email.news.shipped.no-tracking': 'The carrier gave no tracking for it.',
  'email.news.delivered.subject': 'Your card to {recipient} has arrived',
  'email.news.delivered.body': 'The carrier reports that your card to {recipient} was delivered.',
  'email.news.failed.subject': 'Your card to {recipient} could not be sent',
  'email.news.failed.body': 'We could not send your card to {recipient}.',
  'email.news.failed.next.post':
    'What happens next: our team has been told and will send it again or refund it. You need not do anything; you can also cancel it on your order page for a refund.',
  'email.news.failed.next.ecard':
    'What happens next: check the recipient’s e-mail address, then send it again from your order page, or cancel it there.',
  'email.news.failed.next.print':
    'What happens next: our team has been told and will prepare your printable card again. You need not do anything.',
  'email.news.cancelled.subject': 'Your card to {recipient} is cancelled',
  'email.news.cancelled.body': 'Your card to {recipient} is cancelled and will not be sent.',
  'email.news.cancelled.refund': 'We are refunding {amount} to the way you paid; it usually shows within 5 to 10 days.',
  'email.news.cancelled.manual': 'Your refund of {amount} is with our team, who will make it by hand.',
  'email.news.cancelled.no-refund': 'Nothing was refunded for this card.',
  'email.news.ecard.subject': 'Your e-card to {recipient} has been sent',
  'email.news.ecard.body': 'Your scheduled e-card has just gone to {recipient}.',
  'email.news.late.subject': 'Your card to {recipient} is running late',
  'email.news.late.body': 'Your card to {recipient} has not arrived by {date}, the last day we promised. We are sorry.',
  'email.news.late.reprint':
    'We are printing it again and posting it afresh at our cost; it should arrive between {from} and {to}.',
  'email.news.late.reprint-soon':
    'We are printing it again and posting it afresh at our cost; you will hear from us when it is on its way.',
  'email.news.late.refund':
    'We are refunding the {amount} you paid for its shipping to the way you paid; it usually shows within 5 to 10 days.',
  'email.news.late.refund-manual': 'Our team will refund the {amount} you paid for its shipping by hand.',
  'email.news.no-recipient': 'your recipient',
  'email.news.view': 'See your order',
  'email.news.link': 'Or open this link: {url}',
};
