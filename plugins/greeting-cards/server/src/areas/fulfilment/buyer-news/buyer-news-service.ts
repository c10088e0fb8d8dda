import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { sweepOwed } from '../../../platform/jobs/owed-sweep';
import { query, type Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import { getService } from '../../../platform/get-service';
import { recordLocale } from '../../../platform/i18n/record-locale';
import { cardTitlesIn } from '../../../platform/db/card-titles';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { orderNumberOf } from '../../../platform/web/order-number';
import { errorText } from '../../../platform/deliveries/delivery-retry';
import type { DeliveryMethod } from '../../../platform/enums';
import type { PluginConfig } from '../../../platform/config/settings';
import { deliveryStore } from '../delivery-store';
import { buyerNewsEmail, NEWS_KINDS, type NewsKind } from './buyer-news-email';

// The buyer's e-mails about each card after the order (issue 43 item 3), as the order confirmation is
// sent (areas/orders/confirmation): found by a sweep on the worker's delivery job, each claimed once with
// a conditional UPDATE from null on its own column of the delivery, so two instances, a replayed provider
// callback or a poll that saw the same news send it once. A mail that cannot be sent gives the claim back
// for the next sweep. A mail switched off in the settings is claimed without sending, so switching it on
// later mails no backlog. Deliveries that reached these states before this existed are marked once at
// boot (markPast, a run-once step), not mailed.
// The operator's e-mail about a failed posted card stays failure-notice.ts's (failure_notified_at); this
// one is the buyer's, and a retry clears both (deliveries-service, admin-deliveries-service).

interface KindRule {
  column: string;
  /** The setting that switches it off; none: always sent (the late-card e-mail tells what the shop does). */
  setting?: keyof PluginConfig;
  /** The delivery's own state that owes this mail (besides its column being null): the claim's condition. */
  own: Row;
  /** What its order item must be. Checked before the claim: Strapi's updateMany cannot filter on a relation. */
  item?: Row;
}

const notDelivered = { $or: [{ postal_status: null }, { postal_status: { $ne: 'delivered' } }] };

const RULES: Record<NewsKind, KindRule> = {
  // Shipped and not yet reported delivered: a card the carrier delivers before the sweep gets the
  // delivered mail only (which marks this one too).
  shipped: {
    column: 'shipped_mail_sent_at',
    setting: 'buyerMailShipped',
    own: { status: 'sent', ...notDelivered },
    item: { delivery_method: 'post' },
  },
  delivered: {
    column: 'delivered_mail_sent_at',
    setting: 'buyerMailDelivered',
    own: { $or: [{ status: 'delivered' }, { postal_status: 'delivered' }] },
    item: { delivery_method: 'post' },
  },
  failed: { column: 'failed_mail_sent_at', setting: 'buyerMailFailed', own: { status: 'failed' } },
  cancelled: { column: 'cancelled_mail_sent_at', setting: 'buyerMailCancelled', own: { status: 'cancelled' } },
  // A scheduled e-card that went: the buyer chose a date and may like to know it went.
  ecard: {
    column: 'ecard_copy_sent_at',
    setting: 'buyerMailEcardSent',
    own: { status: 'sent' },
    item: { delivery_method: 'ecard', scheduled_for: { $notNull: true } },
  },
  // A late posted card once the operator chose what to do (late/late-cards-service.ts): a refund of its
  // shipping at once, a reprint once the new provider order exists (its window is then known).
  late: {
    column: 'late_mail_sent_at',
    own: {
      late_at: { $notNull: true },
      $or: [
        { late_remedy: 'refund_shipping' },
        {
          late_remedy: 'reprint',
          first_tracking_reference: { $notNull: true },
          tracking_reference: { $notNull: true },
        },
      ],
    },
    item: { delivery_method: 'post' },
  },
};

/** The deliveries owing a mail of this kind (all of them, or the one with `id`). */
const owing = (rule: KindRule, id?: number): Row => ({
  ...(id === undefined ? {} : { id }),
  [rule.column]: null,
  ...rule.own,
  ...(rule.item ? { order_item: rule.item } : {}),
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const deliveries = () => query(strapi, UID.delivery);
  const store = deliveryStore(strapi);

  async function build(kind: NewsKind, delivery: Row) {
    const config = getConfig(strapi);
    const item = delivery.order_item as Row;
    const order = item.order as Row;
    const locale = recordLocale(order.locale, config.shopLocale);
    const snap = (item.snapshot ?? {}) as Row;
    const cardId = typeof item.card?.id === 'number' ? (item.card.id as number) : null;
    const titleOf = await cardTitlesIn(strapi, [cardId], locale);
    const recipient =
      snap.recipient_name ?? ([item.recipient?.first_name, item.recipient?.last_name].filter(Boolean).join(' ') || '');
    const refund =
      kind === 'cancelled' || (kind === 'late' && delivery.late_remedy === 'refund_shipping')
        ? ((await query(strapi, UID.refund).findOne({ where: { delivery_id: delivery.id } })) as Row | null)
        : null;
    return buyerNewsEmail(
      {
        kind,
        buyerName: String(order.user?.username ?? ''),
        cardTitle: titleOf(cardId, String(snap.card_title ?? item.card?.title ?? '')),
        recipientName: String(recipient),
        method: item.delivery_method as DeliveryMethod,
        orderNumber: orderNumberOf(String(order.uuid)),
        orderUrl: publicShopUrl(strapi, `/orders/${order.uuid}/`),
        trackingNumber: delivery.tracking_number ?? null,
        trackingUrl: delivery.tracking_url ?? null,
        refund: refund
          ? {
              amountPence: Number(refund.amount_pence ?? 0),
              currency: String(refund.currency ?? order.currency ?? config.currency),
              manual: refund.status === 'manual',
            }
          : null,
        late:
          kind === 'late'
            ? {
                promisedTo: String(delivery.late_promised_to ?? delivery.promised_to ?? ''),
                remedy: delivery.late_remedy === 'reprint' ? 'reprint' : 'refund_shipping',
                from: delivery.late_remedy === 'reprint' ? (delivery.promised_from ?? null) : null,
                to: delivery.late_remedy === 'reprint' ? (delivery.promised_to ?? null) : null,
              }
            : null,
      },
      { locale, shopName: config.shopName, timeZone: config.shopTimeZone },
    );
  }

  return {
    /**
     * Sends one card's news unless it went already (or is switched off: then only claimed). Returns
     * whether this call sent it.
     */
    async sendFor(kind: NewsKind, deliveryId: number): Promise<boolean> {
      const rule = RULES[kind];
      if (rule.item && !(await deliveries().findOne({ where: owing(rule, deliveryId), select: ['id'] }))) return false;
      const { count } = (await deliveries().updateMany({
        where: { id: deliveryId, [rule.column]: null, ...rule.own },
        data: { [rule.column]: new Date() },
      })) as { count: number };
      if (count !== 1) return false;
      // The delivered mail says everything the shipped one would: never the shipped one after it.
      if (kind === 'delivered')
        await deliveries().updateMany({
          where: { id: deliveryId, shipped_mail_sent_at: null },
          data: { shipped_mail_sent_at: new Date() },
        });
      if (rule.setting && !getConfig(strapi)[rule.setting]) return false;
      try {
        const delivery = await store.load(deliveryId);
        const to = delivery?.order_item?.order?.user?.email;
        if (!delivery || !to) return false; // A buyer without an address (deleted account): nobody to tell.
        const mail = await build(kind, delivery);
        await getService(strapi, 'mailer').send({
          to,
          ...mail,
          headers: { 'X-Greeting-Card-News': `${kind} ${deliveryId}` },
        });
        return true;
      } catch (error) {
        await deliveries().updateMany({ where: { id: deliveryId }, data: { [rule.column]: null } });
        strapi.log.warn(
          `[greeting-cards] delivery ${deliveryId}: the buyer's ${kind} e-mail not sent, the next sweep tries again: ${errorText(error)}`,
        );
        return false;
      }
    },

    /** Every card news owed (see above), oldest first. Returns how many e-mails went. */
    async sendMissed(): Promise<number> {
      let sent = 0;
      for (const kind of NEWS_KINDS) {
        const rule = RULES[kind];
        sent += await sweepOwed(
          async (limit) =>
            (
              (await deliveries().findMany({
                where: owing(rule),
                select: ['id'],
                orderBy: [{ id: 'asc' }],
                limit,
              })) as Row[]
            ).map((row) => row.id as number),
          (id) => this.sendFor(kind, id),
        );
      }
      return sent;
    },

    /**
     * Marks the news of deliveries that got there before these e-mails existed as told, so the first
     * sweep after an upgrade mails no history. Run once per database at boot; safe to repeat.
     */
    async markPast(): Promise<void> {
      const now = new Date();
      for (const kind of NEWS_KINDS) {
        const rule = RULES[kind];
        for (;;) {
          const rows = (await deliveries().findMany({ where: owing(rule), select: ['id'], limit: 500 })) as Row[];
          if (!rows.length) break;
          await deliveries().updateMany({
            where: { id: { $in: rows.map((r) => r.id) }, [rule.column]: null },
            data: { [rule.column]: now },
          });
        }
      }
    },
  };
};
