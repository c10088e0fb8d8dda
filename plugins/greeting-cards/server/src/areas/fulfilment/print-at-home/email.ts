import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { renderEmail } from '../../../platform/email/views';

export interface PrintReadyEmailInput {
  buyerName: string;
  cardTitle: string;
  pdfUrl: string;
}

/** To the buyer of a print-at-home card: the PDF is ready. In the order's language. */
export function printReadyEmail(input: PrintReadyEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  const title = input.cardTitle || t('email.print.your-card');
  const name = input.buyerName || t('email.print.there');
  return renderEmail('print-ready', t('email.print.subject', { title }), { title, name, pdfUrl: input.pdfUrl }, text);
}
