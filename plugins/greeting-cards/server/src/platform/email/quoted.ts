import { html, type RawHtml } from '../web/html';

// Text a shopper wrote, in an e-mail the shop sends to someone else on their behalf (security issue 39,
// finding 4): never in the subject, and in the body visibly theirs, not the shop's. HTML shows it under
// a label ("Message from Sam Jones:") in a blockquote, escaped; the text part as "> " lines, as mail
// programs quote. A reader can tell at a glance which words the shop stands behind.

export interface Quote {
  /** The label above it, the shop's words: "Message from Sam Jones:". */
  label: string;
  /** The shopper's text, one entry a paragraph (line breaks inside are kept). */
  paragraphs: string[];
}

const paragraphsOf = (quote: Quote) => quote.paragraphs.map((p) => p.trim()).filter(Boolean);

export function quoteHtml(quote: Quote): RawHtml {
  return html`<p style="font-size:14px;color:#555;margin:20px 0 6px;font-family:system-ui,sans-serif">${quote.label}</p>
<blockquote style="margin:0 0 20px;padding:2px 16px;border-left:4px solid #d9d2c5;color:#333">${paragraphsOf(quote).map((p) => html`<p style="font-size:17px;line-height:1.5;white-space:pre-wrap">${p}</p>`)}</blockquote>`;
}

export function quoteText(quote: Quote): string {
  const lines = paragraphsOf(quote).flatMap((p, i) => [...(i ? [''] : []), ...p.split(/\r?\n/)]);
  return [quote.label, ...lines.map((line) => (line.trim() ? `> ${line}` : '>'))].join('\n');
}
