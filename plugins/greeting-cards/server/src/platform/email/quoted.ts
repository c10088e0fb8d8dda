// Text a shopper wrote, in an e-mail the shop sends to someone else on their behalf (security issue 39,
// finding 4): never in the subject, and in the body visibly theirs, not the shop's. HTML shows it under
// a label ("Message from Sam Jones:") in a blockquote, escaped (server/views/emails/partials/quote.html.eta);
// the text part as "> " lines, as mail programs quote. A reader can tell at a glance which words the shop
// stands behind.

export interface Quote {
  /** The label above it, the shop's words: "Message from Sam Jones:". */
  label: string;
  /** The shopper's text, one entry a paragraph (line breaks inside are kept). */
  paragraphs: string[];
}

/** A quote as the e-mail views get it: the HTML partial prints label and paragraphs, a text view `text`. */
export interface QuoteView extends Quote {
  /** The label, then the text as "> " lines. */
  text: string;
}

const paragraphsOf = (quote: Quote) => quote.paragraphs.map((p) => p.trim()).filter(Boolean);

export function quoteText(quote: Quote): string {
  const lines = paragraphsOf(quote).flatMap((p, i) => [...(i ? [''] : []), ...p.split(/\r?\n/)]);
  return [quote.label, ...lines.map((line) => (line.trim() ? `> ${line}` : '>'))].join('\n');
}

export function quoteView(quote: Quote): QuoteView {
  return { label: quote.label, paragraphs: paragraphsOf(quote), text: quoteText(quote) };
}
