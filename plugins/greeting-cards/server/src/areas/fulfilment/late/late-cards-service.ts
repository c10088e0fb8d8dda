import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import { conflict, notFound } from '../../../platform/errors';
import { getService } from '../../../platform/get-service';
import { msg } from '../../../platform/i18n/format-message';
import { errorText } from '../../../platform/deliveries/delivery-retry';
import { PROCESSING } from '../../../platform/deliveries/delivery-state';
import { addDays } from '../../../platform/time/dispatch';
import { localDate } from '../../../platform/time/time-zones';
import { orderStore, shippingAsCharged } from '../../orders';
import { deliveryStore } from '../delivery-store';
import { lateness } from '../rules/late-card';

// Late posted cards (issue 44 item 4): found, and put right once.
// - Found: the worker's job (checkDue) looks at posted cards whose promised window has ended, and news
//   from the provider (callbacks, polls) asks about the card it moved (checkOne). rules/late-card.ts
//   decides; late_at is set by a conditional UPDATE from null, so a card is found late once.
// - Put right: the operator chooses, once per card (late_remedy, claimed from null by a conditional
//   UPDATE, so a second click or a second operator does nothing more and gets the same answer):
//   - reprint: the card goes back into the dispatch queue as a new provider order for the same delivery.
//     The first order's reference is kept (first_tracking_reference); the new order is made with its own
//     idempotency key (delivery-senders.ts), so a retry after a lost answer gets the same order back and
//     the card is never printed a third time. The first order is asked to stop if it has not shipped.
//   - refund_shipping: the part of the payment that paid for the card's shipping goes back, through the
//     orders area's refunds (the delivery's one refund row, decided under the order's lock).
// - The buyer gets one e-mail saying which (buyer-news, kind "late", late_mail_sent_at).

/** How far back the job looks for windows that ended: older cards were judged when their window ended. */
const LOOK_BACK_DAYS = 60;
const BATCH = 200;
/** Where a posted card may still be late: not failed nor cancelled. */
const OPEN = ['pending', 'scheduled', PROCESSING, 'sent', 'delivered'];

export type LateRemedy = 'reprint' | 'refund_shipping';

