import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { ApiError, fieldErrors, msg, type Text } from '../../platform/errors';
import { getService } from '../../platform/get-service';
import { formatMoney } from '../../platform/i18n/money-format';
import type { Locale } from '../../platform/i18n/locales';
import type { Row } from '../../platform/db/query';
import { recipientName } from './serializer';

// Checkout asks the shipping service again about every posted line with a chosen method or arrive-by
// date (issue 44): the price a quote gives now, and whether the method still makes the date. A changed
// price, or a method that no longer serves the destination or makes the date, is a 400 naming the line:
// the shopper adds the card again to accept the new terms; nothing changes behind their back. An
// unchanged line takes the window and hand-over day as they are now (the dates move on with the clock).
// It runs under the order's lock on the items checkout has already read (no query of its own: a cart
// without such lines costs nothing more). The provider's quote was cached for a day when the line was
// added, so the lock is held for a quote only when that cache has lapsed (the provider's client gives
// up after 30 s, and a failed quote falls back to the table at once).

export interface CheckedShipping {
  shipping_pence: number;
  arrives_from: string;
  arrives_to: string;
  /** For an arrive-by date: when the card goes to the printer. */
  submit_at: Date | null;
}

/** Whether a line's shipping is re-checked: a posted card with a chosen method or an arrive-by date. */
export const hasShipping = (item: Row): boolean =>
  item.delivery_method === 'post' && Boolean(item.shipping_method || item.arrive_by);

const problemOf = (error: unknown): Text | null => {
  if (!(error instanceof ApiError) || error.code !== 'validation') return null;
  const fields = error.body as Record<string, Text[]>;
  return fields.arrive_by?.[0] ?? fields.shipping_method?.[0] ?? null;
};

/** The shipping of each such line as it is now; throws the 400 described above. */
export async function recheckShipping(
  strapi: Core.Strapi,
  items: Row[],
  locale?: Locale,
): Promise<Map<number, CheckedShipping>> {
  const config = getConfig(strapi);
  const checked = new Map<number, CheckedShipping>();
  const problems: Text[] = [];
  for (const item of items.filter(hasShipping)) {
    const title = String(item.card?.title ?? '');
    const recipient = recipientName(item.recipient) ?? '';
    try {
      const now = await getService(strapi, 'shipping').choose({
        product: String(item.card?.product || config.defaultProduct),
        country: String(item.recipient?.country || 'GB').toUpperCase(),
        method: item.shipping_method ?? null,
        arriveBy: item.arrive_by ?? null,
      });
      const was = Number(item.shipping_pence ?? 0);
      if (now.shipping_method !== item.shipping_method || now.shipping_pence !== was) {
        problems.push(
          msg('error.checkout_shipping_price_changed', {
            title,
            recipient,
            method: String(item.shipping_method ?? now.shipping_method),
            now: formatMoney(now.shipping_pence, config.currency, locale),
            was: formatMoney(was, config.currency, locale),
          }),
        );
        continue;
      }
      checked.set(Number(item.id), {
        shipping_pence: now.shipping_pence,
        arrives_from: now.arrives_from,
        arrives_to: now.arrives_to,
        submit_at: now.arrive_by ? now.submit_at : null,
      });
    } catch (error) {
      const problem = problemOf(error);
      if (!problem) throw error;
      problems.push(msg('error.checkout_shipping_no_longer', { title, recipient, problem }));
    }
  }
  if (problems.length) throw fieldErrors({ items: problems });
  return checked;
}
