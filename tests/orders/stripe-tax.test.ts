import type { TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { appWithFakeStripeForSuite, FAKE_TAX_RATE_BP, type FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, postWebhook, signEvent } from '../helpers/stripe-webhook';
import { orderRow, pendingOrder } from '../helpers/order-fixtures';
import { inspectPdf } from '../helpers/pdf';

// Issue 43, item 2: with SERVICE_STRIPE_TAX the Checkout Session asks Stripe Tax (automatic_tax, prices
// tax-inclusive, so the buyer pays the total the shop showed), and the amounts Stripe computed
// (total_details.amount_tax) are the ones recorded on the order and shown on the invoice, not the
// shop's own rates (here deliberately different: 10 %).

jest.setTimeout(120_000);
const WEBHOOK_SECRET = 'whsec_stripe_tax_suite';
const NEXT_WEEK = () => new Date(Date.now() + 7 * 86400_000).toISOString();

describe('Stripe Tax', () => {
  let app: TestApp;
  let fake: FakeStripe;
  let user: TestUser;
  const http = () => app.http();

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'puppeteer',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_stripe_tax_suite',
      SERVICE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SERVICE_STRIPE_TAX: 'true',
      SERVICE_VAT_RATES: 'GB:1000',
      SERVICE_VAT_DEFAULT_RATE: '1000',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
    },
    async (booted) => {
      ({ app, fake } = booted);
      user = await createUser(app.strapi);
    },
  );

  it("asks Stripe Tax with inclusive prices, records Stripe's tax and shows it on the invoice", async () => {
    const order = await pendingOrder(app.strapi, http, user, [
      {},
      { delivery_method: 'post', scheduled_for: NEXT_WEEK() },
    ]);
    const res = await http().post(`/api/orders/${order.uuid}/pay/`).set(user.auth).send({});
    expect(res.status).toBe(200);
    const [req] = fake.requestsTo('POST', '/v1/checkout/sessions');
    expect(req.params.automatic_tax).toEqual({ enabled: 'true' });
    for (const line of req.params.line_items) expect(line.price_data.tax_behavior).toBe('inclusive');

    const session = fake.completeSession(res.body.session_id);
    // Inclusive: the buyer pays what the shop showed; Stripe says how much of it is tax, per line rounded.
    expect(session.amount_total).toBe(698);
    const stripeTax = Math.round((299 * FAKE_TAX_RATE_BP) / 12000) + Math.round((399 * FAKE_TAX_RATE_BP) / 12000);
    expect(session.total_details.amount_tax).toBe(stripeTax);
    const hook = await postWebhook(http, signEvent(buildEvent('checkout.session.completed', session), WEBHOOK_SECRET));
    expect(hook.status).toBe(200);

    const row = await orderRow(app.strapi, order.uuid);
    expect(row).toMatchObject({ status: 'paid', vat_pence: stripeTax, vat_source: 'stripe', total_pence: 698 });
    const invoice = await app.strapi.plugin('greeting-cards').service('invoices').issueFor(row.id);
    expect(invoice).toMatchObject({
      vat_pence: stripeTax,
      gross_pence: 698,
      net_pence: 698 - stripeTax,
      vat_source: 'stripe',
    });

    const pdf = await http()
      .get(`/api/orders/${order.uuid}/invoice/`)
      .set(user.auth)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    const text = (await inspectPdf(pdf.body as Buffer)).pageTexts.join('\n').replace(/[ \t]+/g, ' ');
    expect(text).toContain(`Total VAT £${(stripeTax / 100).toFixed(2)}`);
    expect(text).toContain('Total £6.98');
    expect(text).toContain('VAT calculated by Stripe Tax.');
    // The shop's own 10 % would have said £0.63: not what is shown.
    expect(text).not.toContain('Total VAT £0.63');
  });
});