const POPULATE = {
  order_item: {
    select: ['id', 'delivery_method', 'shipping_pence', 'shipping_method', 'snapshot'],
    populate: { order: { select: ['id'] } },
  },
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const deliveries = () => query(strapi, UID.delivery);
  const store = deliveryStore(strapi);
  const zone = () => getConfig(strapi).shopTimeZone;

  async function load(id: number): Promise<Row> {
    const row: Row | null = await deliveries().findOne({ where: { id }, populate: POPULATE });
    if (!row || row.order_item?.delivery_method !== 'post') throw notFound();
    return row;
  }

  /** Marks the card late if it is (once); true when this call did. */
  async function mark(row: Row, now: Date): Promise<boolean> {
    if (row.late_at || lateness(row as never, now, zone()) !== 'late') return false;
    const { count } = await deliveries().updateMany({
      where: { id: row.id, late_at: null },
      data: { late_at: now, late_promised_to: row.promised_to },
    });
    if (count !== 1) return false;
    await store.addEvent({
      deliveryId: row.id,
      source: 'late',
      status: row.status,
      postalStatus: row.postal_status ?? null,
      detail: `not delivered by ${row.promised_to}, the end of its promised window`,
      at: now,
    });
    strapi.log.info(`[greeting-cards] posted card ${row.id} is late (promised by ${row.promised_to})`);
    return true;
  }

  const api = {
    /** The job: every posted card whose window ended (in the last LOOK_BACK_DAYS) and that is late now. */
    async checkDue(now: Date = new Date()): Promise<number> {
      const today = localDate(now, zone());
      let marked = 0;
      let afterId = 0;
      for (;;) {
        const rows: Row[] = await deliveries().findMany({
          where: {
            id: { $gt: afterId },
            late_at: null,
            status: { $in: OPEN },
            promised_to: { $notNull: true, $lt: today, $gte: addDays(today, -LOOK_BACK_DAYS) },
          },
          orderBy: [{ id: 'asc' }],
          limit: BATCH,
        });
        for (const row of rows) if (await mark(row, now)) marked += 1;
        if (rows.length < BATCH) return marked;
        afterId = rows[rows.length - 1].id;
      }
    },

    /** After the provider's news about one card (a late delivery report is late at once). */
    async checkOne(id: number, now: Date = new Date()): Promise<boolean> {
      const row: Row | null = await deliveries().findOne({ where: { id } });
      return row ? mark(row, now) : false;
    },

    /**
     * Reprint and resend: a new provider order for the card (see above). Idempotent: a second call, or
     * one racing the first, answers with the card as the first left it.
     */
    async reprint(id: number, now: Date = new Date()): Promise<Row> {
      const row = await load(id);
      if (!row.late_at) throw conflict(msg('error.late_not_late'));
      if (row.late_remedy === 'reprint') return row;
      if (row.late_remedy) throw conflict(msg('error.late_remedy_taken'));
      if (row.status === 'delivered' || row.postal_status === 'delivered')
        throw conflict(msg('error.late_already_delivered'));
      const atCarrier = row.status === PROCESSING && !row.claimed_at;
      if (!atCarrier && row.status !== 'sent') throw conflict(msg('error.late_not_at_printer'));
      // Back in the queue as a new order (the state table's moves are for one order; this starts another).
      const { count } = await deliveries().updateMany({
        where: {
          id,
          late_remedy: null,
          status: row.status,
          claimed_at: null,
          tracking_reference: row.tracking_reference ?? null,
        },
        data: {
          late_remedy: 'reprint',
          late_remedy_at: now,
          first_tracking_reference: row.tracking_reference ?? null,
          tracking_reference: null,
          status: 'pending',
          postal_status: null,
          carrier_status: null,
          tracking_number: null,
          tracking_url: null,
          shipped_at: null,
          delivered_at: null,
          last_checked_at: null,
          next_attempt_at: null,
          last_error: null,
          attempts: 0,
          // Sent now, whatever day the first order was held for.
          scheduled_for: null,
        },
      });
      if (count !== 1) {
        const now2 = await load(id);
        if (now2.late_remedy === 'reprint') return now2;
        throw conflict(msg('error.delivery_changed'));
      }
      await store.addEvent({
        deliveryId: id,
        source: 'reprint',
        status: 'pending',
        detail: `reprint and resend by an operator (first order ${row.tracking_reference ?? 'none'})`,
      });
      // The first order, if it has not left the printer, is asked to stop: a refusal changes nothing.
      const backend = getService(strapi, 'fulfilment').postalBackend();
      if (atCarrier && row.tracking_reference && backend.cancel) {
        await backend
          .cancel(String(row.tracking_reference))
          .catch((error: unknown) =>
            strapi.log.warn(`[greeting-cards] delivery ${id}: first order not cancelled: ${errorText(error)}`),
          );
      }
      getService(strapi, 'fulfilment').dispatchInBackground(id);
      return load(id);
    },

    /** Refund the shipping of a late card: once, never more than was paid for it. */
    async refundShipping(id: number, now: Date = new Date()): Promise<Row> {
      const row = await load(id);
      if (!row.late_at) throw conflict(msg('error.late_not_late'));
      if (row.late_remedy && row.late_remedy !== 'refund_shipping') throw conflict(msg('error.late_remedy_taken'));
      const item = row.order_item;
      const orderId = Number(item?.order?.id);
      if (!orderId) throw notFound();
      const refunds = getService(strapi, 'refunds');
      const decided = await orderStore(strapi).withLockedOrder(orderId, async () => {
        const { count } = await deliveries().updateMany({
          where: { id, late_remedy: null },
          data: { late_remedy: 'refund_shipping', late_remedy_at: now },
        });
        const current: Row | null = await deliveries().findOne({ where: { id }, select: ['late_remedy'] });
        if (count !== 1 && current?.late_remedy !== 'refund_shipping') throw conflict(msg('error.late_remedy_taken'));
        const refund = await refunds.decideShipping(orderId, id, item.id, shippingAsCharged(item));
        // Nothing to give back (no shipping paid, or the order refunded already): the choice is undone.
        if (!refund || refund.kind !== 'shipping') {
          if (count === 1)
            await deliveries().updateMany({
              where: { id, late_remedy: 'refund_shipping' },
              data: { late_remedy: null, late_remedy_at: null },
            });
          throw conflict(msg('error.late_no_shipping_paid'));
        }
        return refund;
      });
      await refunds.giveBack(decided, 'operator');
      await getService(strapi, 'buyerNews').sendFor('late', id);
      return load(id);
    },
  };
  return api;
};
