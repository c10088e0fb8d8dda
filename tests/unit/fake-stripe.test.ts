import Stripe from 'stripe';
import { startFakeStripe, FakeStripe, decodeForm } from '../helpers/fake-stripe';
import { createStripeClient } from '../../plugins/greeting-cards/server/src/platform/providers/payment/stripe/stripe-payment-provider';

// The test double other suites rely on, exercised through the real SDK.
describe('fake Stripe server', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripeClient({ secretKey: 'sk_test_fake_suite', apiBase: fake.url });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('decodes Stripe form encoding into nested objects and arrays', () => {
    expect(decodeForm('a[b][0][c]=1&a[b][1][c]=2&x=y&m[k]=v')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      x: 'y',
      m: { k: 'v' },
    });
  });

  it('creates and retrieves checkout sessions, replaying the same Idempotency-Key', async () => {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      success_url: 'https://x.test/ok',
      line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: 299, product_data: { name: 'Card' } } }],
      client_reference_id: 'order-1',
    };
    const a = await stripe.checkout.sessions.create(params, { idempotencyKey: 'k1' });
    const b = await stripe.checkout.sessions.create(params, { idempotencyKey: 'k1' });
    expect(a.id).toMatch(/^cs_test_/);
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({
      status: 'open',
      amount_total: 299,
      client_reference_id: 'order-1',
      url: expect.stringContaining(fake.url),
    });
    expect((await stripe.checkout.sessions.retrieve(a.id)).id).toBe(a.id);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').map((r) => r.idempotencyKey)).toEqual(['k1', 'k1']);
    expect(fake.completeSession(a.id, 'pi_1')).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_1',
    });
  });

  it('creates customers and billing portal sessions', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.test', name: 'A', metadata: { user_id: '7' } });
    expect(customer).toMatchObject({
      id: expect.stringMatching(/^cus_/),
      email: 'a@example.test',
      metadata: { user_id: '7' },
    });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'https://x.test/back',
    });
    expect(portal).toMatchObject({
      customer: customer.id,
      return_url: 'https://x.test/back',
      url: expect.stringContaining('/portal/'),
    });
    expect(fake.customers.has(customer.id)).toBe(true);
  });

  it('answers Stripe-shaped errors the SDK understands', async () => {
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', success_url: 'https://x.test' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'line_items',
    });
    await expect(stripe.checkout.sessions.retrieve('cs_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_nobody' })).rejects.toMatchObject({
      statusCode: 400,
    });
    const wrongKey = createStripeClient({ secretKey: 'not-a-key', apiBase: fake.url });
    await expect(wrongKey.customers.create({})).rejects.toMatchObject({ statusCode: 401 });
    fake.failNext(402, 'Your card was declined.', 'card_error');
    await expect(stripe.customers.create({})).rejects.toMatchObject({
      statusCode: 402,
      message: 'Your card was declined.',
    });
  });
});
