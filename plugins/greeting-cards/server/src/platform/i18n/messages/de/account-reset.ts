// German messages of password reset and e-mail confirmation: every key of ../en/account-reset.ts. Du-form.
import type { accountReset as en } from '../en/account-reset';

export const accountReset: Record<keyof typeof en, string> = {
  'shop.reset.forgotLink': 'Passwort vergessen?',
  'shop.reset.forgotTitle': 'Passwort zurücksetzen',
  'shop.reset.forgotLead':
    'Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort wählst.',
  'shop.reset.send': 'Link senden',
  'shop.reset.backToSignIn': 'Zurück zur Anmeldung',
  'shop.reset.sentTitle': 'Schau in dein E-Mail-Postfach',
  'shop.reset.sentBefore': 'Falls ein Konto',
  'shop.reset.sentAfter': ' verwendet, haben wir ihm einen Link für ein neues Passwort geschickt.',
  'shop.reset.sentHint':
    'Der Link funktioniert einmal und eine Stunde lang. Nichts angekommen? Schau in deinen Spam-Ordner oder frag in ein paar Minuten noch einmal.',
  'shop.reset.title': 'Neues Passwort wählen',
  'shop.reset.lead': 'Wähle ein neues Passwort für dein Konto. Danach bist du gleich angemeldet.',
  'shop.reset.newPassword': 'Neues Passwort',
  'shop.reset.submit': 'Speichern und anmelden',
  'shop.reset.expiredTitle': 'Dieser Link ist abgelaufen',
  'shop.reset.expired':
    'Links zum Zurücksetzen gelten eine Stunde. Fordere einen neuen Link an und nutze ihn innerhalb einer Stunde.',
  'shop.reset.usedTitle': 'Dieser Link funktioniert nicht mehr',
  'shop.reset.used':
    'Dieser Link wurde schon benutzt oder durch einen neueren ersetzt. Fordere einen neuen Link an, falls du noch einen brauchst.',
  'shop.reset.askAgain': 'Neuen Link anfordern',
  'shop.confirm.resend': 'Bestätigungslink noch einmal senden',
  'shop.confirm.resentTitle': 'Schau in dein E-Mail-Postfach',
  'shop.confirm.resent':
    'Falls dieses Konto noch auf seine Bestätigung wartet, haben wir einen neuen Link geschickt. Öffne ihn, um dein Konto zu aktivieren.',
  'shop.confirm.waitTitle': 'Bitte warte einen Moment',
  'shop.confirm.usedTitle': 'Dieser Bestätigungslink funktioniert nicht mehr',
  'shop.confirm.used':
    'Er wurde schon benutzt oder durch einen neueren ersetzt. Ist deine Adresse bestätigt, melde dich einfach an; sonst melde dich an und fordere einen neuen Link an.',
  'shop.confirm.confirmed': 'Deine E-Mail-Adresse ist bestätigt. Bitte melde dich an.',
  'email.reset.subject': 'Setze dein Passwort zurück',
  'email.reset.body':
    'Jemand (hoffentlich du) möchte das Passwort deines Kontos zurücksetzen. Wähle mit dem Button unten ein neues Passwort.',
  'email.reset.button': 'Neues Passwort wählen',
  'email.reset.expires': 'Der Link funktioniert einmal und läuft in {hours} Stunde(n) ab.',
  'email.reset.notYou': 'Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
  'email.confirm.subject': 'Bestätige deine E-Mail-Adresse',
  'email.confirm.body':
    'Danke für dein neues Konto. Bestätige deine E-Mail-Adresse mit dem Button unten, dann bist du angemeldet.',
  'email.confirm.button': 'Adresse bestätigen',
  'email.confirm.notYou': 'Wenn du kein Konto erstellt hast, ignoriere diese E-Mail.',
};
