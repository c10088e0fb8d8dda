import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { renderEmail } from '../../../platform/email/views';

/** The link that proves a shopper owns their e-mail address (and so may see cards sent to it). */
export function addressProofEmail(input: { link: string; hours: number }, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  return renderEmail(
    'address-proof',
    text.t('email.address-proof.subject'),
    { link: input.link, hours: input.hours },
    text,
  );
}
