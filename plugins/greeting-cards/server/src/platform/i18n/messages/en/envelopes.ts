// An envelope to open, and a gentle reminder of an unopened e-card (issue 45 items 4 and 6).
export const envelopes = {
  'shop.envelope.open': 'Open the envelope',
  'shop.envelope.from': 'An envelope from {name}',
  'shop.envelope.hint': 'Tap or press Enter to open',
  'editor.send.envelope': 'Envelope',
  'editor.send.envelope-hint': 'Your e-card opens from it.',
  'editor.send.no-envelope': 'None',
  'editor.send.remind':
    'If it is still unopened after {hours, plural, one {# hour} other {# hours}}, send it once more with a gentle reminder',
  'email.ecard.reminder-subject': 'A card from {sender} is still waiting for you',
  'email.ecard.reminder-subject-anonymous': 'A card is still waiting for you',
  'email.ecard.reminder-sent':
    'In case it slipped past you: {sender} sent you a greeting card, and it is still waiting to be opened.',
  'email.ecard.reminder-sent-anonymous':
    'In case it slipped past you: a friend sent you a greeting card, and it is still waiting to be opened.',
};
