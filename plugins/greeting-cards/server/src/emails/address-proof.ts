import { html } from '../web/html';
import { buttonStyle, emailHtml } from './layout';

/** The link that proves a shopper owns their e-mail address (and so may see cards sent to it). */
export function addressProofEmail(input: { link: string; hours: number }) {
  const subject = 'Confirm your e-mail address';
  const body = html`<h1 style="font-size:22px">${subject}</h1>
<p style="font-size:16px">Open this link to confirm that this address is yours. E-cards other people send to it will then appear under "Received" in your library.</p>
<p style="margin:28px 0"><a href="${input.link}" style="${buttonStyle}">Confirm my address</a></p>
<p style="font-size:14px">The link works once, for ${input.hours} hours. If you did not ask for it, ignore this message.</p>`;
  const text = [
    subject,
    '',
    'Open this link to confirm that this address is yours. E-cards other people send to it will then appear under "Received" in your library.',
    '',
    input.link,
    '',
    `The link works once, for ${input.hours} hours. If you did not ask for it, ignore this message.`,
    '',
  ].join('\n');
  return { subject, html: emailHtml(subject, body), text };
}
