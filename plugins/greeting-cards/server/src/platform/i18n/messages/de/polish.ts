// German for ../en/polish.ts (issue 41). Du-form.
import type { polish as en } from '../en/polish';

export const polish: Record<keyof typeof en, string> = {
  'shop.orders.number': 'Bestellung',
  'shop.orders.numberValue': 'Nr. {number}',
  'shop.order.numberEyebrow': 'Bestellung Nr. {number} · aufgegeben am {date}',
  'shop.orders.andMore': '{names} und {count} weitere',
  'shop.checkout.noteDemo':
    'Dieser Shop läuft im Demo-Modus: Es wird kein Geld abgebucht. Nach dem Klick auf „Bezahlen“ ist die Bestellung sofort abgeschlossen und die Karten gehen wie geplant raus.',
};
