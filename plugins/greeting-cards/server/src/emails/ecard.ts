import { html, raw } from '../web/html';
import { buttonStyle, emailHtml } from './layout';

export interface EcardEmailInput {
  senderName: string;
  recipientName: string;
  cardTitle: string;
  insideMessage: string;
  viewUrl: string;
  /** `cid:...` of the inline preview attachment, or an absolute URL of the stored preview. */
  imageSrc: string | null;
}

/** The e-card message to the recipient. Everything the sender wrote is escaped. */
export function ecardEmail(input: EcardEmailInput) {
  const subject = `${input.senderName} sent you a card`;
  const greeting = input.recipientName ? `Dear ${input.recipientName},` : 'Hello,';
  const paragraphs = input.insideMessage.split(/\n{2,}/).filter((p) => p.trim()).map((p) => html`<p style="font-size:18px;line-height:1.5;white-space:pre-wrap">${p}</p>`);
  const image = input.imageSrc
    ? html`<p><a href="${input.viewUrl}"><img src="${input.imageSrc}" alt="${input.cardTitle ? `The card "${input.cardTitle}"` : 'The front of your card'}" width="560" style="max-width:100%;height:auto;border:1px solid #e5e0d8"></a></p>`
    : raw('');
  const body = html`<p style="font-size:16px">${greeting}</p>
<p style="font-size:16px">${input.senderName} has sent you a greeting card.</p>
${image}
${paragraphs}
<p style="font-size:16px">With love from ${input.senderName}</p>
<p style="margin:28px 0"><a href="${input.viewUrl}" style="${buttonStyle}">Open your card</a></p>
<p style="font-size:13px;color:#666">Or paste this link into your browser: ${input.viewUrl}</p>`;
  const text = [
    greeting,
    '',
    `${input.senderName} has sent you a greeting card${input.cardTitle ? ` ("${input.cardTitle}")` : ''}.`,
    '',
    input.insideMessage.trim(),
    '',
    `With love from ${input.senderName}`,
    '',
    `Open your card: ${input.viewUrl}`,
    '',
  ].join('\n');
  return { subject, html: emailHtml(subject, body), text };
}
