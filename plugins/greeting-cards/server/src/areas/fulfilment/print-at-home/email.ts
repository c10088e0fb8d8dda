import { html } from '../../../platform/web/html';
import { buttonStyle, emailText, type EmailLanguage } from '../../../platform/email/layout';

export interface PrintReadyEmailInput {
  buyerName: string;
  cardTitle: string;
  pdfUrl: string;
}

/** To the buyer of a print-at-home card: the PDF is ready. In the order's language. */
export function printReadyEmail(input: PrintReadyEmailInput, lang: EmailLanguage = {}) {
  const { t, frame } = emailText(lang);
  const title = input.cardTitle || t('email.print.your-card');
  const name = input.buyerName || t('email.print.there');
  const subject = t('email.print.subject', { title });
  const hello = t('email.print.hello', { name });
  const ready = t('email.print.body', { title });
  const body = html`<h1 style="font-size:22px">${t('email.print.heading')}</h1>
<p style="font-size:16px">${hello}</p>
<p style="font-size:16px">${ready}</p>
<p style="margin:28px 0"><a href="${input.pdfUrl}" style="${buttonStyle}">${t('email.print.download')}</a></p>
<p style="font-size:13px;color:#666">${t('email.print.link', { url: input.pdfUrl })}</p>`;
  const text = [hello, '', ready, '', `${t('email.print.download')}: ${input.pdfUrl}`, ''].join('\n');
  return { subject, html: frame(subject, body), text };
}
