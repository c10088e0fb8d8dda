// German texts of the buyer's order confirmation: every key of ../en/order-mail.ts.
import type { orderMail as en } from '../en/order-mail';

export const orderMail: Record<keyof typeof en, string> = {
  'email.order.subject': 'Deine Bestellung {number} ist bestätigt',
  'email.order.heading': 'Danke für deine Bestellung',
  'email.order.hello': 'Hallo {name},',
  'email.order.intro': 'Wir haben deine Zahlung über {total} am {date} erhalten. Das hast du bestellt:',
  'email.order.number': 'Bestellnummer: {number}',
  'email.order.to': 'an {name}',
  'email.order.method.ecard': 'E-Card',
  'email.order.method.post': 'Per Post',
  'email.order.method.print': 'Zum Selbstdrucken',
  'email.order.sends-on': 'wird am {date} verschickt',
  'email.order.sends-now': 'wird jetzt verschickt',
  'email.order.arrives': 'kommt an: {window}',
  'email.order.arrives-by': 'soll bis {date} ankommen: {window}',
  'email.order.gift-wrap': 'als Geschenk verpackt',
  'email.order.media-message': 'mit Video- oder Sprachnachricht ({price})',
  'email.order.media-message-free': 'mit Video- oder Sprachnachricht (mit deiner Mitgliedschaft kostenlos)',
  'email.order.subtotal': 'Zwischensumme',
  'email.order.promo': 'Aktion {code}',
  'email.order.discount': 'Rabatt',
  'email.order.total': 'Bezahlt',
  'email.order.vat': 'Preise inklusive MwSt.',
  'email.order.view': 'Bestellung ansehen',
  'email.order.link': 'Oder öffne diesen Link: {url}',
  'email.order.follow':
    'Auf der Seite deiner Bestellung siehst du, wie weit jede Karte ist, und kannst eine Karte, die noch nicht verschickt ist, stornieren.',
};
