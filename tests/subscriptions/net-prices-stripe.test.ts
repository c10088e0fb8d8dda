import type { TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { appWithFakeStripeForSuite, type FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, postWebhook, signEvent } from '../helpers/stripe-webhook';
import { createPlan, subscriptionRow } from '../helpers/subscriptions';

// Issue 43, prices entered net (SERVICE_PRICES_INCLUDE_VAT=false), for memberships: a plan's Stripe Price
// is its net price, so its subscription Checkout carries a manual, exclusive Stripe Tax Rate at the rate of
// the plan's place of supply (an electronically supplied service: the buyer's country, else the shop's).
// Stripe adds that VAT to the first charge and every renewal, and its invoices show net, rate, VAT and
// total. Here the shop is in Germany (19 %): a 4.99 plan is charged 4.99 + 0.95 (0.9481 rounded) = 5.94.

const WEBHOOK_SECRET = 'whsec_net_memberships';

describe('memberships with prices entered net (real SDK, fake Stripe server)', () => {
  let app: TestApp;
  let fake: FakeStripe;
  const http = () => app.http();
  const sessionPosts = () => fake.requestsTo('POST', '/v1/checkout/sessions');
  const taxRatePosts = () => fake.requestsTo('POST', '/v1/tax_rates');
  const subscribe = async () => {
    const user = await createUser(app.strapi);
    const res = await http().post('/api/subscriptions/checkout/').set(user.auth).send({ plan_slug: 'monthly' });
    expect(res.status).toBe(200);
    return { user, sessionId: res.body.session_id as string };
  };

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_net_memberships',
      SERVICE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_PRICES_INCLUDE_VAT: 'false',
      SERVICE_VAT_RATES: 'GB:2000,DE:1900',
      SERVICE_VAT_HOME_COUNTRY: 'DE',
    },
    async (booted) => {
      ({ app, fake } = booted);
      fake.definePrice('price_monthly_net', 499);
      await createPlan(app.strapi, {
        slug: 'monthly',
        name: 'Monthly',
        amount_pence: 499,
        provider_price_id: 'price_monthly_net',
      });
    },
  );
  beforeEach(() => fake.reset());

  it("adds the VAT of the plan's place of supply to the charge with an exclusive Stripe tax rate", async () => {
    const { user, sessionId } = await subscribe();

    expect(taxRatePosts()).toHaveLength(1);
    expect(taxRatePosts()[0].params).toMatchObject({
      display_name: 'VAT',
      percentage: '19',
      inclusive: 'false',
      country: 'DE',
      tax_type: 'vat',
      metadata: { greeting_cards_vat: 'DE:1900' },
    });
    const [rate] = [...fake.taxRates.values()];
    expect(sessionPosts()).toHaveLength(1);
    // The plan's own Price (its net amount), so the webhook still finds the plan by its price.
    expect(sessionPosts()[0].params.line_items).toEqual([
      { price: 'price_monthly_net', quantity: '1', tax_rates: [rate.id] },
    ]);
    const session = fake.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(594);
    expect(session.total_details.amount_tax).toBe(95);

    // Paid: the subscription keeps the rate for every renewal, and the membership is active.
    const completed = fake.completeSubscriptionSession(sessionId);
    const sub = fake.subscriptions.get(completed.subscription)!;
    expect(sub.items.data[0].tax_rates).toEqual([
      expect.objectContaining({ id: rate.id, percentage: 19, inclusive: false }),
    ]);
    const res = await postWebhook(http, signEvent(buildEvent('checkout.session.completed', completed), WEBHOOK_SECRET));
    expect(res.body).toEqual({ received: true, result: 'subscription active' });
    expect(await subscriptionRow(app.strapi, completed.subscription)).toMatchObject({
      status: 'active',
      user: { id: user.id },
      plan: { slug: 'monthly' },
    });
  });

  it('reuses the tax rate it made for later checkouts, and makes a new one when the old was archived', async () => {
    await subscribe();
    await subscribe();
    expect(fake.taxRates.size).toBe(1);
    const [rate] = [...fake.taxRates.values()];
    expect(sessionPosts().map((r) => r.params.line_items[0].tax_rates)).toEqual([[rate.id], [rate.id]]);

    // An operator archived it in the dashboard: Checkout would refuse it, so a fresh one is made.
    rate.active = false;
    fake.reset();
    const { sessionId } = await subscribe();
    expect(taxRatePosts()).toHaveLength(1);
    const fresh = [...fake.taxRates.values()].find((r) => r.active)!;
    expect(fresh.id).not.toBe(rate.id);
    expect(sessionPosts()[0].params.line_items[0].tax_rates).toEqual([fresh.id]);
    expect(fake.sessions.get(sessionId)!.amount_total).toBe(594);
  });
});
