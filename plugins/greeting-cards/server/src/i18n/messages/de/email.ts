// German messages of the e-mails: every key of ../en/email.ts.
import type { email as en } from '../en/email';

export const email: Record<keyof typeof en, string> = {
  'email.language': 'Sprache',
};
