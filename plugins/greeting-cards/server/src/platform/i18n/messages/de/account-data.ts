// German messages of "Export my data" and "Delete my account" (see ../en/account-data.ts). Du-form.
import type { accountData as en, accountDataErrors as enErrors } from '../en/account-data';

export const accountDataErrors: Record<keyof typeof enErrors, string> = {
  'error.account_password_wrong': 'Das ist nicht dein aktuelles Passwort.',
  'error.account_password_required': 'Gib dein aktuelles Passwort ein, um zu bestätigen, dass du es bist.',
  'error.account_exports_per_day':
    '{count, plural, one {Du hast deine Daten in den letzten 24 Stunden {count}-mal heruntergeladen. Bitte versuche es später noch einmal.} other {Du hast deine Daten in den letzten 24 Stunden {count}-mal heruntergeladen. Bitte versuche es später noch einmal.}}',
  'error.account_deletion_running': 'Dein Konto wird gerade gelöscht.',
  'error.account_fresh_sign_in_required': 'Bitte melde dich zuerst noch einmal an, um zu bestätigen, dass du es bist.',
};

export const accountData: Record<keyof typeof en, string> = {
  'shop.accountData.exportTitle': 'Meine Daten exportieren',
  'shop.accountData.exportLead':
    'Lade alles, was der Shop über dich gespeichert hat, als eine ZIP-Datei herunter: dein Profil, deine Karten mit ihren Designs, Fotos, Adressbuch, Erinnerungen, Bestellungen und Zustellungen, Gruppenkarten und Abos. Ein JSON-Dokument beschreibt alles, die Dateien liegen daneben.',
  'shop.accountData.exportLimit':
    '{count, plural, one {Du kannst deine Daten einmal am Tag herunterladen.} other {Du kannst deine Daten {count}-mal am Tag herunterladen.}}',
  'shop.accountData.password': 'Dein aktuelles Passwort',
  'shop.accountData.passwordHelp': 'Wir fragen noch einmal nach, um sicherzugehen, dass du es bist.',
  'shop.accountData.exportSubmit': 'Meine Daten herunterladen',
  'shop.accountData.deleteTitle': 'Mein Konto löschen',
  'shop.accountData.deleteLead':
    'Damit wird dein Konto endgültig entfernt: deine Karten mit ihren Designs, Fotos, Adressbuch, Schlagwörter, Erinnerungen und Adresslinks. Das lässt sich nicht rückgängig machen.',
  'shop.accountData.deleteKept':
    '{count, plural, one {Bestellungen, Zahlungen und Erstattungen bleiben ein Jahr in unserer Buchhaltung, wie es das Gesetz verlangt – ohne deinen Namen und ohne Namen und Adressen deiner Empfänger. Gruppenkarten, die du organisiert hast, werden geschlossen; Nachrichten, die du auf Gruppenkarten anderer unterschrieben hast, bleiben unter dem Namen, den du angegeben hast.} other {Bestellungen, Zahlungen und Erstattungen bleiben {count} Jahre in unserer Buchhaltung, wie es das Gesetz verlangt – ohne deinen Namen und ohne Namen und Adressen deiner Empfänger. Gruppenkarten, die du organisiert hast, werden geschlossen; Nachrichten, die du auf Gruppenkarten anderer unterschrieben hast, bleiben unter dem Namen, den du angegeben hast.}}',
  'shop.accountData.pendingTitle': 'Karten, die noch nicht verschickt sind',
  'shop.accountData.pendingLead':
    'Diese Karten sind noch nicht unterwegs. Wenn du dein Konto löschst, werden sie storniert und du bekommst das Geld dafür zurück:',
  'shop.accountData.pendingLine': '{card} an {recipient}, {method}, {when}',
  'shop.accountData.pendingSoon': 'so bald wie möglich',
  'shop.accountData.productionTitle': 'Karten, die gerade gedruckt oder verschickt werden',
  'shop.accountData.productionLead': 'Diese Karten sind schon in Arbeit und werden trotzdem verschickt:',
  'shop.accountData.confirm': 'Mir ist klar, dass mein Konto und meine Karten endgültig gelöscht werden.',
  'shop.accountData.confirmRequired': 'Setze das Häkchen, um zu bestätigen.',
  'shop.accountData.deleteSubmit': 'Mein Konto löschen',
  'shop.accountData.deleted': 'Dein Konto wurde gelöscht.',
  'shop.accountData.deletedTitle': 'Konto gelöscht',
  'shop.accountData.deletedLead':
    'Dein Konto und deine Karten wurden gelöscht. Danke, dass du mit uns Karten verschickt hast.',
  'shop.accountData.backToAccount': 'Zurück zu meinem Konto',
  'shop.accountData.method.ecard': 'E-Card',
  'shop.accountData.method.post': 'per Post',
  'shop.accountData.method.print': 'zum Selbstdrucken',
};
