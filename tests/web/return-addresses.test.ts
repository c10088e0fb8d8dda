import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { startFakeStripe, FakeStripe } from '../helpers/fake-stripe';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { webSession, WebSession } from './session';

const PUBLIC_URL = 'https://cards.example.test';

// Stripe's return addresses and the reminder e-mail's link must open real pages, not 404s or JSON.
describe('return addresses open real pages (provider mode, fake Stripe)', () => {
  let app: TestApp;
  let fake: FakeStripe;
  let user: TestUser;
  let s: WebSession;
  const http = () => app.http();
  const pathOf = (url: string) => {
    expect(url.startsWith(PUBLIC_URL)).toBe(true);
    return url.slice(PUBLIC_URL.length);
  };
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startApp({
      SERVICE_RENDERER: 'memory',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_web_returns',
      SERVICE_STRIPE_API_BASE: fake.url,
      SERVICE_STRIPE_WEBHOOK_SECRET: 'whsec_web_returns',
      SERVICE_PUBLIC_URL: PUBLIC_URL,
    });
    user = await createUser(app.strapi);
    s = await webSession(app, user);
  });
  afterAll(async () => {
    await app?.stop();
    await fake?.close();
  });

  it('checkout redirects to Stripe Checkout; its success and cancel addresses are our order and basket pages', async () => {
    const card = await createCard(app.strapi, user, { title: 'Via Stripe' });
    const recipient = await createRecipient(app.strapi, user);
    await http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'ecard' })
      .expect(200);
    const out = await http().post('/cart/checkout/').set('Cookie', s.cookie).type('form').send({ _csrf: s.csrf });
    const uuid = String(out.headers.location).split('/')[2];
    const pay = await http()
      .post(`/checkout/${uuid}/pay/`)
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf });
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));

    const [session] = fake.requestsTo('POST', '/v1/checkout/sessions');
    const success = await http().get(pathOf(session.params.success_url)).set('Cookie', s.cookie);
    expect(success.status).toBe(200);
    expect(success.text).toContain('Your order');
    expect(success.text).toContain('Via Stripe');
    const cancel = await http().get(pathOf(session.params.cancel_url)).set('Cookie', s.cookie);
    expect(cancel.status).toBe(200);
    expect(cancel.text).toContain('Your basket');
    // The cancelled payment is still reachable from the basket.
    expect(cancel.text).toContain(`href="/checkout/${uuid}/"`);
  });

  it('subscription success, cancel and portal return addresses are the subscriptions page', async () => {
    for (const status of ['success', 'cancelled']) {
      const res = await http().get(`/subscriptions/?status=${status}`).set('Cookie', s.cookie);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Premium membership');
    }
    expect((await http().get('/subscriptions/?status=cancelled').set('Cookie', s.cookie)).text).toContain(
      'Nothing was charged',
    );
  });

  it("a reminder e-mail links to the catalogue page of the reminder's occasion", async () => {
    const url = app.strapi.plugin('greeting-cards').service('reminderMail').catalogueUrl('birthday');
    expect(url).toBe(`${PUBLIC_URL}/catalogue/?occasion=birthday`);
    const res = await http().get(pathOf(url));
    expect(res.status).toBe(200);
    expect(res.text).toContain('Balloon Party');
    expect(res.text).not.toContain('Snowy Christmas');
  });
});
