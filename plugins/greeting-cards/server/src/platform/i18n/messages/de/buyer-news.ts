// German texts of the buyer's e-mails about each card after the order: every key of ../en/buyer-news.ts.
import type { buyerNews as en } from '../en/buyer-news';

export const buyerNews: Record<keyof typeof en, string> = {
  'email.news.hello': 'Hallo {name},',
  'email.news.card': '{title} an {recipient}',
  'email.news.order': 'Bestellung {number}',
  'email.news.shipped.subject': 'Deine Karte an {recipient} ist unterwegs',
  'email.news.shipped.body': 'Deine Karte an {recipient} ist gedruckt und mit der Post unterwegs.',
  'email.news.shipped.tracking': 'Verfolge sie beim Zusteller (Sendungsnummer {number}):',
  'email.news.shipped.track': 'Sendung verfolgen',
  'email.news.shipped.no-tracking': 'Der Zusteller hat keine Sendungsverfolgung angegeben.',
  'email.news.delivered.subject': 'Deine Karte an {recipient} ist angekommen',
  'email.news.delivered.body': 'Der Zusteller meldet, dass deine Karte an {recipient} zugestellt wurde.',
  'email.news.failed.subject': 'Deine Karte an {recipient} konnte nicht verschickt werden',
  'email.news.failed.body': 'Wir konnten deine Karte an {recipient} nicht verschicken.',
  'email.news.failed.next.post':
    'Wie es weitergeht: Unser Team ist informiert und verschickt sie erneut oder erstattet sie. Du musst nichts tun; du kannst sie auch auf deiner Bestellseite stornieren und bekommst den Betrag erstattet.',
  'email.news.failed.next.ecard':
    'Wie es weitergeht: Prüfe die E-Mail-Adresse des Empfängers und sende die Karte dann auf deiner Bestellseite erneut, oder storniere sie dort.',
  'email.news.failed.next.print':
    'Wie es weitergeht: Unser Team ist informiert und bereitet deine Karte zum Selbstdrucken erneut vor. Du musst nichts tun.',
  'email.news.cancelled.subject': 'Deine Karte an {recipient} ist storniert',
  'email.news.cancelled.body': 'Deine Karte an {recipient} ist storniert und wird nicht verschickt.',
  'email.news.cancelled.refund':
    'Wir erstatten {amount} auf dem Weg, auf dem du bezahlt hast; meist ist der Betrag nach 5 bis 10 Tagen zu sehen.',
  'email.news.cancelled.manual': 'Deine Erstattung von {amount} liegt bei unserem Team, das sie von Hand vornimmt.',
  'email.news.cancelled.no-refund': 'Für diese Karte wurde nichts erstattet.',
  'email.news.ecard.subject': 'Deine E-Card an {recipient} ist verschickt',
  'email.news.ecard.body': 'Deine geplante E-Card ist soeben an {recipient} gegangen.',
  'email.news.late.subject': 'Deine Karte an {recipient} verspätet sich',
  'email.news.late.body':
    'Deine Karte an {recipient} ist bis zum {date}, dem letzten zugesagten Tag, nicht angekommen. Das tut uns leid.',
  'email.news.late.reprint':
    'Wir drucken sie auf unsere Kosten neu und verschicken sie noch einmal; sie sollte zwischen dem {from} und dem {to} ankommen.',
  'email.news.late.reprint-soon':
    'Wir drucken sie auf unsere Kosten neu und verschicken sie noch einmal; wir melden uns, sobald sie unterwegs ist.',
  'email.news.late.refund':
    'Wir erstatten die {amount}, die du für den Versand bezahlt hast, auf dem Weg, auf dem du bezahlt hast; meist ist der Betrag nach 5 bis 10 Tagen zu sehen.',
  'email.news.late.refund-manual': 'Unser Team erstattet die {amount}, die du für den Versand bezahlt hast, von Hand.',
  'email.news.no-recipient': 'deinen Empfänger',
  'email.news.view': 'Bestellung ansehen',
  'email.news.link': 'Oder öffne diesen Link: {url}',
};
