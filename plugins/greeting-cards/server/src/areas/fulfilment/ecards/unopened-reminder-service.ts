import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import { errorText } from '../../../platform/deliveries/delivery-retry';
import { providers } from '../../../platform/providers/registry';
import { deliveryStore } from '../delivery-store';
import { deliverySenders } from '../delivery-senders';
import { sweepOwed } from '../../../platform/jobs/owed-sweep';

// The one gentle reminder of an unopened e-card (issue 45 item 6). The sender opts in on the send form
// (add_to_cart `remind_unopened`); SERVICE_RESEND_UNOPENED_AFTER_HOURS after the card went, if nobody
// but its buyer has visited the view page (opened_at, set by that visit: no tracking pixel), the same
// card goes once more, with its own subject, to the same link. A sweep on the worker's delivery job
// finds them; each is claimed by a conditional UPDATE from null on unopened_reminder_at that also
// requires the card still unopened, so two instances (or two runs) send it once, and never after the
// card was opened. A mail that cannot be sent gives the claim back for the next sweep.
// Not the buyer's own "send again" (deliveries-service.ts), which SERVICE_RESEND_UNOPENED_AFTER_DAYS
// allows by hand; the two are independent: a card sent again is reminded of once, counted from its
// latest send.

const SENT = ['sent', 'delivered'];

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const deliveries = () => query(strapi, UID.delivery);
  const store = deliveryStore(strapi);
  const senders = deliverySenders(strapi, () => providers(strapi).get('postal'));

  /** Sent before this and still unopened: owed a reminder now. */
  const dueBefore = (now: Date) => new Date(now.getTime() - getConfig(strapi).resendUnopenedAfterHours * 3_600_000);

  /** The delivery's own state that owes a reminder; the claim's condition (besides its line's opt-in). */
  const owing = (now: Date): Row => ({
    status: { $in: SENT },
    opened_at: null,
    unopened_reminder_at: null,
    sent_at: { $lte: dueBefore(now) },
  });
  const optedIn = { order_item: { delivery_method: 'ecard', remind_unopened: true } };

  /** Sends one delivery's reminder unless it went already, is not due or the card was opened. True when this call sent it. */
  async function sendFor(deliveryId: number, now: Date = new Date()): Promise<boolean> {
    // The line's opt-in first: Strapi's updateMany cannot filter on a relation.
    if (!(await deliveries().findOne({ where: { id: deliveryId, ...owing(now), ...optedIn }, select: ['id'] })))
      return false;
    const { count } = (await deliveries().updateMany({
      where: { id: deliveryId, ...owing(now) },
      data: { unopened_reminder_at: now },
    })) as { count: number };
    if (count !== 1) return false;
    try {
      const delivery = await store.load(deliveryId);
      // Opened between the sweep and now: the claim stays, nothing goes.
      if (!delivery?.order_item?.order || delivery.opened_at) return false;
      await senders.ecard(delivery, delivery.order_item, now, { reminder: true });
      return true;
    } catch (error) {
      await deliveries().updateMany({
        where: { id: deliveryId, opened_at: null },
        data: { unopened_reminder_at: null },
      });
      strapi.log.warn(
        `[greeting-cards] delivery ${deliveryId}: the reminder of an unopened e-card not sent, the next sweep tries again: ${errorText(error)}`,
      );
      return false;
    }
  }

  return {
    sendFor,

    /**
     * Every reminder owed at `now`, oldest first (the delivery job's sweep): batch after batch, several at
     * a time (platform/jobs/owed-sweep.ts), as confirmations go. Returns how many went.
     */
    async runDue(now: Date = new Date()): Promise<number> {
      return sweepOwed(
        async (limit) =>
          (
            (await deliveries().findMany({
              where: { ...owing(now), ...optedIn },
              select: ['id'],
              orderBy: [{ id: 'asc' }],
              limit,
            })) as Row[]
          ).map((row) => row.id as number),
        (id) => sendFor(id, now),
      );
    },
  };
};
