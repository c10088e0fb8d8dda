import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { getConfig } from '../../config/get-config';
import { builtInFirstCard, evaluatePromo, FIRSTCARD, normaliseCode, PromoDefinition, PromoLine, PromoResult } from '../../domain/promo-rules';
import { query } from '../../db/query';

// A code is used up only by orders that were paid (refunded ones too, so a refund does not hand the
// code back for another free card). Unpaid checkouts do not count.
export const USED_STATUSES = ['paid', 'fulfilled', 'refunded'];
const MAX_CODE_LENGTH = 64;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => query(strapi, UID.order);

  async function find(raw: string): Promise<PromoDefinition | null> {
    const code = normaliseCode(raw);
    if (!code || code.length > MAX_CODE_LENGTH) return null;
    const row = await query(strapi, UID.promoCode).findOne({ where: { code: { $eqi: code } } });
    if (row) return { ...row, code: normaliseCode(row.code) } as PromoDefinition;
    // FIRSTCARD is built in; a stored row of that name (seeded, or edited in the admin) wins.
    return code === FIRSTCARD ? builtInFirstCard(getConfig(strapi).ecardPrice) : null;
  }

  async function usage(code: string, userId: number) {
    const where = { promo_code: { $eqi: code }, status: { $in: USED_STATUSES } };
    const [total, byUser] = await Promise.all([orders().count({ where }), orders().count({ where: { ...where, user: { id: userId } } })]);
    return { total: Number(total), byUser: Number(byUser) };
  }

  return {
    find,
    usage,
    /** Decides whether `raw` applies to these lines for this user, and for how much. */
    async evaluate(raw: string, userId: number, lines: PromoLine[], now = new Date()): Promise<PromoResult> {
      const promo = await find(raw);
      if (!promo) return { ok: false, message: 'This promo code is not valid.' };
      return evaluatePromo(promo, await usage(promo.code, userId), lines, now);
    },
  };
};
