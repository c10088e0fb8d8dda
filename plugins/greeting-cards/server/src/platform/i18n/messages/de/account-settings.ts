// German texts of the account page and its e-mails (see ../en/account-settings.ts). Du-form.
import type { accountSettings as en } from '../en/account-settings';

export const accountSettings: Record<keyof typeof en, string> = {
  'shop.nav.account': 'Konto',
  'shop.accountPage.title': 'Dein Konto',
  'shop.accountPage.lead':
    'Dein Name, deine Sprache, E-Mail-Adresse und Passwort, und welche E-Mails du von uns willst.',
  'shop.accountPage.profile': 'Name und Sprache',
  'shop.accountPage.displayName': 'Anzeigename',
  'shop.accountPage.optional': '(optional)',
  'shop.accountPage.language': 'Sprache',
  'shop.accountPage.languageHint': 'Seiten und die E-Mails, die wir dir schicken, sind in dieser Sprache.',
  'shop.accountPage.saveProfile': 'Name und Sprache speichern',
  'shop.accountPage.email': 'E-Mail-Adresse',
  'shop.accountPage.currentEmail': 'Deine Adresse jetzt: {email}',
  'shop.accountPage.newEmail': 'Neue E-Mail-Adresse',
  'shop.accountPage.currentPassword': 'Aktuelles Passwort',
  'shop.accountPage.emailHint': 'Wir schicken einen Link an die neue Adresse. Bis du ihn öffnest, ändert sich nichts.',
  'shop.accountPage.changeEmail': 'E-Mail-Adresse ändern',
  'shop.accountPage.pending': 'Wartet auf Bestätigung: {email}. Öffne den Link, den wir dorthin geschickt haben.',
  'shop.accountPage.password': 'Passwort',
  'shop.accountPage.newPassword': 'Neues Passwort',
  'shop.accountPage.newPasswordHint':
    'Mindestens 8 Zeichen. Wenn du es änderst, wirst du auf allen anderen Geräten abgemeldet.',
  'shop.accountPage.changePassword': 'Passwort ändern',
  'shop.accountPage.prefs': 'E-Mails von uns',
  'shop.accountPage.prefsLead':
    'Wähle, welche E-Mails du willst. E-Mails zu deinen Bestellungen, Zustellungen und deinem Konto bekommst du immer.',
  'shop.accountPage.prefsUndecided':
    'Solange du nichts wählst, bekommst du deine Erinnerungen und Einladungen zu Gruppenkarten weiter.',
  'shop.accountPage.prefReminders': 'Schickt mir die Erinnerungen, die ich für Geburtstage und andere Tage anlege.',
  'shop.accountPage.prefGroupInvitations': 'Schickt mir eine E-Mail, wenn mich jemand zu einer Gruppenkarte einlädt.',
  'shop.accountPage.prefMarketing': 'Schickt mir Neuigkeiten und Angebote des Shops.',
  'shop.accountPage.savePrefs': 'E-Mail-Auswahl speichern',
  'shop.accountPage.data': 'Deine Daten',
  'shop.accountPage.export': 'Deine Daten herunterladen',
  'shop.accountPage.delete': 'Dein Konto löschen',
  'shop.accountPage.saved': 'Dein Name und deine Sprache sind gespeichert.',
  'shop.accountPage.emailSent': 'Wir haben einen Link an {email} geschickt. Öffne ihn, um die Änderung abzuschließen.',
  'shop.accountPage.passwordChanged': 'Dein Passwort ist geändert. Deine anderen Geräte sind abgemeldet.',
  'shop.accountPage.prefsSaved': 'Deine E-Mail-Auswahl ist gespeichert.',
  'shop.accountPage.confirmTitle': 'Neue E-Mail-Adresse bestätigen',
  'shop.accountPage.confirmText': '{email} als E-Mail-Adresse deines Kontos verwenden?',
  'shop.accountPage.confirmButton': 'Ja, diese Adresse verwenden',
  'shop.accountPage.confirmedTitle': 'E-Mail-Adresse geändert',
  'shop.accountPage.confirmedText': 'Dein Konto verwendet jetzt {email}.',
  'shop.accountPage.invalidTitle': 'Dieser Link funktioniert nicht',
  'shop.accountPage.invalidText':
    'Er wurde schon benutzt, ist abgelaufen, oder es wurde ein neuerer geschickt. Fordere auf deiner Kontoseite einen neuen an.',
  'shop.accountPage.takenText':
    'Diese Adresse gehört zu einem anderen Konto und kann nicht verwendet werden. Deine E-Mail-Adresse bleibt, wie sie war.',
  'email.account-email-change.subject': 'Bestätige deine neue E-Mail-Adresse',
  'email.account-email-change.body':
    'Du möchtest diese Adresse für dein Konto verwenden. Öffne den Link, um sie zu bestätigen; bis dahin ändert sich nichts.',
  'email.account-email-change.button': 'Diese Adresse bestätigen',
  'email.account-email-change.expires':
    'Der Link funktioniert einmal und läuft in {hours} Stunden ab. Wenn du das nicht warst, ignoriere diese E-Mail.',
  'email.account-email-changed.subject': 'Deine E-Mail-Adresse wurde geändert',
  'email.account-email-changed.body':
    'Die E-Mail-Adresse deines Kontos wurde in {email} geändert. Unsere E-Mails gehen jetzt dorthin.',
  'email.account-email-changed.warning':
    'Wenn du das nicht warst, setz dein Passwort zurück und melde dich sofort bei uns.',
};
