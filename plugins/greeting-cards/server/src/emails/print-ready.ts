import { html } from '../web/html';
import { buttonStyle, emailHtml } from './layout';

export interface PrintReadyEmailInput {
  buyerName: string;
  cardTitle: string;
  pdfUrl: string;
}

/** To the buyer of a print-at-home card: the PDF is ready. */
export function printReadyEmail(input: PrintReadyEmailInput) {
  const title = input.cardTitle || 'Your card';
  const subject = `Your card "${title}" is ready to print`;
  const body = html`<h1 style="font-size:22px">Ready to print</h1>
<p style="font-size:16px">Hello ${input.buyerName},</p>
<p style="font-size:16px">Your card "${title}" is ready. Print the PDF on A4 paper (both pages, actual size), then fold it in half.</p>
<p style="margin:28px 0"><a href="${input.pdfUrl}" style="${buttonStyle}">Download the PDF</a></p>
<p style="font-size:13px;color:#666">Link: ${input.pdfUrl}</p>`;
  const text = [
    `Hello ${input.buyerName},`,
    '',
    `Your card "${title}" is ready. Print the PDF on A4 paper (both pages, actual size), then fold it in half.`,
    '',
    `Download the PDF: ${input.pdfUrl}`,
    '',
  ].join('\n');
  return { subject, html: emailHtml(subject, body), text };
}
