import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import os from 'os';
import { getConfig } from '../../platform/config/get-config';
import { doesBackgroundWork } from '../../platform/config/service-role';
import { unavailable } from '../../platform/errors';
import { afterFailure, errorText } from '../../platform/deliveries/delivery-retry';
import { providers } from '../../platform/providers/registry';
import type { PostalBackend } from '../../platform/providers/postal/types';
import { UID } from '../../platform/uids';
import { deliveryStore, type DeliveryEventInput } from './delivery-store';
import { deliverySenders, printerPdfRenderer, type SendOutcome } from './delivery-senders';
import {
  applyCarrierNews,
  type NewsHooks,
  type NewsOutcome,
  type NewsSource,
  type QueuedDelivery,
} from './postal/carrier-news';
import { notifyOperatorOfFailure } from './failure-notice';
import { backfillDeliveryTimeline } from './timeline-backfill';
import { printFileFor } from './print-at-home/print-file';
import type { CarrierNews } from '../../platform/providers/postal/types';
import { PROCESSING, printFileFetchable } from '../../platform/deliveries/delivery-state';
import { pollPostalStatus } from './postal/postal-status';
import { claimLeases } from './claim-leases';
import { promptSends } from './prompt-sends';
import { getService } from '../../platform/get-service';
import { query } from '../../platform/db/query';
import { msg } from '../../platform/i18n/format-message';

type Row = Record<string, any>;

/** What a batch of sends leaves to settle once: cards already marked sent, orders to check for completion. */
interface Settled {
  cards: Set<number>;
  orders: Set<number>;
}

export interface DispatchRun {
  claimed: number;
  sent: number;
  failed: number;
  retrying: number;
}

/** A card was sent and its delivery recorded; only the bookkeeping after it failed. */
class AfterSendError extends Error {
  constructor(override readonly cause: unknown) {
    super('bookkeeping after a send failed');
  }
}

/** Deliveries looked up per round of the job. */
const BATCH = 100;
/** Deliveries claimed (and read) per statement at most; see claimAndSend. */
const CLAIM_BATCH = 50;
/** E-card sends recorded per statement at most, and how long a write waits for more; see sentRecorder. */
const SENT_BATCH = 200;
const SENT_LINGER_MS = 50;

