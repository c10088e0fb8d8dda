import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { renderEmail, type RenderedEmail } from '../../../platform/email/views';
import type { DeliveryMethod } from '../../../platform/enums';
import { dayRange, shortDay } from '../../../platform/i18n/delivery-promise';

/** One line of the confirmation as the buyer reads it. */
export interface ConfirmationLine {
  cardTitle: string;
  recipientName: string | null;
  method: DeliveryMethod;
  /** When it is sent (a scheduled line), or null for "as soon as possible". */
  sendOn: Date | null;
  lineTotalPence: number;
  giftWrap: boolean;
  /** The card's video or voice message add-on in the line total (null: none, or messages cost nothing). */
  mediaMessage?: { pence: number; free: boolean } | null;
  /** A posted card's promised arrival ('YYYY-MM-DD' days), and the day asked for when it has one. */
  arrival?: { from: string; to: string; arriveBy: string | null } | null;
  /** An absolute address of the card's front, or null when it has none yet. */
  imageUrl: string | null;
}

export interface ConfirmationInput {
  orderNumber: string;
  buyerName: string;
  lines: ConfirmationLine[];
  subtotalPence: number;
  discountPence: number;
  promoCode: string | null;
  totalPence: number;
  /** The VAT in the total (the invoice's), or null when not known. */
  vatPence?: number | null;
  /**
   * Prices entered net (SERVICE_PRICES_INCLUDE_VAT=false): the totals say the net, the VAT added and the
   * total paid (as the basket and the order page do) instead of "Including VAT of".
   */
  netPrices?: boolean;
  currency: string;
  paidAt: Date;
  orderUrl: string;
}

/**
 * The order confirmation, in the order's language: every line with its card's front, recipient,
 * method and date, the promotion and the total, and a link to the order page. Shoppers' texts reach
 * it only as card titles and recipient names, escaped like any value; the subject holds the shop's
 * words and the order number only.
 */
export function orderConfirmationEmail(input: ConfirmationInput, lang: EmailLanguage = {}): RenderedEmail {
  const text = emailText(lang);
  const { t } = text;
  const lines = input.lines.map((line) => ({
    ...line,
    title: line.cardTitle || t('email.print.your-card'),
    methodLabel: t(`email.order.method.${line.method}`),
    // An arrive-by card is held until its dispatch day: its line says when it lands, not when it is sent.
    when: line.arrival?.arriveBy
      ? null
      : line.sendOn
        ? t('email.order.sends-on', { date: text.date(line.sendOn) })
        : t('email.order.sends-now'),
    price: text.money(line.lineTotalPence, input.currency),
    mediaMessage: line.mediaMessage
      ? line.mediaMessage.free
        ? t('email.order.media-message-free')
        : t('email.order.media-message', { price: text.money(line.mediaMessage.pence, input.currency) })
      : null,
    arrives: line.arrival
      ? line.arrival.arriveBy
        ? t('email.order.arrives-by', {
            date: shortDay(text.locale, line.arrival.arriveBy),
            window: dayRange(text.locale, line.arrival.from, line.arrival.to),
          })
        : t('email.order.arrives', { window: dayRange(text.locale, line.arrival.from, line.arrival.to) })
      : null,
  }));
  return renderEmail(
    'order-confirmation',
    t('email.order.subject', { number: input.orderNumber }),
    {
      name: input.buyerName || t('email.print.there'),
      number: input.orderNumber,
      lines,
      subtotal: text.money(input.subtotalPence, input.currency),
      discount: input.discountPence > 0 ? text.money(input.discountPence, input.currency) : null,
      promoCode: input.promoCode,
      total: text.money(input.totalPence, input.currency),
      vatAmount:
        input.vatPence === null || input.vatPence === undefined
          ? null
          : t('email.order.vat-amount', { amount: text.money(input.vatPence, input.currency) }),
      // Prices entered net, the VAT known: net and VAT rows above the total, the gross subtotal only
      // above a discount (it would repeat the total otherwise).
      netTotals:
        input.netPrices && input.vatPence !== null && input.vatPence !== undefined
          ? {
              net: text.money(input.totalPence - input.vatPence, input.currency),
              vat: text.money(input.vatPence, input.currency),
            }
          : null,
      paidOn: text.date(input.paidAt),
      orderUrl: input.orderUrl,
    },
    text,
  );
}
