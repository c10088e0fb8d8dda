import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient, orderRow, pendingOrder } from '../helpers/order-fixtures';
import { webSession, WebSession } from '../web/session';

// Security round 2, item 6: the storefront's own routes went around the limiter. GET /cart/?promo=...
// answered 150 guesses in a row; checkout and pay through the pages were unlimited while their /api
// twins were limited. Every page action that writes, renders or checks a code now counts against the
// same per-user and per-IP counters as its API twin.

const PER_USER = 4;

describe("security: storefront actions share the API twins' limits", () => {
  let app: TestApp;
  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_WRITES_PER_USER: String(PER_USER),
      SERVICE_RATE_LIMIT_WRITES_PER_IP: '100000',
    },
    (booted) => {
      app = booted;
    },
  );

  async function shopper(): Promise<{ user: TestUser; s: WebSession }> {
    const user = await createUser(app.strapi);
    return { user, s: await webSession(app, user) };
  }

  /** Spends what is left of the user's write budget through the API, as a script would. */
  async function exhaust(user: TestUser, spent = 0) {
    for (let i = spent; i < PER_USER; i++)
      expect(
        (
          await app
            .http()
            .post('/api/cards/')
            .set(user.auth)
            .send({ title: `Spend ${i}` })
        ).status,
      ).toBe(201);
    expect((await app.http().post('/api/cards/').set(user.auth).send({ title: 'Over' })).status).toBe(429);
  }

  const expectLimitedPage = (res: { status: number; headers: Record<string, string>; text: string }) => {
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toMatch(/html/);
    expect(res.text).toMatch(/Too many requests/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  it('stops promo-code guessing through GET /cart/?promo=..., and leaves the plain basket readable', async () => {
    const { user, s } = await shopper();
    const [card, recipient] = [await createCard(app.strapi, user), await createRecipient(app.strapi, user)];
    expect(
      (
        await app
          .http()
          .post('/api/orders/add_to_cart/')
          .set(user.auth)
          .send({ card_id: card.id, recipient_id: recipient.id })
      ).status,
    ).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 150 && !answers.includes(429); i++) {
      answers.push((await app.http().get(`/cart/?promo=GUESS${i}`).set('Cookie', s.cookie)).status);
    }
    expect(answers).toEqual([200, 200, 200, 429]);
    expectLimitedPage(await app.http().get('/cart/?promo=FIRSTCARD').set('Cookie', s.cookie));
    expect((await app.http().get('/cart/').set('Cookie', s.cookie)).status).toBe(200);
  });

  it('counts page guesses against the API twin too', async () => {
    const { user, s } = await shopper();
    for (let i = 0; i < PER_USER; i++)
      expect((await app.http().get(`/cart/?promo=G${i}`).set('Cookie', s.cookie)).status).toBe(200);
    expect((await app.http().post('/api/cards/').set(user.auth).send({ title: 'After guessing' })).status).toBe(429);
  });

  it('limits the promo form, checkout, new cards and personalising through the pages', async () => {
    const { user, s } = await shopper();
    await exhaust(user);
    const form = (path: string, fields: Record<string, string> = {}) =>
      app
        .http()
        .post(path)
        .set('Cookie', s.cookie)
        .type('form')
        .send({ _csrf: s.csrf, ...fields });
    expectLimitedPage(await form('/cart/promo/', { promo_code: 'FIRSTCARD' }));
    expectLimitedPage(await form('/cart/checkout/', { promo_code: 'FIRSTCARD' }));
    expectLimitedPage(await form('/editor/'));
    expectLimitedPage(await form('/editor/template/any-template/'));
    expect(await app.strapi.db.query('plugin::greeting-cards.card').count({ where: { owner: { id: user.id } } })).toBe(
      PER_USER,
    );
  });

  it('limits paying through the page, and the order stays unpaid', async () => {
    const { user, s } = await shopper();
    const order = await pendingOrder(app.strapi, () => app.http(), user); // add to cart + checkout: 2 writes
    await exhaust(user, 2);
    const res = await app
      .http()
      .post(`/checkout/${order.uuid}/pay/`)
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf });
    expectLimitedPage(res);
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('pending_payment');
  });

  it("limits the editor's photo uploads (JSON answers)", async () => {
    const { user, s } = await shopper();
    await exhaust(user);
    const res = await app
      .http()
      .post('/editor/photos')
      .set('Cookie', s.cookie)
      .set('X-CSRF-Token', s.csrf)
      .attach('photo', Buffer.from('not really a png'), 'photo.png');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: expect.stringMatching(/Too many requests/) });
  });

  it('a forged page request (no CSRF token) spends nothing', async () => {
    const { user, s } = await shopper();
    for (let i = 0; i < PER_USER + 2; i++)
      expect((await app.http().post('/editor/').set('Cookie', s.cookie).type('form').send({})).status).toBe(403);
    expect((await app.http().post('/api/cards/').set(user.auth).send({ title: 'Still allowed' })).status).toBe(201);
  });
});
