import type { Row } from '../../platform/db/query';

// Wire shapes of plans and subscriptions. The provider price id stays on the server: `has_price` says
// whether the plan can be bought through the provider.

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export function serializePlan(p: Row) {
  return {
    id: p.id,
    // Strapi's id for the plan (Document Service, Content Manager), beside the spec's numeric id.
    documentId: p.documentId ?? null,
    slug: p.slug,
    name: p.name,
    description: p.description ?? '',
    amount_pence: p.amount_pence,
    interval: p.interval,
    grants_premium: Boolean(p.grants_premium),
    has_price: Boolean(p.provider_price_id),
  };
}

export function serializeSubscription(s: Row) {
  return {
    id: s.id,
    plan: s.plan
      ? { id: s.plan.id, slug: s.plan.slug, name: s.plan.name, grants_premium: Boolean(s.plan.grants_premium) }
      : null,
    provider: s.provider,
    status: s.status,
    current_period_start: iso(s.current_period_start),
    current_period_end: iso(s.current_period_end),
    cancel_at_period_end: Boolean(s.cancel_at_period_end),
    canceled_at: iso(s.canceled_at),
  };
}
