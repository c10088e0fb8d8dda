import type { Core } from '@strapi/strapi';
import { query, type Row } from '../../../platform/db/query';
import { UID } from '../../../platform/uids';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { getConfig } from '../../../platform/config/get-config';
import { DELETION_STEPS, type StepContext } from './deletion-steps';

// Account deletion as a job (issue 42 item 5): one account-request row per account (a unique index on
// deletion_key), its finished steps recorded one at a time. Asking again, from the page, the API, the
// admin or the resume job, runs whatever steps are left; a finished deletion answers as done. Orders kept
// for the accounts are listed on the row and removed by purgeExpired() after
// SERVICE_ACCOUNTING_RETENTION_YEARS.

interface Progress {
  steps: string[];
  kept_orders: number[];
}

const requests = (strapi: Core.Strapi) => query(strapi, UID.accountRequest);

const progressOf = (row: Row): Progress => {
  const raw = (row.steps_done ?? {}) as Partial<Progress>;
  return {
    steps: Array.isArray(raw.steps) ? raw.steps.map(String) : [],
    kept_orders: Array.isArray(raw.kept_orders) ? raw.kept_orders.map(Number) : [],
  };
};

/** The account's deletion request, made if there is none (two racing requests share one row). */
async function requestFor(strapi: Core.Strapi, userId: number, by: 'shopper' | 'operator'): Promise<Row> {
  const existing = await requests(strapi).findOne({ where: { deletion_key: userId } });
  if (existing) return existing;
  try {
    return await requests(strapi).create({
      data: {
        kind: 'deletion',
        user_key: userId,
        deletion_key: userId,
        status: 'running',
        requested_by: by,
        steps_done: { steps: [], kept_orders: [] },
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return requests(strapi).findOne({ where: { deletion_key: userId } });
  }
}

export interface DeletionOutcome {
  status: 'running' | 'done';
  steps_done: string[];
  kept_orders: number;
}

/** Runs the steps not done yet, recording each; `until` stops after that step (a run cut short). */
export async function runDeletion(
  strapi: Core.Strapi,
  requestRow: Row,
  options: { until?: string } = {},
): Promise<DeletionOutcome> {
  const progress = progressOf(requestRow);
  const userId = Number(requestRow.user_key);
  const by = requestRow.requested_by === 'operator' ? 'operator' : 'shopper';
  if (requestRow.status !== 'done') {
    for (const step of DELETION_STEPS) {
      if (progress.steps.includes(step.name)) continue;
      const context: StepContext = { strapi, userId, by, keptOrders: progress.kept_orders };
      await step.run(context);
      progress.steps.push(step.name);
      await requests(strapi).update({ where: { id: requestRow.id }, data: { steps_done: progress } });
      if (options.until === step.name)
        return { status: 'running', steps_done: progress.steps, kept_orders: progress.kept_orders.length };
    }
    await requests(strapi).update({
      where: { id: requestRow.id },
      data: { status: 'done', finished_at: new Date(), steps_done: progress },
    });
  }
  return { status: 'done', steps_done: progress.steps, kept_orders: progress.kept_orders.length };
}

/** Deletes the account `userId` (or finishes deleting it). */
export async function deleteAccount(
  strapi: Core.Strapi,
  userId: number,
  by: 'shopper' | 'operator',
  options: { until?: string } = {},
): Promise<DeletionOutcome> {
  return runDeletion(strapi, await requestFor(strapi, userId, by), options);
}

/** Finishes deletions a crash or a restart left halfway (the worker's job runs this). */
export async function resumeDeletions(strapi: Core.Strapi): Promise<number> {
  const open: Row[] = await requests(strapi).findMany({ where: { kind: 'deletion', status: 'running' }, limit: 20 });
  for (const row of open) {
    try {
      await runDeletion(strapi, row);
    } catch (error) {
      strapi.log.error(`[greeting-cards] account deletion ${row.id} stopped: ${(error as Error)?.message}`);
    }
  }
  return open.length;
}

/**
 * Removes the kept orders of deleted accounts once SERVICE_ACCOUNTING_RETENTION_YEARS have passed since
 * each order was made: the order, its items, status history, refunds, deliveries and their events.
 */
export async function purgeExpired(strapi: Core.Strapi, now: Date = new Date()): Promise<number> {
  const years = getConfig(strapi).accountingRetentionYears;
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - years);
  const done: Row[] = await requests(strapi).findMany({ where: { kind: 'deletion', status: 'done' } });
  let removed = 0;
  for (const row of done) {
    const progress = progressOf(row);
    if (!progress.kept_orders.length) continue;
    const expired: Row[] = await query(strapi, UID.order).findMany({
      where: { id: { $in: progress.kept_orders }, createdAt: { $lt: before } },
      select: ['id'],
    });
    const gone = new Set(expired.map((o) => Number(o.id)));
    for (const id of gone) {
      const items: Row[] = await query(strapi, UID.orderItem).findMany({ where: { order: { id } }, select: ['id'] });
      for (const item of items) {
        const deliveries: Row[] = await query(strapi, UID.delivery).findMany({
          where: { order_item: { id: item.id } },
          select: ['id'],
        });
        for (const d of deliveries) {
          await query(strapi, UID.deliveryEvent).deleteMany({ where: { delivery_id: d.id } });
          await query(strapi, UID.ecardReply).deleteMany({ where: { delivery_id: d.id } });
          await query(strapi, UID.delivery).delete({ where: { id: d.id } });
        }
        await query(strapi, UID.orderItem).delete({ where: { id: item.id } });
      }
      await query(strapi, UID.refund).deleteMany({ where: { order_id: id } });
      await query(strapi, UID.orderStatusChange).deleteMany({ where: { order_id: id } });
      await query(strapi, UID.order).delete({ where: { id } });
      removed += 1;
    }
    // Orders already gone (an earlier purge) leave the list too.
    const still: Row[] = await query(strapi, UID.order).findMany({
      where: { id: { $in: progress.kept_orders.filter((id) => !gone.has(id)) } },
      select: ['id'],
    });
    const keep = still.map((o) => Number(o.id));
    if (keep.length !== progress.kept_orders.length)
      await requests(strapi).update({
        where: { id: row.id },
        data: { steps_done: { ...progress, kept_orders: keep } },
      });
  }
  return removed;
}
