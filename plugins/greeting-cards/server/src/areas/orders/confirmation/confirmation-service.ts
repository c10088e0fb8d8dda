import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { sweepOwed, type SweepOptions } from '../../../platform/jobs/owed-sweep';
import { query, type Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import { getService } from '../../../platform/get-service';
import { recordLocale } from '../../../platform/i18n/record-locale';
import { cardTitlesIn } from '../../../platform/db/card-titles';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { itemView } from '../serializer';
import { orderStore, PAID_STATES } from '../order-store';
import { orderNumberOf } from '../../../platform/web/order-number';
import { orderConfirmationEmail } from './confirmation-email';
import { promisedWindows } from '../promised-windows';
import type { DeliveryMethod } from '../../../platform/enums';

// The buyer's order confirmation: one e-mail per paid order. Claimed with a conditional UPDATE on
// confirmation_sent_at, so two instances, a webhook replayed or a payment completed twice send it once;
// a mail that cannot be sent releases the claim for the next sweep. The sweep runs on the worker's
// delivery job (every SERVICE_WORKER_POLL_SECONDS): the payment request itself does no mail work, so
// paying costs no more queries, and a crash between payment and mail loses nothing.

/** Orders paid longer ago than this get no late confirmation (an old order the feature predates). */
const SWEEP_WINDOW_MS = 24 * 60 * 60 * 1000;

const absolute = (publicUrl: string, url: string | null | undefined): string | null =>
  !url ? null : /^https?:\/\//i.test(url) ? url : `${publicUrl.replace(/\/+$/, '')}${url}`;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => query(strapi, UID.order);

  /** The VAT the order's invoice states (issued now when the sweep has not yet); null if it cannot be. */
  async function vatOf(order: Row): Promise<number | null> {
    try {
      const invoice = await getService(strapi, 'invoices').issueFor(order.id as number);
      return invoice ? Number(invoice.vat_pence) : null;
    } catch (error) {
      strapi.log.warn(`[greeting-cards] order ${order.id}: no invoice yet: ${(error as Error)?.message}`);
      return null;
    }
  }

  async function build(order: Row) {
    const config = getConfig(strapi);
    const locale = recordLocale(order.locale, config.shopLocale);
    const items = (await orderStore(strapi).frozenItems(order.id)).map(itemView);
    // A card still named after its template reads in the e-mail's language, as on the order page.
    const titleOf = await cardTitlesIn(
      strapi,
      items.map((i) => i.card),
      locale,
    );
    const cardIds = [...new Set(items.map((i) => i.card).filter((id): id is number => typeof id === 'number'))];
    const fronts = new Map(
      (cardIds.length
        ? ((await query(strapi, UID.card).findMany({
            where: { id: { $in: cardIds } },
            select: ['id', 'preview_url'],
          })) as Row[])
        : []
      ).map((row) => [row.id as number, row.preview_url as string | null]),
    );
    // Posted cards' promised arrival, from the day it was paid (issue 44).
    const windows = await promisedWindows(
      strapi,
      items.map((i) => i.id as number),
      new Date(order.paid_at ?? Date.now()),
    );
    return orderConfirmationEmail(
      {
        orderNumber: orderNumberOf(String(order.uuid)),
        buyerName: String(order.user?.username ?? ''),
        lines: items.map((item) => ({
          cardTitle: titleOf(item.card, String(item.card_title ?? '')),
          recipientName: item.recipient_name,
          method: item.delivery_method as DeliveryMethod,
          sendOn: item.scheduled_for ? new Date(item.scheduled_for) : null,
          lineTotalPence: Number(item.line_total_pence ?? 0),
          giftWrap: item.gift_wrap,
          mediaMessage:
            item.media_message_pence === undefined
              ? null
              : { pence: item.media_message_pence, free: item.media_message_free ?? false },
          arrival: windows[item.id as number] ?? null,
          imageUrl: absolute(config.publicUrl, item.card === null ? null : fronts.get(item.card)),
        })),
        subtotalPence: Number(order.subtotal_pence ?? 0),
        discountPence: Number(order.discount_pence ?? 0),
        promoCode: order.promo_code ?? null,
        totalPence: Number(order.total_pence ?? 0),
        vatPence: await vatOf(order),
        netPrices: !config.pricesIncludeVat,
        currency: String(order.currency ?? config.currency),
        paidAt: new Date(order.paid_at ?? Date.now()),
        orderUrl: publicShopUrl(strapi, `/orders/${order.uuid}/`),
      },
      {
        locale,
        shopName: config.shopName,
        timeZone: config.shopTimeZone,
      },
    );
  }

  return {
    /** Sends the confirmation of a paid order unless it went already. Returns whether this call sent it. */
    async sendFor(orderId: number): Promise<boolean> {
      const { count } = (await orders().updateMany({
        where: { id: orderId, status: { $in: PAID_STATES }, confirmation_sent_at: null },
        data: { confirmation_sent_at: new Date() },
      })) as { count: number };
      if (count !== 1) return false;
      try {
        const order = (await orders().findOne({
          where: { id: orderId },
          populate: { user: { select: ['id', 'email', 'username'] } },
        })) as Row | null;
        const to = order?.user?.email;
        if (!order || !to) return false; // A buyer without an address (deleted account): nothing to send.
        const mail = await build(order);
        await getService(strapi, 'mailer').send({
          to,
          ...mail,
          headers: { 'X-Greeting-Card-Order': String(order.uuid) },
        });
        return true;
      } catch (error) {
        await orders().updateMany({ where: { id: orderId }, data: { confirmation_sent_at: null } });
        strapi.log.warn(
          `[greeting-cards] order ${orderId}: confirmation not sent, the next sweep tries again: ${(error as Error)?.message}`,
        );
        return false;
      }
    },

    /**
     * Confirmations paid orders are still owed (see above), several at a time, batch after batch until none
     * is owed or the sweep's budget is spent (platform/jobs/owed-sweep.ts). Returns how many went. One at a
     * time and one batch of 100 a sweep, a busy hour's confirmations fell behind: at 50-60 orders a second
     * in bench/checkout.js, about four confirmations a second went out. `sweep` changes the sweep's
     * defaults (the job uses them; a test on a loaded machine gives the budget more wall time).
     */
    async sendMissed(now = new Date(), sweep: Partial<SweepOptions> = {}): Promise<number> {
      return sweepOwed(
        (limit) => orderStore(strapi).paidOrdersOwing('confirmation_sent_at', SWEEP_WINDOW_MS, now, limit),
        (id) => this.sendFor(id),
        sweep,
      );
    },
  };
};
