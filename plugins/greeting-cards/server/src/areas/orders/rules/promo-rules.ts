import type { DeliveryMethod } from '../../../platform/enums';
import { msg, type Message } from '../../../platform/i18n/format-message';

// Pure promo-code rules. A service loads the code and its usage counts (from paid orders) and
// passes them in; these functions decide. Failures are values, not exceptions.
export const FIRSTCARD = 'FIRSTCARD';

export type PromoKind = 'fixed' | 'percent' | 'free_ecard';

export interface PromoDefinition {
  code: string;
  kind: PromoKind;
  amount_pence?: number | null;
  percent?: number | null;
  cap_pence?: number | null;
  valid_from?: string | Date | null;
  valid_to?: string | Date | null;
  max_uses_total?: number | null;
  max_uses_per_user?: number | null;
  is_active: boolean;
}

export interface PromoLine {
  delivery_method: DeliveryMethod;
  unit_price_pence: number;
  line_total_pence: number;
}

export interface PromoUsage {
  total: number;
  byUser: number;
}

export type PromoResult = { ok: true; code: string; discount_pence: number } | { ok: false; message: Message };

export const normaliseCode = (raw: string) => raw.trim().toUpperCase();

/** The built-in FIRSTCARD, used when content editors have not stored a row of that name. */
export function builtInFirstCard(ecardPrice: number): PromoDefinition {
  return {
    code: FIRSTCARD,
    kind: 'free_ecard',
    cap_pence: Math.min(299, ecardPrice),
    max_uses_per_user: 1,
    is_active: true,
  };
}

const time = (v: string | Date | null | undefined) => (v ? new Date(v).getTime() : null);

export function checkAvailability(promo: PromoDefinition, usage: PromoUsage, now: Date): Message | null {
  if (!promo.is_active) return msg('error.promo_invalid');
  const from = time(promo.valid_from);
  const to = time(promo.valid_to);
  if (from !== null && now.getTime() < from) return msg('error.promo_not_yet');
  if (to !== null && now.getTime() > to) return msg('error.promo_expired');
  if (promo.max_uses_total != null && usage.total >= promo.max_uses_total) return msg('error.promo_used_up');
  if (promo.max_uses_per_user != null && usage.byUser >= promo.max_uses_per_user)
    return msg('error.promo_already_used');
  return null;
}

export function discountFor(promo: PromoDefinition, lines: PromoLine[]): PromoResult {
  const subtotal = lines.reduce((sum, l) => sum + l.line_total_pence, 0);
  let discount = 0;
  switch (promo.kind) {
    case 'fixed':
      discount = promo.amount_pence ?? 0;
      break;
    case 'percent': {
      discount = Math.floor((subtotal * (promo.percent ?? 0)) / 100);
      if (promo.cap_pence != null) discount = Math.min(discount, promo.cap_pence);
      break;
    }
    case 'free_ecard': {
      const ecards = lines.filter((l) => l.delivery_method === 'ecard');
      if (ecards.length === 0) return { ok: false, message: msg('error.promo_needs_ecard') };
      discount = Math.max(...ecards.map((l) => l.unit_price_pence));
      if (promo.cap_pence != null) discount = Math.min(discount, promo.cap_pence);
      break;
    }
  }
  return { ok: true, code: promo.code, discount_pence: Math.max(0, Math.min(discount, subtotal)) };
}

/** Availability first (validity window, limits), then the amount. */
export function evaluatePromo(promo: PromoDefinition, usage: PromoUsage, lines: PromoLine[], now: Date): PromoResult {
  const problem = checkAvailability(promo, usage, now);
  if (problem) return { ok: false, message: problem };
  return discountFor(promo, lines);
}
