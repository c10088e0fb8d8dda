import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { renderEmail, type RenderedEmail } from '../../../platform/email/views';
import type { DeliveryMethod } from '../../../platform/enums';

/** The buyer's news about one card after the order, one e-mail each (buyer-news-service.ts). */
export const NEWS_KINDS = ['shipped', 'delivered', 'failed', 'cancelled', 'ecard', 'late'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

export interface NewsEmailInput {
  kind: NewsKind;
  buyerName: string;
  cardTitle: string;
  recipientName: string;
  method: DeliveryMethod;
  orderNumber: string;
  orderUrl: string;
  /** shipped: the carrier's tracking, as the provider's callback gave it. */
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  /** cancelled: the refund decided for the card, if any. */
  refund?: { amountPence: number; currency: string; manual: boolean } | null;
  /**
   * late: the last day promised ('YYYY-MM-DD') and what the shop does about it: print and send the card
   * again (with the new window), or refund its shipping (`refund`).
   */
  late?: { promisedTo: string; remedy: 'reprint' | 'refund_shipping'; from?: string | null; to?: string | null } | null;
}

/** A calendar date as the e-mail's language writes it (noon UTC: the same date in any shop zone). */
const calendarDate = (text: ReturnType<typeof emailText>, date: string | null | undefined): string =>
  date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? text.date(new Date(`${date}T12:00:00Z`)) : '';

/** Only a web address goes into a link: the tracking URL is the provider's text. */
const webAddress = (url: string | null | undefined): string | null =>
  url && /^https?:\/\/[^\s"<>]+$/i.test(url) ? url : null;

/**
 * One card's news, in the order's language, HTML and text. The subject names the recipient only by the
 * name the buyer gave (escaped like any value in the HTML part); the failed mail says what happens next,
 * which depends on how the card was to be delivered.
 */
export function buyerNewsEmail(input: NewsEmailInput, lang: EmailLanguage = {}): RenderedEmail {
  const text = emailText(lang);
  const { t } = text;
  const recipient = input.recipientName || t('email.news.no-recipient');
  const title = input.cardTitle || t('email.print.your-card');
  const notes: string[] = [];
  let trackingUrl: string | null = null;
  if (input.kind === 'shipped') {
    trackingUrl = webAddress(input.trackingUrl);
    if (!trackingUrl) notes.push(t('email.news.shipped.no-tracking'));
  }
  if (input.kind === 'failed') notes.push(t(`email.news.failed.next.${input.method}`));
  if (input.kind === 'cancelled') {
    const refund = input.refund;
    if (!refund || refund.amountPence <= 0) notes.push(t('email.news.cancelled.no-refund'));
    else {
      const amount = text.money(refund.amountPence, refund.currency);
      notes.push(t(refund.manual ? 'email.news.cancelled.manual' : 'email.news.cancelled.refund', { amount }));
    }
  }
  let promisedTo = '';
  if (input.kind === 'late' && input.late) {
    promisedTo = calendarDate(text, input.late.promisedTo);
    const refund = input.refund;
    if (input.late.remedy === 'reprint') {
      const from = calendarDate(text, input.late.from);
      const to = calendarDate(text, input.late.to);
      notes.push(from && to ? t('email.news.late.reprint', { from, to }) : t('email.news.late.reprint-soon'));
    } else if (refund && refund.amountPence > 0) {
      const amount = text.money(refund.amountPence, refund.currency);
      notes.push(t(refund.manual ? 'email.news.late.refund-manual' : 'email.news.late.refund', { amount }));
    }
  }
  const subject = t(`email.news.${input.kind}.subject`, { recipient });
  return renderEmail(
    'buyer-news',
    subject,
    {
      heading: subject,
      name: input.buyerName || t('email.print.there'),
      body: t(`email.news.${input.kind}.body`, { recipient, date: promisedTo }),
      card: t('email.news.card', { title, recipient }),
      number: input.orderNumber,
      trackingUrl,
      trackingNumber: input.trackingNumber ?? null,
      notes,
      orderUrl: input.orderUrl,
    },
    text,
  );
}