/**
 * Fulfilment sends what a paid order bought. Payment completion calls startOrder once per order after
 * its deliveries are committed; the every-15-seconds job (runDue) sends scheduled ones when due and retries
 * failures. Every send first claims its delivery with a conditional UPDATE, so two instances on one
 * database, or startOrder racing the job, never send the same card twice.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const instanceId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const store = deliveryStore(strapi);
  const postalBackend = (): PostalBackend => providers(strapi).get('postal');
  const senders = deliverySenders(strapi, postalBackend);
  const inFlight = new Set<Promise<unknown>>();
  const leases = claimLeases(strapi, store, instanceId);
  // SERVICE_ROLE=web never claims or sends: paid deliveries stay pending for a worker's job (runDue).
  const sendsHere = doesBackgroundWork(strapi);
  /** Deliveries this instance has claimed since boot (operators, tests of the roles). */
  let claimsTaken = 0;
  /** Orders whose completion check failed; the job's next run checks them again. */
  const unsettledOrders = new Set<number>();
  /** Cards sent whose status update failed; the job's next run marks them. */
  const unsentCards = new Set<number>();
  /** Received-card library entries not written after their send; the job's next run writes them. */
  const unsentReceived: Array<{ cardId: number; email: string }> = [];

  /** A timeline entry that must never undo the send it describes: a failure to write it is only logged. */
  async function recordQuietly(event: DeliveryEventInput): Promise<void> {
    try {
      await store.addEvent(event);
    } catch (error) {
      strapi.log.warn(`[greeting-cards] delivery ${event.deliveryId}: timeline entry not written: ${errorText(error)}`);
    }
  }

  const newsHooks = (): NewsHooks => ({
    afterSent,
    afterFailed: async (id) => void (await notifyOperatorOfFailure(strapi, store, id)),
    // A card the provider reports delivered (or shipped) after its window is late at once (late/).
    afterNews: async (id, now) => {
      try {
        await getService(strapi, 'lateCards').checkOne(id, now);
      } catch (error) {
        strapi.log.warn(`[greeting-cards] delivery ${id}: lateness not checked: ${errorText(error)}`);
      }
    },
  });

  /**
   * Sends one claimed delivery (`delivery` as store.loadMany read it, null when it was deleted) and
   * records the outcome: an e-card's success goes to `sent` (written with the others of its batch, see
   * sentRecorder), everything else is written here. Throws only when the outcome could not be written.
   */
  async function sendClaimed(
    id: number,
    delivery: Row | null,
    now: Date,
    done: Settled,
    sent: ReturnType<typeof sentRecorder>,
  ): Promise<'sent' | 'failed' | 'retrying' | 'recording'> {
    const item = delivery?.order_item;
    try {
      if (!delivery || !item?.order) throw new Error('the delivery has no order item');
      const method = item.delivery_method as keyof typeof senders;
      const send = senders[method];
      if (!send) throw new Error(`unknown delivery method "${item.delivery_method}"`);
      const outcome = await send(delivery, item, new Date());
      if (method === 'ecard') {
        // Recorded with the batch's other sends; the claim is released once that is written.
        sent.add({ id, attempts: Number(delivery.attempts ?? 0), item, outcome });
        return 'recording';
      }
      // attempts counts every try, the successful one included.
      // A card a print provider queued starts its own progress there (postal_status) at "accepted".
      const accepted = method === 'post' && outcome.status === PROCESSING ? { postal_status: 'accepted' } : {};
      await store.finish(id, {
        ...outcome,
        ...accepted,
        attempts: Number(delivery.attempts ?? 0) + 1,
        last_error: null,
        next_attempt_at: null,
      });
      if (method === 'post') {
        await recordQuietly({
          deliveryId: id,
          source: 'submitted',
          status: outcome.status,
          postalStatus: outcome.status === PROCESSING ? 'accepted' : null,
          detail: outcome.tracking_reference ? `order ${outcome.tracking_reference}` : null,
        });
      }
      // A late card's reprint is now a provider order: the buyer's one e-mail about it can say when it lands.
      if (method === 'post' && delivery.late_remedy === 'reprint')
        await getService(strapi, 'buyerNews')
          .sendFor('late', id)
          .catch((error: unknown) =>
            strapi.log.warn(`[greeting-cards] delivery ${id}: late e-mail left to the sweep: ${errorText(error)}`),
          );
      // A backend that only queued the card (processing) is asked again by pollBackend.
      if (outcome.status !== 'processing') await afterSentInBatch(item, done);
      return 'sent';
    } catch (error) {
      // Sent and recorded, but the card's own status could not be updated: the send stands (a retry would
      // send the card again); the card is marked on the job's next run.
      if (error instanceof AfterSendError) {
        strapi.log.warn(
          `[greeting-cards] delivery ${id} sent; its card's status is updated on the next run: ${errorText(error.cause)}`,
        );
        return 'sent';
      }
      const result = afterFailure(Number(delivery?.attempts ?? 0), getConfig(strapi).deliveryMaxAttempts, now);
      strapi.log.warn(`[greeting-cards] delivery ${id} attempt ${result.attempts} failed: ${errorText(error)}`);
      await store.finish(id, {
        status: result.status,
        attempts: result.attempts,
        next_attempt_at: result.nextAttemptAt,
        last_error: errorText(error),
      });
      if (item?.delivery_method === 'post') {
        await recordQuietly({
          deliveryId: id,
          source: 'submit_failed',
          status: result.status,
          detail: `attempt ${result.attempts}: ${errorText(error)}`,
        });
        if (result.status === 'failed') await notifyOperatorOfFailure(strapi, store, id);
      }
      return result.status === 'failed' ? 'failed' : 'retrying';
    }
  }

  /**
   * Records e-cards' sends in batches (group commit): the sends that finish within SENT_LINGER_MS of
   * each other, or while the previous write runs, are written by one UPDATE, so the time between the
   * SMTP server's "accepted" and the recorded send (the window in which a killed instance's card would
   * go out twice, with the same Message-ID) stays about 50 ms and a round trip, and a thousand sends
   * cost a few dozen statements instead of a thousand. Then, per batch, the cards are marked sent (their library entries
   * follow) and the recipients who have an account get the card in their library; a failure there is
   * retried on the job's next run and never makes a recorded send look unsent. Each claim is released
   * once its send is written.
   */
  function sentRecorder(done: Settled, run: DispatchRun) {
    type Sent = { id: number; attempts: number; item: Row; outcome: SendOutcome };
    const queue: Sent[] = [];
    let writing: Promise<void> | null = null;
    let failure: unknown = null;

    async function write(batch: Sent[]): Promise<void> {
      // One sent_at for the batch (its first send): the sends of one batch are a round trip apart.
      const sentAt = new Date(Math.min(...batch.map((b) => new Date(b.outcome.sent_at).getTime())));
      await store.finishSent(batch, { status: batch[0].outcome.status, sent_at: sentAt });
      run.sent += batch.length;
      const cards: number[] = [];
      for (const { item } of batch) {
        // The order first: should marking the card fail, the sent card still counts towards its order.
        if (item.order?.id) done.orders.add(item.order.id);
        const cardId = item.card?.id as number | undefined;
        if (cardId && !done.cards.has(cardId)) {
          done.cards.add(cardId);
          cards.push(cardId);
        }
      }
      if (cards.length) {
        try {
          await getService(strapi, 'cards').setStatusMany(cards, 'sent');
        } catch (error) {
          cards.forEach((cardId) => unsentCards.add(cardId));
          strapi.log.warn(
            `[greeting-cards] ${cards.length} card(s) sent; their status is updated on the next run: ${errorText(error)}`,
          );
        }
      }
      await addReceived(
        batch.map(({ item }) => ({
          cardId: item.card?.id as number,
          email: String((item.snapshot?.recipient ?? item.recipient ?? {}).email ?? ''),
        })),
      );
    }

    async function loop(): Promise<void> {
      while (queue.length) {
        const batch = queue.splice(0, SENT_BATCH);
        try {
          await write(batch);
        } catch (error) {
          // Not recorded: the claims run out and the cards are sent again (same Message-ID).
          failure ??= error;
        } finally {
          batch.forEach((b) => leases.release(b.id));
        }
      }
    }

    // A send handed over just as the loop ended is written by the next one. The loop waits SENT_LINGER_MS
    // for the sends finishing meanwhile (unless a full batch is already waiting): on a fast database each
    // write would otherwise carry one send.
    const start = (): void => {
      const gather =
        queue.length >= SENT_BATCH ? Promise.resolve() : new Promise<void>((r) => setTimeout(r, SENT_LINGER_MS));
      writing = gather.then(loop).finally(() => {
        writing = null;
        if (queue.length) start();
      });
    };

    return {
      add(sent: Sent): void {
        queue.push(sent);
        if (!writing) start();
      },
      /** Waits until every send handed over is written; throws the first write that failed. */
      async settle(): Promise<void> {
        while (writing) await writing;
        if (failure) throw failure;
      },
    };
  }

  /** Received-card library entries; those not written (database away) are tried again on the job's next run. */
  async function addReceived(pairs: Array<{ cardId: number; email: string }>): Promise<void> {
    try {
      await getService(strapi, 'library').addReceivedMany(pairs);
    } catch (error) {
      pairs.forEach((p) => unsentReceived.push(p));
      strapi.log.warn(`[greeting-cards] received-card entries left to the next run: ${errorText(error)}`);
    }
  }

  /**
   * Claims and sends the given delivery ids, SERVICE_DELIVERY_CONCURRENCY at a time. Claims are taken
   * and the claimed rows read in batches (one conditional UPDATE ... RETURNING and three reads per batch,
   * the next batch fetched while the current one is being sent); e-cards' sends are recorded in batches
   * (sentRecorder). A claim is renewed while its send is pending (claim-leases.ts) and released when the
   * outcome is recorded.
   */
  async function claimAndSend(ids: number[], now: Date, run: DispatchRun): Promise<void> {
    // Loud, not quiet: a path that forgot the role must not send (and draw) on a web instance.
    if (!sendsHere)
      throw new Error(
        '[greeting-cards] this instance runs with SERVICE_ROLE=web and never sends deliveries: a worker does',
      );
    const concurrency = Math.min(getConfig(strapi).deliveryConcurrency, ids.length);
    // Enough to keep every sender busy until the next batch is in, few enough that a killed instance
    // leaves little to wait for its lease.
    const claimBatch = Math.min(CLAIM_BATCH, Math.max(concurrency * 4, 8));
    let next = 0;
    const ready: Array<{ id: number; delivery: Row | null }> = [];
    let claiming: Promise<void> | null = null;
    let claimFailure: unknown = null;
    const done: Settled = { cards: new Set(), orders: new Set() };
    const sent = sentRecorder(done, run);

    const claimNext = (): Promise<void> => {
      claiming ??= (async () => {
        const slice = ids.slice(next, next + claimBatch);
        next += slice.length;
        const won = await store.claimMany(slice, instanceId);
        if (!won.length) return;
        claimsTaken += won.length;
        run.claimed += won.length;
        won.forEach((id) => leases.hold(id));
        let rows: Row[];
        try {
          rows = await store.loadMany(won);
        } catch (error) {
          // Claimed but not read: the claims run out and the job sends them.
          won.forEach((id) => leases.release(id));
          throw error;
        }
        const byId = new Map(rows.map((r) => [r.id as number, r]));
        for (const id of won) ready.push({ id, delivery: byId.get(id) ?? null });
      })()
        .catch((error: unknown) => {
          claimFailure ??= error;
        })
        .finally(() => (claiming = null));
      return claiming;
    };

    const worker = async () => {
      for (;;) {
        if (claimFailure) throw claimFailure;
        // The next batch is claimed while this one still has a round of sends left.
        if (ready.length <= concurrency && next < ids.length) void claimNext();
        const job = ready.shift();
        if (!job) {
          if (claiming) {
            await claiming;
            continue;
          }
          if (next < ids.length) continue;
          return;
        }
        let outcome: Awaited<ReturnType<typeof sendClaimed>> = 'retrying';
        try {
          outcome = await sendClaimed(job.id, job.delivery, now, done, sent);
        } finally {
          if (outcome !== 'recording') leases.release(job.id);
        }
        if (outcome === 'sent') run.sent += 1;
        else if (outcome === 'failed') run.failed += 1;
        else if (outcome === 'retrying') run.retrying += 1;
      }
    };
    try {
      // allSettled, then the first error: with Promise.all the other workers went on sending after one
      // failed, unawaited, and the cards they sent were never followed by their order's completion check.
      const workers = await Promise.allSettled(Array.from({ length: concurrency }, worker));
      // Claimed and read, never sent (the batch stopped): their claims run out and the job sends them.
      for (const job of ready.splice(0)) leases.release(job.id);
      await sent.settle();
      const failed = workers.find((w): w is PromiseRejectedResult => w.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      await sent.settle().catch(() => undefined);
      // Once per order, not once per card: checking a 1,000-card order after each of its cards was
      // most of the time a big order took. Also when the batch stopped early (a lost database
      // connection): the cards it did send still count.
      await settleOrders(done.orders);
    }
  }

  /**
   * Marks the orders whose deliveries have all gone out as fulfilled. A check that fails (the database
   * went away mid-batch) is kept and tried again at the end of the job's next run, so an order whose
   * last card went out in a failing batch does not stay "paid".
   */
  async function settleOrders(orderIds: Iterable<number>): Promise<void> {
    const ids = [...orderIds];
    if (!ids.length) return;
    try {
      // One read for the batch's orders (and a move for each one that is complete).
      await getService(strapi, 'orders').markFulfilledIfDispatchedMany(ids);
      ids.forEach((id) => unsettledOrders.delete(id));
    } catch (error) {
      // A move that went through before the failure is not made twice: the next check finds it done.
      ids.forEach((id) => unsettledOrders.add(id));
      strapi.log.warn(
        `[greeting-cards] ${ids.length} order(s): completion check failed, tried again on the next run: ${errorText(error)}`,
      );
    }
  }

  /** A card is marked sent with its first delivery of the batch; its order is checked when the batch ends. */
  async function afterSentInBatch(item: Row, done: Settled): Promise<void> {
    const cardId = item.card?.id;
    // The order first: should marking the card fail, the sent card still counts towards its order.
    if (item.order?.id) done.orders.add(item.order.id);
    if (cardId && !done.cards.has(cardId)) {
      done.cards.add(cardId);
      try {
        await getService(strapi, 'cards').setStatus(cardId, 'sent');
      } catch (error) {
        unsentCards.add(cardId);
        throw new AfterSendError(error);
      }
    }
  }

  /** Marks sent the cards whose status update failed right after their send (see afterSentInBatch). */
  async function settleCards(): Promise<void> {
    if (unsentReceived.length) await addReceived(unsentReceived.splice(0));
    for (const cardId of [...unsentCards]) {
      try {
        await getService(strapi, 'cards').setStatus(cardId, 'sent');
        unsentCards.delete(cardId);
      } catch (error) {
        strapi.log.warn(`[greeting-cards] card ${cardId}: status not updated yet: ${errorText(error)}`);
      }
    }
  }

  /** After a successful send: the card is sent (its library entry follows) and the order may be complete. */
  async function afterSent(item: Row): Promise<void> {
    if (item.card?.id) await getService(strapi, 'cards').setStatus(item.card.id, 'sent');
    if (item.order?.id) await getService(strapi, 'orders').markFulfilledIfDispatched(item.order.id);
  }

  /** Sends every delivery due at `now` (the job's body; tests call it directly with their own clock). */
  async function runDue(now: Date = new Date()): Promise<DispatchRun> {
    if (!sendsHere)
      throw new Error(
        '[greeting-cards] this instance runs with SERVICE_ROLE=web and never runs the delivery job: a worker does',
      );
    const run: DispatchRun = { claimed: 0, sent: 0, failed: 0, retrying: 0 };
    const seen = new Set<number>();
    for (;;) {
      // Ids tried in this run are left out: a failure rescheduled for later, or a row another
      // instance holds, must not keep this loop busy.
      const ids = (await store.dueIds(now, BATCH + seen.size)).filter((id) => !seen.has(id)).slice(0, BATCH);
      if (!ids.length) {
        await settleCards();
        await settleOrders(unsettledOrders);
        await pollPostalStatus(strapi, store, postalBackend(), newsHooks(), now);
        // Refunds of cancelled cards that the payment provider did not confirm are asked for again.
        await getService(strapi, 'refunds')
          .finishPending()
          .catch((error: unknown) =>
            strapi.log.warn(`[greeting-cards] pending refunds not retried: ${errorText(error)}`),
          );
        return run;
      }
      ids.forEach((id) => seen.add(id));
      await claimAndSend(ids, now, run);
    }
  }

  async function dispatchOne(deliveryId: number, now: Date = new Date()): Promise<DispatchRun> {
    const run: DispatchRun = { claimed: 0, sent: 0, failed: 0, retrying: 0 };
    await claimAndSend(await store.dueIds(now, 1, [deliveryId]), now, run);
    return run;
  }

  async function pendingDeliveryIds(orderId: number): Promise<number[]> {
    const items: Row[] = await query(strapi, UID.orderItem).findMany({
      where: { order: { id: orderId } },
      select: ['id'],
    });
    if (!items.length) return [];
    const deliveries: Row[] = await query(strapi, UID.delivery).findMany({
      where: { order_item: { id: { $in: items.map((i) => i.id) } }, status: 'pending' },
      select: ['id'],
    });
    return deliveries.map((d) => d.id as number);
  }

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  // Paid orders' deliveries due now: sent in the background, those of orders paid together in one batch.
  const prompt = promptSends(
    (ids) =>
      claimAndSend(ids, new Date(), { claimed: 0, sent: 0, failed: 0, retrying: 0 }).catch((error: unknown) => {
        strapi.log.error(`[greeting-cards] dispatch of ${ids.length} paid deliveries stopped: ${errorText(error)}`);
      }),
    (batch) => void track(batch),
  );

  return {
    instanceId: () => instanceId,

    /** How many deliveries this instance has claimed since it booted (none on SERVICE_ROLE=web). */
    claimsTaken: () => claimsTaken,

    /**
     * Dispatches the order's deliveries that are due now (`pendingIds` when the caller knows them), in
     * the background: the payment response does not wait for e-mail or PDFs. Orders paid while a batch
     * is going out go together in the next (prompt-sends.ts). Whatever fails here is retried by the job.
     */
    async startOrder(orderId: number, pendingIds?: number[]): Promise<void> {
      // A web instance leaves them pending: a worker's delivery job claims them within SERVICE_WORKER_POLL_SECONDS.
      if (!sendsHere) return;
      // Payment completion knows the ids it just created; others (tests, recovery) look them up.
      const ids = pendingIds ?? (await pendingDeliveryIds(orderId));
      if (ids.length) prompt.add(ids);
    },

    runDue,

    /** Sends one delivery now if it can be claimed (admin "retry now", tests). */
    dispatchOne,

    /** Sends one delivery soon, without holding up the caller (an operator's retry or resend); the job is the fallback. */
    dispatchInBackground(deliveryId: number): void {
      // The row is pending and due: on a web instance, a worker's job sends it.
      if (!sendsHere) return;
      track(
        dispatchOne(deliveryId).catch((error) => {
          strapi.log.error(`[greeting-cards] dispatch of delivery ${deliveryId} stopped: ${errorText(error)}`);
        }),
      );
    },

    /** Waits for background dispatches started by startOrder (destroy, tests). */
    async drain(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      leases.stop();
    },

    postalBackend,

    /** The posted card whose backend reference (a print provider's order id) this is, or null. */
    deliveryByReference: (reference: string) => store.byReference(reference) as Promise<QueuedDelivery | null>,

    /** Whether `reference` is the first provider order of a late card that was reprinted. */
    async reprintedFrom(reference: string): Promise<boolean> {
      const rows = await query(strapi, UID.delivery).findMany({
        where: { first_tracking_reference: reference },
        select: ['id'],
        limit: 1,
      });
      return rows.length > 0;
    },

    /** Applies a print provider's news to a delivery (status callbacks; the job's poll does the same). */
    applyCarrierNews(
      row: QueuedDelivery,
      news: CarrierNews,
      now: Date = new Date(),
      source: NewsSource = 'callback',
    ): Promise<NewsOutcome> {
      return applyCarrierNews(store, row, news, newsHooks(), now, source);
    },

    /** Asks the postal backend about up to `limit` cards it queued, least recently asked first (the job does this each run). */
    pollCarriers(now: Date = new Date(), limit = 50): Promise<number> {
      return pollPostalStatus(strapi, store, postalBackend(), newsHooks(), now, limit);
    },

    /** Adds a step to a delivery's timeline (operator and shopper actions). */
    recordEvent: (event: DeliveryEventInput) => recordQuietly(event),

    /** A delivery's timeline, oldest first (the operator's delivery page). */
    timeline: (deliveryId: number) => store.events(deliveryId),

    /** Gives posted cards queued before the timeline existed their first entry (bootstrap runs it once per database). */
    backfillTimeline: () => backfillDeliveryTimeline(strapi),

    /** E-mails the operator about a failed posted card, once per failure (see failure-notice.ts). */
    notifyFailure: (deliveryId: number) => notifyOperatorOfFailure(strapi, store, deliveryId),

    /**
     * The print file of a posted card while a provider may fetch it (platform/deliveries/delivery-state.ts
     * printFileFetchable: processing, or waiting for a retry after an attempt whose answer may have been
     * lost); null once it shipped, failed or was cancelled, and for anything that is not a posted card.
     */
    async printFile(deliveryId: number): Promise<Buffer | null> {
      const delivery = await store.load(deliveryId);
      const item = delivery?.order_item;
      if (
        !delivery ||
        !printFileFetchable(delivery.status, Number(delivery.attempts ?? 0)) ||
        item?.delivery_method !== 'post'
      )
        return null;
      // A web instance never draws: the provider fetches again after a 503 and reaches a worker or an
      // `all` instance (route /postal/print-files/ to them, see the README's Scaling section).
      if (!sendsHere) throw unavailable(msg('error.print_file_preparing'));
      return printFileFor(item, printerPdfRenderer(strapi));
    },

    /** Swaps the postal backend (tests; hosts normally use SERVICE_POSTAL_DELIVERY_BACKEND). */
    usePostalBackend(backend: PostalBackend) {
      providers(strapi).override('postal', backend);
    },
  };
};
