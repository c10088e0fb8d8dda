// German error texts of the account page (see ../en/account-errors.ts). Du-form.
import type { accountErrors as en } from '../en/account-errors';

export const accountErrors: Record<keyof typeof en, string> = {
  'error.account_current_password': 'Dein aktuelles Passwort stimmt nicht.',
  'error.account_password_short': 'Verwende mindestens 8 Zeichen.',
  'error.account_password_long': 'Verwende höchstens 72 Bytes.',
  'error.account_password_same': 'Wähle ein neues Passwort, das sich von deinem aktuellen unterscheidet.',
  'error.account_email_invalid': 'Gib eine gültige E-Mail-Adresse ein.',
  'error.account_email_same': 'Das ist bereits deine E-Mail-Adresse.',
  'error.account_unknown_field': 'Dieses Feld kann hier nicht geändert werden.',
  'error.account_mail_failed': 'Wir konnten die E-Mail nicht senden. Bitte versuch es später noch einmal.',
  'error.account_body': 'Schick ein JSON-Objekt.',
  'error.account_preferences': 'Schick ein Objekt mit true oder false je Art von E-Mail.',
};
