import { html } from '../../../platform/web/html';
import { buttonStyle, emailText, type EmailLanguage } from '../../../platform/email/layout';

/** The link that proves a shopper owns their e-mail address (and so may see cards sent to it). */
export function addressProofEmail(input: { link: string; hours: number }, lang: EmailLanguage = {}) {
  const { t, frame } = emailText(lang);
  const subject = t('email.address-proof.subject');
  const explain = t('email.address-proof.body');
  const once = t('email.address-proof.once', { count: input.hours });
  const body = html`<h1 style="font-size:22px">${subject}</h1>
<p style="font-size:16px">${explain}</p>
<p style="margin:28px 0"><a href="${input.link}" style="${buttonStyle}">${t('email.address-proof.button')}</a></p>
<p style="font-size:14px">${once}</p>`;
  const text = [subject, '', explain, '', input.link, '', once, ''].join('\n');
  return { subject, html: frame(subject, body), text };
}
