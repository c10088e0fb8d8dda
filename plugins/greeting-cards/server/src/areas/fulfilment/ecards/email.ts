import { html, raw } from '../../../platform/web/html';
import { nameForMail } from '../../../platform/email/name-for-mail';
import { buttonStyle, emailText, type EmailLanguage } from '../../../platform/email/layout';
import { quoteHtml, quoteText, type Quote } from '../../../platform/email/quoted';

export interface EcardEmailInput {
  senderName: string;
  recipientName: string;
  /** The buyer's own label for the card: kept for callers, never shown to the recipient (see below). */
  cardTitle: string;
  insideMessage: string;
  viewUrl: string;
  /** `cid:...` of the inline preview attachment, or an absolute URL of the stored preview. */
  imageSrc: string | null;
  /** When it goes out (shown as a date in the e-mail's language). */
  sentAt?: Date;
}

/**
 * The e-card message to the recipient, in the sender's shop language. Security issue 39: the subject
 * and the greeting name the sender and the recipient only when their names are names
 * (platform/email/name-for-mail.ts), else "A friend" and "Hello,"; the inside message is shown as the
 * sender's quote, escaped; the card's title (the buyer's label, free text) is not in the e-mail.
 */
export function ecardEmail(input: EcardEmailInput, lang: EmailLanguage = {}) {
  const { t, date, frame } = emailText(lang);
  const sender = nameForMail(input.senderName);
  const named = Boolean(sender);
  const subject = named ? t('email.ecard.subject', { sender }) : t('email.ecard.subject-anonymous');
  const recipient = nameForMail(input.recipientName);
  const greeting = recipient ? t('email.ecard.dear', { name: recipient }) : t('email.ecard.hello');
  const sent = named ? t('email.ecard.sent', { sender }) : t('email.ecard.sent-anonymous');
  const message: Quote | null = input.insideMessage.trim()
    ? { label: named ? t('email.ecard.message-from', { sender }) : t('email.ecard.message'), paragraphs: input.insideMessage.split(/\n{2,}/) }
    : null;
  const love = named ? t('email.ecard.love', { sender }) : '';
  const image = input.imageSrc
    ? html`<p><a href="${input.viewUrl}"><img src="${input.imageSrc}" alt="${t('email.ecard.image-alt')}" width="560" style="max-width:100%;height:auto;border:1px solid #e5e0d8"></a></p>`
    : raw('');
  const sentOn = input.sentAt ? t('email.ecard.sent-on', { date: date(input.sentAt) }) : '';
  const body = html`<p style="font-size:16px">${greeting}</p>
<p style="font-size:16px">${sent}</p>
${image}
${message ? quoteHtml(message) : raw('')}
${love ? html`<p style="font-size:16px">${love}</p>` : raw('')}
<p style="margin:28px 0"><a href="${input.viewUrl}" style="${buttonStyle}">${t('email.ecard.open')}</a></p>
<p style="font-size:13px;color:#666">${t('email.ecard.paste', { url: input.viewUrl })}</p>
${sentOn ? html`<p style="font-size:13px;color:#666">${sentOn}</p>` : raw('')}`;
  const text = [
    greeting,
    '',
    sent,
    '',
    ...(message ? [quoteText(message), ''] : []),
    ...(love ? [love, ''] : []),
    `${t('email.ecard.open')}: ${input.viewUrl}`,
    '',
    ...(sentOn ? [sentOn, ''] : []),
  ].join('\n');
  return { subject, html: frame(subject, body), text };
}
