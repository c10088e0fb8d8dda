// English messages of the e-mails (keys start with 'email.'). Plain text with {placeholders}; the
// e-mail templates escape them like anything else.
export const email = {
  'email.language': 'Language',
  'email.footer': 'Sent by {shop}.',
  'email.footer.shop': 'your greeting card shop',

  'email.ecard.subject': '{sender} sent you a card',
  'email.ecard.subject-anonymous': 'A friend sent you a card',
  'email.ecard.dear': 'Dear {name},',
  'email.ecard.hello': 'Hello,',
  'email.ecard.sent': '{sender} has sent you a greeting card.',
  'email.ecard.sent-anonymous': 'A friend has sent you a greeting card.',
  'email.ecard.message-from': 'Message from {sender}:',
  'email.ecard.message': 'Their message:',
  'email.ecard.image-alt': 'The front of your card',
  'email.ecard.love': 'With love from {sender}',
  'email.ecard.open': 'Open your card',
  'email.ecard.paste': 'Or paste this link into your browser: {url}',
  'email.ecard.sent-on': 'Sent on {date}.',

  'email.print.your-card': 'Your card',
  'email.print.subject': 'Your card "{title}" is ready to print',
  'email.print.heading': 'Ready to print',
  'email.print.hello': 'Hello {name},',
  'email.print.there': 'there',
  'email.print.body':
    'Your card "{title}" is ready. Print the PDF on A4 paper (both pages, actual size), then fold it in half.',
  'email.print.download': 'Download the PDF',
  'email.print.link': 'Link: {url}',

  'email.reminder.subject': 'Reminder: {title} is {when}',
  'email.reminder.today': 'today',
  'email.reminder.tomorrow': 'tomorrow',
  'email.reminder.in-days': '{count, plural, one {in {count} day} other {in {count} days}}',
  'email.reminder.hello': 'Hello {name},',
  'email.reminder.body': '{title} is {when}, on {date}. There is still time to send a card.',
  'email.reminder.choose': 'Choose a card',

  'email.group.someone': 'Someone',
  'email.group.invite.subject': '{organiser} invites you to sign a group card',
  'email.group.invite.subject-anonymous': 'You are invited to sign a group card',
  'email.group.invite.collecting': '{organiser} is collecting messages for a group card and would like one from you.',
  'email.group.invite.before': 'Add yours before {deadline}. You need no account.',
  'email.group.message-from': 'Message from {name}:',
  'email.group.message-from-organiser': 'Message from the organiser:',
  'email.group.your-card': 'Your group card:',
  'email.group.for': 'For: {recipient}',
  'email.group.add': 'Add your message',
  'email.group.reminder.subject': 'One day left to sign a group card',
  'email.group.reminder.closes': 'The group card you were invited to sign closes {deadline}.',
  'email.group.reminder.signed': 'If you have already signed, thank you: there is nothing more to do.',
  'email.group.closed.subject': 'Signing has closed on your group card',
  'email.group.closed.body': 'The deadline for signing has passed. Check the messages, then send the card.',
  'email.group.closed.review': 'Review and send',

  'email.address-requests.added':
    '{count, plural, one {{count} friend added their address to your address book} other {{count} friends added their address to your address book}}',
  'email.address-requests.changed':
    '{count, plural, one {{count} friend sent new details for you to check} other {{count} friends sent new details for you to check}}',
  'email.address-requests.intro-html':
    'These came in through your address link. They are marked “Added by them” in your address book. New details for an entry you have do not replace it until you accept them there.',
  'email.address-requests.intro-text':
    'These came in through your address link. They are marked "Added by them" in your address book. New details for an entry you have do not replace it until you accept them there.',
  'email.address-requests.new': 'New entries',
  'email.address-requests.changes': 'Changes for you to check',
  'email.address-requests.open': 'Open your address book',

  'email.address-proof.subject': 'Confirm your e-mail address',
  'email.address-proof.body':
    'Open this link to confirm that this address is yours. E-cards other people send to it will then appear under "Received" in your library.',
  'email.address-proof.button': 'Confirm my address',
  'email.address-proof.once':
    '{count, plural, one {The link works once, for {count} hour. If you did not ask for it, ignore this message.} other {The link works once, for {count} hours. If you did not ask for it, ignore this message.}}',

  'email.failed.subject': 'Posted card {id} could not be sent to {provider}',
  'email.failed.heading': 'A posted card failed',
  'email.failed.body':
    'Posted card {id} (order {order}) could not be submitted to {provider} after {attempts} attempt(s).',
  'email.failed.last-error': 'Last error: {error}',
  'email.failed.retry-text': 'Retry or cancel it on the deliveries page: {url}',
  'email.failed.retry-before': 'Retry or cancel it on the',
  'email.failed.retry-link': 'deliveries page',
} as const;
