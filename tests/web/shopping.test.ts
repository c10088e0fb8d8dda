import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { fulfilment } from '../fulfilment/helpers';
import { htmx, webSession, WebSession } from './session';

// Basket, promo code, checkout, demo payment, orders and subscriptions, through the web pages.
describe('shopping through the storefront (demo payments)', () => {
  let app: TestApp;
  let user: TestUser;
  let s: WebSession;
  const http = () => app.http();
  appForSuite(
    { SERVICE_RENDERER: 'memory', SERVICE_DEMO_PAYMENTS: 'true', SERVICE_PUBLIC_URL: 'https://cards.example.test' },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
      s = await webSession(app, user);
    },
  );

  async function addItem(title: string, extra: Record<string, unknown> = {}) {
    const card = await createCard(app.strapi, user, { title });
    const recipient = await createRecipient(app.strapi, user);
    const res = await http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'ecard', ...extra });
    expect(res.status).toBe(200);
    return res.body.items.find((i: { card: number }) => i.card === card.id);
  }

  it('shows an empty basket with a way back to the catalogue', async () => {
    const res = await http().get('/cart/').set('Cookie', s.cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Your basket is empty');
  });

  it('lists items with prices; removing one swaps the cart panel (htmx) or redirects (plain form)', async () => {
    const keep = await addItem('Keep me');
    const drop = await addItem('Drop me', { delivery_method: 'post' });
    const page = await http().get('/cart/').set('Cookie', s.cookie);
    expect(page.text).toContain('Keep me');
    expect(page.text).toContain('£2.99');
    expect(page.text).toContain('£3.99');
    expect(page.text).toMatch(/id="cart-total">£6.98</);

    const partial = await http().delete(`/cart/remove/${drop.id}/`).set(htmx(s));
    expect(partial.status).toBe(200);
    expect(partial.text.trim().startsWith('<div id="cart-panel"')).toBe(true);
    expect(partial.text).not.toContain('Drop me');
    expect(partial.text).toContain('Keep me');
    expect(partial.text).toMatch(/id="cart-total">£2.99</);

    const again = await http().delete(`/cart/remove/${drop.id}/`).set(htmx(s));
    expect(again.status).toBe(400);
    expect(again.text).toContain('no longer in your basket');
    expect(keep).toBeTruthy();
  });

  it('applies a promo code inline: the error sits next to the field, a good code shows the discount', async () => {
    const bad = await http().post('/cart/promo/').set(htmx(s)).type('form').send({ promo_code: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(bad.text.trim().startsWith('<div id="cart-panel"')).toBe(true);
    expect(bad.text).toMatch(/id="promo_code"[^>]*aria-invalid="true"/);
    expect(bad.text).toMatch(/<p class="field-error" id="promo_code-error">[^<]+<\/p>/);

    const good = await http().post('/cart/promo/').set(htmx(s)).type('form').send({ promo_code: 'firstcard' });
    expect(good.status).toBe(200);
    expect(good.text).toContain('FIRSTCARD applied');
    expect(good.text).toMatch(/id="cart-total">£0.00</);
    expect(good.text).toContain('name="promo_code" value="FIRSTCARD"');
    // The address bar keeps the code, so a reload still shows it applied.
    expect(good.headers['hx-push-url']).toBe('/cart/?promo=FIRSTCARD');
    const reloaded = await http().get('/cart/?promo=FIRSTCARD').set('Cookie', s.cookie);
    expect(reloaded.text).toMatch(/id="cart-total">£0.00</);

    // Without JavaScript the same post answers the whole page.
    const plain = await http()
      .post('/cart/promo/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf, promo_code: 'FIRSTCARD' });
    expect(plain.status).toBe(200);
    expect(plain.text.startsWith('<!doctype html>')).toBe(true);
  });

  it('checks out with the code, pays in demo mode and shows the order with its delivery sent', async () => {
    await addItem('Printed', { delivery_method: 'print' });
    const out = await http()
      .post('/cart/checkout/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf, promo_code: 'FIRSTCARD' });
    expect(out.status).toBe(303);
    const checkoutPath = out.headers.location as string;
    expect(checkoutPath).toMatch(/^\/checkout\/[0-9a-f-]{36}\/$/);
    const uuid = checkoutPath.split('/')[2];

    const checkout = await http().get(checkoutPath).set('Cookie', s.cookie);
    expect(checkout.status).toBe(200);
    expect(checkout.text).toContain('Discount (FIRSTCARD)');
    expect(checkout.text).toContain('Pay £0.00');

    const paid = await http()
      .post(`/checkout/${uuid}/pay/`)
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/orders/${uuid}/?paid=1`);
    // Payment starts the dispatch in the background; wait for it to finish.
    await fulfilment(app.strapi).drain();

    const order = await http().get(`/orders/${uuid}/`).set('Cookie', s.cookie);
    expect(order.status).toBe(200);
    expect(order.text).toMatch(/status-(paid|fulfilled)/);
    expect(order.text).toContain('Keep me');
    expect(order.text).toMatch(/delivery-status">Sent</);
    expect(order.text).toMatch(/href="\/api\/deliveries\/\d+\/pdf\/"/);

    const list = await http().get('/orders/').set('Cookie', s.cookie);
    expect(list.text).toContain(`href="/orders/${uuid}/"`);
    // A paid order's checkout page sends you to the order.
    expect((await http().get(checkoutPath).set('Cookie', s.cookie)).headers.location).toBe(`/orders/${uuid}/`);
  });

  it('another user sees "not found" for my order and checkout pages', async () => {
    const stranger = await createUser(app.strapi);
    const ss = await webSession(app, stranger);
    const [mine] = (await http().get('/api/orders/').set(user.auth)).body.results;
    expect((await http().get(`/orders/${mine.uuid}/`).set('Cookie', ss.cookie)).status).toBe(404);
    expect((await http().get(`/checkout/${mine.uuid}/`).set('Cookie', ss.cookie)).status).toBe(404);
    expect(
      (await http().post(`/checkout/${mine.uuid}/pay/`).set('Cookie', ss.cookie).type('form').send({ _csrf: ss.csrf }))
        .status,
    ).toBe(404);
  });

  it('subscriptions: plans, subscribing in demo mode, then status and renewal date on the return page', async () => {
    const page = await http().get('/subscriptions/').set('Cookie', s.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Premium');
    expect(page.text).toContain('£4.99');
    const sub = await http()
      .post('/subscriptions/subscribe/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf, plan_slug: 'premium' });
    expect(sub.status).toBe(303);
    expect(sub.headers.location).toBe('https://cards.example.test/subscriptions/?status=success');
    const back = await http().get('/subscriptions/?status=success').set('Cookie', s.cookie);
    expect(back.status).toBe(200);
    expect(back.text).toContain('Thank you for subscribing!');
    expect(back.text).toMatch(/status-active">Active</);
    expect(back.text).toMatch(/Renews on \d{1,2} \w+ \d{4}/);
    const portal = await http()
      .post('/subscriptions/portal/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf });
    expect(portal.status).toBe(303);
    expect(portal.headers.location).toBe('https://cards.example.test/subscriptions/');
    const unknown = await http()
      .post('/subscriptions/subscribe/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf, plan_slug: 'nope' });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
  });
});
