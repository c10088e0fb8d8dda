// German for ../en/polish.ts (issue 41). Du-form.
import type { polish as en } from '../en/polish';

export const polish: Record<keyof typeof en, string> = {
  'shop.orders.number': 'Bestellung',
  'shop.orders.numberValue': 'Nr. {number}',
  'shop.order.numberEyebrow': 'Bestellung Nr. {number} · aufgegeben am {date}',
  'shop.orders.andMore': '{names} und {count} weitere',
  'shop.checkout.noteDemo':
    'Dieser Shop läuft im Demo-Modus: Es wird kein Geld abgebucht. Nach dem Klick auf „Bezahlen“ ist die Bestellung sofort abgeschlossen und die Karten gehen wie geplant raus.',
  'shop.picker.country': 'Land',
  'shop.picker.searchCountry': 'Land suchen',
  'shop.picker.searchZone': 'Zeitzone suchen',
  'shop.picker.shopZone': 'Die Zeitzone des Shops',
  'shop.picker.zoneHint': '(für einen Tag geplante Karten gehen dort morgens raus)',
  'shop.addressLink.readyFirst': 'Dein Adresslink ist bereit. Kopiere ihn und schick ihn an deine Freunde.',
  'shop.reminders.fromBook': 'Daten, die schon in deinem Adressbuch stehen',
  'shop.reminders.fromBookLead': 'Daran können wir dich erinnern, ohne dass du sie noch einmal eintippst.',
  'shop.reminders.fromBookItem': '{name}: {type} am {date}',
  'shop.reminders.remindMe': 'Erinnere mich',
  'shop.reminders.dateHint': '(leer lassen, um das Datum aus dem Adressbuch zu nehmen)',
  'shop.recipients.ownEntry': 'Dein eigener Eintrag',
  'shop.groupFinish.newLinkHint':
    'Ein neuer Link macht den alten ungültig: nimm ihn, wenn der Link an die falschen Leute gegangen ist.',
  'shop.groupFinish.frontAlt': 'Die Vorderseite von „{title}“',
  'shop.groupFinish.prices': 'Was der Versand kostet',
  'shop.groupFinish.openEditor': 'Design ändern',
  'shop.groupFinish.sendExplain':
    'Wenn alle unterschrieben haben: Das Unterschreiben endet, und die fertige Karte mit allen sichtbaren Nachrichten kommt in deinen Warenkorb. Du bezahlst an der Kasse.',
  'shop.groupFinish.closeOnly': 'Oder nur das Unterschreiben beenden',
  'shop.groupFinish.closeExplain':
    'Beendet neue Nachrichten sofort, ohne etwas zu verschicken. Du kannst die Karte danach trotzdem in den Warenkorb legen.',
  'shop.signPanel.thanks': 'Danke — deine Nachricht ist auf der Karte',
  'shop.signPanel.thanksPending': 'Danke — deine Nachricht kommt auf die Karte, sobald der Organisator sie freigibt',
  'shop.signPanel.thanksLead': 'Du kannst sie noch ändern oder löschen, bis das Unterschreiben endet.',
  'editor.send.page-prev': 'Vorherige Seite',
  'editor.send.page-next': 'Nächste Seite',
  'editor.send.page-front': 'Vorderseite',
  'editor.send.page-inside_left': 'Innen links',
  'editor.send.page-inside_right': 'Innen rechts',
  'editor.send.page-back': 'Rückseite',
  'editor.send.page-of': '{name} ({page} von {pages})',
  'editor.send.preview-for': 'Vorschau für',
  'shop.default.tagline': 'Grußkarten, ganz persönlich',
  'shop.default.footer': 'Mit Sorgfalt gestaltete Karten, pünktlich zugestellt. Preise inklusive MwSt.',
  'shop.default.footerNet': 'Mit Sorgfalt gestaltete Karten, pünktlich zugestellt. Preise zzgl. MwSt.',
  'shop.default.planPremium': 'Alle Premium-Designs und -Sticker, jeden Monat.',
};
