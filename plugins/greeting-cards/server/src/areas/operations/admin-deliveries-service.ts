import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query } from '../../platform/db/query';
import { conflict, notFound } from '../../platform/errors';
import type { DeliveryMethod, DeliveryStatus } from '../../platform/enums';
import { operatorMove } from '../../platform/deliveries/delivery-state';
import { atCarrier } from '../fulfilment';
import { cancelDelivery } from '../fulfilment';
import type { PageRequest } from '../../platform/http/pagination';
import { pagedRows } from '../../platform/db/paged-rows';
import { getService } from '../../platform/get-service';
import { deliveryEventView, deliveryView } from './admin-views';
import type { DeliveryRow } from './rows';
import { msg } from '../../platform/i18n/format-message';

export interface DeliveryFilters {
  status: DeliveryStatus | null;
  method: DeliveryMethod | null;
  /** Only posted cards found late (newest first). */
  late?: boolean;
}

const POPULATE = { order_item: { populate: { order: { select: ['id', 'uuid'] }, recipient: true } } };

/**
 * Deliveries as operators see and steer them. Every move is a conditional UPDATE on the status read
 * (and, for a row queued at the carrier, on it still being unclaimed), so an operator's click racing
 * the dispatch job changes the row at most once and otherwise answers 409.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const deliveries = () => query(strapi, UID.delivery);

  async function load(id: number): Promise<DeliveryRow> {
    const row: DeliveryRow | null = await deliveries().findOne({ where: { id }, populate: POPULATE });
    if (!row) throw notFound();
    return row;
  }

  /** Retry and resend: the delivery goes back in the queue and is sent at once in the background. */
  async function requeue(action: 'retry' | 'resend', id: number) {
    const current = await load(id);
    const method = current.order_item?.delivery_method ?? '';
    const move = operatorMove(action, current.status, method, atCarrier(current));
    if (!move.ok) throw conflict(move.reason);
    // Back in the queue now: no back-off wait, no stale claim. attempts keeps counting, so a retry
    // that fails again is failed at once rather than given a fresh set of tries.
    // A new failure is a new e-mail to the operator, and to the buyer.
    const data = {
      status: move.to,
      next_attempt_at: null,
      claimed_by: null,
      claimed_at: null,
      failure_notified_at: null,
      failed_mail_sent_at: null,
    };
    const { count } = await deliveries().updateMany({ where: { id, status: current.status }, data });
    if (Number(count) !== 1) throw conflict(msg('error.delivery_changed'));
    const fulfilment = getService(strapi, 'fulfilment');
    if (method === 'post')
      await fulfilment.recordEvent({ deliveryId: id, source: 'retry', status: move.to, detail: `by an operator` });
    // The answer says what the operator did (back in the queue): read before the send started here
    // can claim it, or it would say "processing" or even "sent" depending on which came first.
    const queued = deliveryView(await load(id));
    fulfilment.dispatchInBackground(id);
    return queued;
  }

  /**
   * Cancel: a waiting delivery, or a posted card the postal backend agrees to stop. A posted card's
   * share of the payment goes back to the buyer, as when they cancel it themselves; the cancel and the
   * refund are decided once, under the order's lock (fulfilment/cancel-delivery.ts).
   */
  async function cancel(id: number) {
    await load(id);
    await cancelDelivery(strapi, {
      deliveryId: id,
      by: 'operator',
      rule: (d) => operatorMove('cancel', d.status, d.order_item?.delivery_method ?? '', atCarrier(d)),
      repeatAnswers: false,
      refusal: msg('error.carrier_refused_cancel'),
      detail: 'by an operator',
    });
    strapi.log.info(`[greeting-cards] delivery ${id} cancelled by an operator`);
    return deliveryView(await load(id));
  }

  return {
    async list(filters: DeliveryFilters, page: PageRequest) {
      const where: Record<string, unknown> = {};
      if (filters.status) where.status = filters.status;
      if (filters.method) where.order_item = { delivery_method: filters.method };
      if (filters.late) where.late_at = { $notNull: true };
      const { count, rows } = await pagedRows<DeliveryRow>(
        page,
        async () => Number(await deliveries().count({ where })),
        () =>
          deliveries().findMany({
            where,
            populate: POPULATE,
            orderBy: filters.late ? [{ late_at: 'desc' }, { id: 'desc' }] : [{ updatedAt: 'desc' }, { id: 'desc' }],
            offset: page.offset,
            limit: page.pageSize,
          }),
      );
      return { count, results: rows.map(deliveryView) };
    },

    /** One delivery with its print provider's order, tracking, timeline and refund (the operator's delivery page). */
    async detail(id: number) {
      const row = await load(id);
      const [events, refund] = await Promise.all([
        getService(strapi, 'fulfilment').timeline(id),
        getService(strapi, 'refunds').ofDelivery(id),
      ]);
      return {
        ...deliveryView(row),
        carrier_status: row.carrier_status ?? null,
        tracking_number: row.tracking_number ?? null,
        tracking_url: row.tracking_url ?? null,
        delivered_at: row.delivered_at ? new Date(row.delivered_at as string).toISOString() : null,
        provider:
          row.order_item?.delivery_method === 'post' ? getService(strapi, 'fulfilment').postalBackend().name : null,
        events: events.map(deliveryEventView),
        refund,
      };
    },

    /** A late posted card printed and sent again (fulfilment/late/late-cards-service.ts); once, however often asked. */
    async reprint(id: number) {
      await getService(strapi, 'lateCards').reprint(id);
      strapi.log.info(`[greeting-cards] late delivery ${id}: reprint and resend by an operator`);
      return deliveryView(await load(id));
    },

    /** A late posted card's shipping refunded (never more than was paid for it); once. */
    async refundShipping(id: number) {
      await getService(strapi, 'lateCards').refundShipping(id);
      strapi.log.info(`[greeting-cards] late delivery ${id}: shipping refunded by an operator`);
      return { ...deliveryView(await load(id)), refund: await getService(strapi, 'refunds').ofDelivery(id) };
    },

    retry: (id: number) => requeue('retry', id),
    cancel,
    resend: (id: number) => requeue('resend', id),
  };
};
