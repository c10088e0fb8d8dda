import {
  grantsPremium,
  isLive,
  periodEnd,
  shouldApply,
} from '../../plugins/greeting-cards/server/src/platform/providers/payment/subscription-state';
import {
  fromStripeSubscription,
  invoiceSubscriptionId,
} from '../../plugins/greeting-cards/server/src/platform/providers/payment/stripe/stripe-payloads';
import { createMemoryBillingProfileStore } from '../../plugins/greeting-cards/server/src/platform/providers/billing-profile';

const at = (iso: string) => new Date(iso);

describe('subscription rules', () => {
  const now = at('2026-03-10T12:00:00Z');

  it('is live while active or trialing before the period end; premium needs a plan that grants it', () => {
    const plan = { grants_premium: true };
    expect(isLive({ status: 'active', current_period_end: '2026-03-11T00:00:00Z' }, now)).toBe(true);
    expect(isLive({ status: 'trialing', current_period_end: null }, now)).toBe(true);
    expect(isLive({ status: 'active', current_period_end: '2026-03-10T11:59:59Z' }, now)).toBe(false);
    for (const status of ['past_due', 'canceled', 'incomplete', 'unpaid', 'paused'])
      expect(isLive({ status, current_period_end: null }, now)).toBe(false);
    expect(grantsPremium({ status: 'active', current_period_end: '2026-04-01T00:00:00Z', plan }, now)).toBe(true);
    expect(
      grantsPremium(
        { status: 'active', current_period_end: '2026-04-01T00:00:00Z', plan: { grants_premium: false } },
        now,
      ),
    ).toBe(false);
    expect(grantsPremium({ status: 'active', current_period_end: '2026-04-01T00:00:00Z', plan: null }, now)).toBe(
      false,
    );
  });

  it('adds one calendar interval, clamping to the end of a shorter month', () => {
    expect(periodEnd(at('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(at('2026-03-10T10:00:00Z'), 'month').toISOString()).toBe('2026-04-10T10:00:00.000Z');
    expect(periodEnd(at('2028-02-29T10:00:00Z'), 'year').toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(periodEnd(at('2026-12-15T00:00:00Z'), 'month').toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('ignores older events, anything after a final status, and a same-second incomplete', () => {
    const stored = { status: 'active', last_event_at: '2026-03-10T12:00:00Z' };
    expect(shouldApply(null, 'incomplete', now)).toBe(true);
    expect(shouldApply(stored, 'past_due', at('2026-03-10T12:00:01Z'))).toBe(true);
    expect(shouldApply(stored, 'canceled', at('2026-03-10T11:00:00Z'))).toBe(false);
    expect(shouldApply(stored, 'incomplete', now)).toBe(false);
    expect(shouldApply(stored, 'active', now)).toBe(true);
    const ended = { status: 'canceled', last_event_at: '2026-03-10T12:00:00Z' };
    expect(shouldApply(ended, 'active', at('2026-03-11T00:00:00Z'))).toBe(false);
    expect(shouldApply(ended, 'canceled', at('2026-03-11T00:00:00Z'))).toBe(true);
    expect(shouldApply({ status: 'active', last_event_at: null }, 'active', now)).toBe(true);
  });

  it('reads both Stripe API shapes of a subscription and an invoice', () => {
    const current = fromStripeSubscription({
      id: 'sub_1',
      customer: { id: 'cus_1' },
      status: 'active',
      cancel_at_period_end: true,
      metadata: { user_id: '4' },
      items: {
        data: [{ price: { id: 'price_1' }, current_period_start: 1_700_000_000, current_period_end: 1_702_592_000 }],
      },
    });
    expect(current).toEqual({
      provider_subscription_id: 'sub_1',
      provider_customer_id: 'cus_1',
      price_id: 'price_1',
      status: 'active',
      current_period_start: new Date(1_700_000_000_000),
      current_period_end: new Date(1_702_592_000_000),
      cancel_at_period_end: true,
      canceled_at: null,
      metadata: { user_id: '4' },
    });
    const legacy = fromStripeSubscription({
      id: 'sub_2',
      customer: 'cus_2',
      status: 'weird',
      current_period_end: 1_702_592_000,
      plan: { id: 'price_2' },
    });
    expect(legacy).toMatchObject({
      price_id: 'price_2',
      status: 'incomplete',
      current_period_end: new Date(1_702_592_000_000),
      metadata: {},
    });
    expect(fromStripeSubscription({ object: 'subscription' })).toBeNull();
    expect(invoiceSubscriptionId({ subscription: 'sub_3' })).toBe('sub_3');
    expect(invoiceSubscriptionId({ parent: { subscription_details: { subscription: { id: 'sub_4' } } } })).toBe(
      'sub_4',
    );
    expect(invoiceSubscriptionId({})).toBeNull();
  });
});

describe('in-memory billing profile store (test double)', () => {
  it('creates a profile once, keeps the first customer id, and finds the user by customer', async () => {
    const store = createMemoryBillingProfileStore();
    expect(await store.forUser(7, { email: 'a@example.test', name: 'A' })).toEqual({
      ref: 'memory#7',
      customerId: null,
      email: 'a@example.test',
      name: 'A',
    });
    expect(await store.claimCustomerId(7, 'cus_first')).toBe('cus_first');
    expect(await store.claimCustomerId(7, 'cus_second')).toBe('cus_first');
    expect((await store.forUser(7, { email: 'other@example.test', name: null })).email).toBe('a@example.test');
    expect(await store.userIdForCustomer('cus_first')).toBe(7);
    expect(await store.userIdForCustomer('cus_none')).toBeNull();
  });
});
