import type { envelopes as en } from '../en/envelopes';

// Ein Umschlag zum Öffnen, und eine sanfte Erinnerung an eine ungeöffnete E-Karte (Issue 45, Punkte 4 und 6).
export const envelopes: Record<keyof typeof en, string> = {
  'shop.envelope.open': 'Umschlag öffnen',
  'shop.envelope.from': 'Ein Umschlag von {name}',
  'shop.envelope.hint': 'Zum Öffnen tippen oder Eingabe drücken',
  'editor.send.envelope': 'Umschlag',
  'editor.send.envelope-hint': 'Deine E-Karte öffnet sich daraus.',
  'editor.send.no-envelope': 'Keiner',
  'editor.send.remind':
    'Ist sie nach {hours, plural, one {# Stunde} other {# Stunden}} noch ungeöffnet, schick sie mit einer sanften Erinnerung noch einmal',
  'email.ecard.reminder-subject': 'Eine Karte von {sender} wartet noch auf dich',
  'email.ecard.reminder-subject-anonymous': 'Eine Karte wartet noch auf dich',
  'email.ecard.reminder-sent':
    'Falls sie dir entgangen ist: {sender} hat dir eine Grußkarte geschickt, und sie wartet noch darauf, geöffnet zu werden.',
  'email.ecard.reminder-sent-anonymous':
    'Falls sie dir entgangen ist: Jemand, der an dich denkt, hat dir eine Grußkarte geschickt, und sie wartet noch darauf, geöffnet zu werden.',
};
