import { html, raw } from '../web/html';
import { buttonStyle, emailText, type EmailLanguage } from './layout';

export interface EcardEmailInput {
  senderName: string;
  recipientName: string;
  cardTitle: string;
  insideMessage: string;
  viewUrl: string;
  /** `cid:...` of the inline preview attachment, or an absolute URL of the stored preview. */
  imageSrc: string | null;
  /** When it goes out (shown as a date in the e-mail's language). */
  sentAt?: Date;
}

/** The e-card message to the recipient, in the sender's shop language. Everything the sender wrote is escaped. */
export function ecardEmail(input: EcardEmailInput, lang: EmailLanguage = {}) {
  const { t, date, frame } = emailText(lang);
  const sender = input.senderName || t('email.ecard.a-friend');
  const subject = t('email.ecard.subject', { sender });
  const greeting = input.recipientName ? t('email.ecard.dear', { name: input.recipientName }) : t('email.ecard.hello');
  const paragraphs = input.insideMessage.split(/\n{2,}/).filter((p) => p.trim()).map((p) => html`<p style="font-size:18px;line-height:1.5;white-space:pre-wrap">${p}</p>`);
  const image = input.imageSrc
    ? html`<p><a href="${input.viewUrl}"><img src="${input.imageSrc}" alt="${input.cardTitle ? t('email.ecard.image-alt-titled', { title: input.cardTitle }) : t('email.ecard.image-alt')}" width="560" style="max-width:100%;height:auto;border:1px solid #e5e0d8"></a></p>`
    : raw('');
  const sentOn = input.sentAt ? t('email.ecard.sent-on', { date: date(input.sentAt) }) : '';
  const body = html`<p style="font-size:16px">${greeting}</p>
<p style="font-size:16px">${t('email.ecard.sent', { sender })}</p>
${image}
${paragraphs}
<p style="font-size:16px">${t('email.ecard.love', { sender })}</p>
<p style="margin:28px 0"><a href="${input.viewUrl}" style="${buttonStyle}">${t('email.ecard.open')}</a></p>
<p style="font-size:13px;color:#666">${t('email.ecard.paste', { url: input.viewUrl })}</p>
${sentOn ? html`<p style="font-size:13px;color:#666">${sentOn}</p>` : raw('')}`;
  const text = [
    greeting,
    '',
    input.cardTitle ? t('email.ecard.sent-titled', { sender, title: input.cardTitle }) : t('email.ecard.sent', { sender }),
    '',
    input.insideMessage.trim(),
    '',
    t('email.ecard.love', { sender }),
    '',
    `${t('email.ecard.open')}: ${input.viewUrl}`,
    '',
    ...(sentOn ? [sentOn, ''] : []),
  ].join('\n');
  return { subject, html: frame(subject, body), text };
}
