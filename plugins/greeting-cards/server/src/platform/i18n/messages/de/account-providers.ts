// German messages of signing in with another account (see ../en/account-providers.ts). Du-form.
import type { accountProviders as en } from '../en/account-providers';

export const accountProviders: Record<keyof typeof en, string> = {
  'shop.providers.or': 'oder',
  'shop.providers.continueWith': 'Weiter mit {provider}',
  'shop.providers.failedTitle': 'Anmeldung fehlgeschlagen',
  'shop.providers.failed': 'Die Anmeldung mit {provider} hat nicht geklappt. Bitte versuche es noch einmal.',
  'shop.providers.unconfirmed':
    'Ein Konto mit dieser E-Mail-Adresse wartet noch auf die Bestätigung der Adresse. Öffne zuerst den Link, den wir dir dafür geschickt haben; danach kannst du auch {provider} verwenden.',
  'shop.providers.closed': 'Neue Konten können gerade nicht eröffnet werden.',
  'shop.providers.blocked': 'Dieses Konto wurde gesperrt. Bitte melde dich bei uns.',
  'shop.providers.noEmail': '{provider} hat uns keine bestätigte E-Mail-Adresse genannt.',
  'shop.providers.tryAgain': 'Zurück zur Anmeldung',
  'shop.providers.freshHelp':
    'Damit wir sicher sind, dass du es bist, melde dich zuerst noch einmal mit {provider} an (in den letzten 10 Minuten).',
  'shop.providers.freshButton': 'Noch einmal mit {provider} anmelden',
};
