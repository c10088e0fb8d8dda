import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { getConfig } from '../../platform/config/get-config';
import {
  builtInFirstCard,
  evaluatePromo,
  FIRSTCARD,
  normaliseCode,
  PromoDefinition,
  PromoLine,
  PromoResult,
} from './rules/promo-rules';
import { query } from '../../platform/db/query';
import { promoUseStore } from './promo-use-store';
import { msg } from '../../platform/i18n/format-message';

// A code's uses are held from checkout on (promo-use-store.ts): a checked-out, paid or (partly) refunded
// order holds one (a refund does not hand the code back); cancelling the order, or its checkout expiring,
// gives it back.
const MAX_CODE_LENGTH = 64;
// The orders that hold a use (see above): every status from checkout on except cancelled.
const ORDERS_HOLDING_USES = ['pending_payment', 'paid', 'fulfilled', 'partially_refunded', 'refunded'];

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const reservations = promoUseStore(strapi);

  async function find(raw: string): Promise<PromoDefinition | null> {
    const code = normaliseCode(raw);
    if (!code || code.length > MAX_CODE_LENGTH) return null;
    const row = await query(strapi, UID.promoCode).findOne({ where: { code: { $eqi: code } } });
    if (row) return { ...row, code: normaliseCode(row.code) } as PromoDefinition;
    // FIRSTCARD is built in; a stored row of that name (seeded, or edited in the admin) wins.
    return code === FIRSTCARD ? builtInFirstCard(getConfig(strapi).ecardPrice) : null;
  }

  const usage = (code: string, userId: number) => reservations.usage(code, userId);

  return {
    find,
    usage,
    /** Decides whether `raw` applies to these lines for this user, and for how much. */
    async evaluate(raw: string, userId: number, lines: PromoLine[], now = new Date()): Promise<PromoResult> {
      const promo = await find(raw);
      if (!promo) return { ok: false, message: msg('error.promo_invalid') };
      return evaluatePromo(promo, await usage(promo.code, userId), lines, now);
    },
    /** Holds a use of the order's code (throws 400 {promo_code} when none is left); idempotent. */
    async reserve(order: { id: number; promo_code?: string | null }, userId: number): Promise<void> {
      const promo = order.promo_code ? await find(order.promo_code) : null;
      if (promo) await reservations.reserve(promo, order.id, userId);
    },
    release: (orderId: number): Promise<void> => reservations.release(orderId),
    /**
     * Gives orders checked out before uses were reserved (so holding none) their use, so the limits count
     * them. Run once per database at boot (bootstrap's runOnce); safe to repeat or to run on two instances.
     */
    async backfillUses(): Promise<number> {
      const rows = await query(strapi, UID.order).findMany({
        where: { promo_code: { $notNull: true }, status: { $in: ORDERS_HOLDING_USES } },
        select: ['id', 'promo_code'],
        populate: { user: { select: ['id'] } },
      });
      let recorded = 0;
      for (const row of rows) {
        if (!row.promo_code || (await reservations.holds(row.id))) continue;
        const promo = await find(row.promo_code);
        if (promo && (await reservations.recordPastUse(promo, row.id, row.user?.id ?? null))) recorded += 1;
      }
      if (recorded)
        strapi.log.info(
          `[greeting-cards] promo codes: recorded the uses of ${recorded} order(s) checked out before uses were reserved`,
        );
      return recorded;
    },
  };
};
