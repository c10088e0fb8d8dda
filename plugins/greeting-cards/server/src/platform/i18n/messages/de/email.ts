// German messages of the e-mails: every key of ../en/email.ts. Du-form throughout, as in the shop.
import type { email as en } from '../en/email';

export const email: Record<keyof typeof en, string> = {
  'email.language': 'Sprache',
  'email.footer': 'Gesendet von {shop}.',
  'email.footer.shop': 'deinem Grußkarten-Shop',

  'email.ecard.subject': '{sender} hat dir eine Karte geschickt',
  'email.ecard.subject-anonymous': 'Jemand, der an dich denkt, hat dir eine Karte geschickt',
  'email.ecard.dear': 'Hallo {name},',
  'email.ecard.hello': 'Hallo,',
  'email.ecard.sent': '{sender} hat dir eine Grußkarte geschickt.',
  'email.ecard.sent-anonymous': 'Jemand, der an dich denkt, hat dir eine Grußkarte geschickt.',
  'email.ecard.message-from': 'Nachricht von {sender}:',
  'email.ecard.message': 'Die Nachricht:',
  'email.ecard.image-alt': 'Die Vorderseite deiner Karte',
  'email.ecard.love': 'Herzliche Grüße von {sender}',
  'email.ecard.open': 'Karte öffnen',
  'email.ecard.paste': 'Oder kopiere diesen Link in deinen Browser: {url}',
  'email.ecard.sent-on': 'Gesendet am {date}.',

  'email.print.your-card': 'Deine Karte',
  'email.print.subject': 'Deine Karte „{title}“ ist druckbereit',
  'email.print.heading': 'Bereit zum Drucken',
  'email.print.hello': 'Hallo {name},',
  'email.print.there': 'du',
  'email.print.body':
    'Deine Karte „{title}“ ist fertig. Drucke das PDF auf A4-Papier (beide Seiten, Originalgröße) und falte es dann in der Mitte.',
  'email.print.download': 'PDF herunterladen',
  'email.print.link': 'Link: {url}',

  'email.reminder.subject': 'Erinnerung: {title} ist {when}',
  'email.reminder.today': 'heute',
  'email.reminder.tomorrow': 'morgen',
  'email.reminder.in-days': '{count, plural, one {in {count} Tag} other {in {count} Tagen}}',
  'email.reminder.hello': 'Hallo {name},',
  'email.reminder.body': '{title} ist {when}, am {date}. Du hast noch Zeit, eine Karte zu schicken.',
  'email.reminder.choose': 'Karte aussuchen',

  'email.group.someone': 'Jemand',
  'email.group.invite.subject': '{organiser} lädt dich ein, eine Gruppenkarte zu unterschreiben',
  'email.group.invite.subject-anonymous': 'Du bist eingeladen, eine Gruppenkarte zu unterschreiben',
  'email.group.invite.collecting':
    '{organiser} sammelt Nachrichten für eine Gruppenkarte und würde sich über deine freuen.',
  'email.group.invite.before': 'Schreib deine bis {deadline}. Du brauchst kein Konto.',
  'email.group.message-from': 'Nachricht von {name}:',
  'email.group.message-from-organiser': 'Nachricht aus der Einladung:',
  'email.group.your-card': 'Deine Gruppenkarte:',
  'email.group.for': 'Für: {recipient}',
  'email.group.add': 'Nachricht schreiben',
  'email.group.reminder.subject': 'Noch ein Tag, um eine Gruppenkarte zu unterschreiben',
  'email.group.reminder.closes':
    'Die Gruppenkarte, zu der du eingeladen wurdest, kann bis {deadline} unterschrieben werden.',
  'email.group.reminder.signed': 'Wenn du schon unterschrieben hast: danke, du musst nichts weiter tun.',
  'email.group.closed.subject': 'Deine Gruppenkarte: Unterschreiben beendet',
  'email.group.closed.body':
    'Die Frist zum Unterschreiben ist abgelaufen. Sieh dir die Nachrichten an und schick die Karte dann ab.',
  'email.group.closed.review': 'Ansehen und senden',

  'email.address-requests.added':
    '{count, plural, one {{count} Person hat ihre Adresse in dein Adressbuch eingetragen} other {{count} Personen haben ihre Adresse in dein Adressbuch eingetragen}}',
  'email.address-requests.changed':
    '{count, plural, one {{count} Person hat neue Angaben geschickt, die du prüfen kannst} other {{count} Personen haben neue Angaben geschickt, die du prüfen kannst}}',
  'email.address-requests.intro-html':
    'Diese Einträge kamen über deinen Adress-Link. Sie sind in deinem Adressbuch mit „Von ihnen eingetragen“ markiert. Neue Angaben zu einem vorhandenen Eintrag ersetzen ihn erst, wenn du sie dort übernimmst.',
  'email.address-requests.intro-text':
    'Diese Einträge kamen über deinen Adress-Link. Sie sind in deinem Adressbuch mit "Von ihnen eingetragen" markiert. Neue Angaben zu einem vorhandenen Eintrag ersetzen ihn erst, wenn du sie dort übernimmst.',
  'email.address-requests.new': 'Neue Einträge',
  'email.address-requests.changes': 'Änderungen zum Prüfen',
  'email.address-requests.open': 'Adressbuch öffnen',

  'email.address-proof.subject': 'Bestätige deine E-Mail-Adresse',
  'email.address-proof.body':
    'Öffne diesen Link, um zu bestätigen, dass diese Adresse dir gehört. E-Cards, die andere an sie schicken, erscheinen dann in deiner Bibliothek unter "Erhalten".',
  'email.address-proof.button': 'Adresse bestätigen',
  'email.address-proof.once':
    '{count, plural, one {Der Link funktioniert einmal, {count} Stunde lang. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht.} other {Der Link funktioniert einmal, {count} Stunden lang. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht.}}',

  'email.failed.subject': 'Versandkarte {id} konnte nicht an {provider} übergeben werden',
  'email.failed.heading': 'Eine Versandkarte ist fehlgeschlagen',
  'email.failed.body':
    'Versandkarte {id} (Bestellung {order}) konnte nach {attempts} Versuch(en) nicht an {provider} übergeben werden.',
  'email.failed.last-error': 'Letzter Fehler: {error}',
  'email.failed.retry-text': 'Wiederhole oder storniere sie auf der Seite der Zustellungen: {url}',
  'email.failed.retry-before': 'Wiederhole oder storniere sie auf der',
  'email.failed.retry-link': 'Seite der Zustellungen',
};
