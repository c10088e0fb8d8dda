// German texts of the legal and help pages' frame: every key of ../en/legal.ts.
import type { legal as en } from '../en/legal';

export const legal: Record<keyof typeof en, string> = {
  'shop.legal.nav': 'Rechtliches und Hilfe',
  'shop.legal.link.terms': 'AGB',
  'shop.legal.link.privacy': 'Datenschutz',
  'shop.legal.link.imprint': 'Impressum',
  'shop.legal.link.delivery-returns': 'Versand und Rückgabe',
  'shop.legal.link.help': 'Hilfe',
  'shop.legal.link.contact': 'Kontakt',
  'shop.legal.sample': 'Beispieltext: Ersetze ihn, bevor du deinen Shop eröffnest.',
  'shop.legal.checkoutAgree': 'Mit der Zahlung stimmst du den AGB zu.',
  'shop.cookies.title': 'Cookies',
  'shop.cookies.intro':
    'Dieser Shop setzt nur die Cookies, die er zum Funktionieren braucht, und verwendet keine Tracking- oder Werbe-Cookies. Deshalb fragt er nicht nach deiner Einwilligung.',
  'shop.cookies.name': 'Name',
  'shop.cookies.purpose': 'Zweck',
  'shop.cookies.lifetime': 'Dauer',
  'shop.cookies.session': 'Hält dich angemeldet.',
  'shop.cookies.locale': 'Merkt sich die Sprache, die du gewählt hast.',
  'shop.cookies.preSession': 'Schützt die Anmelde- und Registrierungsformulare vor gefälschten Absendungen.',
  'shop.cookies.signature': 'Damit kannst du deine eigene Unterschrift auf einer Gruppenkarte ändern oder löschen.',
  'shop.cookies.providerNext': 'Merkt sich, welche Seite nach der Anmeldung mit einem anderen Konto kommt.',
  'shop.cookies.providerSession':
    'Setzt das Anmeldesystem, während du dich mit einem anderen Konto anmeldest, um zu prüfen, dass die Antwort für deinen Browser ist.',
  'shop.cookies.minutes15': '15 Minuten',
  'shop.cookies.day1': '1 Tag',
  'shop.cookies.days7': '7 Tage',
  'shop.cookies.days90': '90 Tage',
  'shop.cookies.year1': '1 Jahr',
  'shop.cookies.browserSession': 'Bis du den Browser schließt',
};
