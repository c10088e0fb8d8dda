import type { Core } from '@strapi/strapi';
import { errorText } from '../../../platform/deliveries/delivery-retry';
import { statusAfter } from '../../../platform/deliveries/delivery-state';
import type { PostalBackend } from '../../../platform/providers/postal/types';
import type { deliveryStore } from '../delivery-store';
import { applyCarrierNews, type NewsHooks, type QueuedDelivery } from './carrier-news';

/**
 * Asks a backend that has status() about the posted cards it only queued (answered "processing"),
 * and moves those it has since sent, delivered or lost. Returns how many moved on.
 */
export async function pollPostalStatus(
  strapi: Core.Strapi,
  store: ReturnType<typeof deliveryStore>,
  backend: PostalBackend,
  hooks: NewsHooks,
  now: Date,
  limit = 50,
): Promise<number> {
  if (typeof backend.status !== 'function' && typeof backend.news !== 'function') return 0;
  let moved = 0;
  for (const row of await store.awaitingBackend(limit)) {
    try {
      // Asked, whatever the answer: the next poll starts with the cards asked about longest ago.
      await store.markChecked(row.id, new Date());
      // A print provider's full news (tracking, cancellation), applied as its callbacks are.
      if (backend.news) {
        if (
          (await applyCarrierNews(
            store,
            row as QueuedDelivery,
            await backend.news(row.tracking_reference),
            hooks,
            now,
            'poll',
          )) === 'moved'
        )
          moved += 1;
        continue;
      }
      if (!backend.status) continue;
      const state = await backend.status(row.tracking_reference);
      if (state === 'processing') continue;
      const data =
        state === 'failed'
          ? { status: statusAfter('failed_permanently'), last_error: 'the postal backend reported a failure' }
          : {
              status: statusAfter(state),
              ...(state === 'delivered' ? { delivered_at: now } : {}),
              ...(state === 'sent' ? { shipped_at: now } : {}),
            };
      if (!(await store.settle(row.id, data))) continue;
      moved += 1;
      if (state === 'failed') await hooks.afterFailed?.(row.id);
      if (state !== 'failed') await hooks.afterSent((await store.load(row.id))?.order_item ?? {});
      await hooks.afterNews?.(row.id, now);
    } catch (error) {
      strapi.log.warn(`[greeting-cards] postal status of delivery ${row.id} unknown: ${errorText(error)}`);
    }
  }
  return moved;
}
