import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { renderEmail } from '../../../platform/email/views';

/** To the new address: the link that makes it the account's address. */
export function emailChangeLinkEmail(input: { link: string; hours: number }, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  return renderEmail('account-email-change', text.t('email.account-email-change.subject'), input, text);
}

/** To the old address, once the change is made: so that its owner learns of a change they did not make. */
export function emailChangedNotice(input: { newEmail: string }, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  return renderEmail('account-email-changed', text.t('email.account-email-changed.subject'), input, text);
}
