import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { webSession, WebSession } from '../web/session';

// Issue 21, item 5 at checkout: posted and printed items are checked again when the cart is checked
// out. Errors (an object entirely off the card) block it with a 400 naming the card, on the API and on
// the basket page; warnings never block (no new field for existing clients): the basket lists them
// and its button then says "Print them as they are: checkout".
const text = (t: string, extra: Record<string, unknown> = {}) => ({
  type: 'textbox',
  text: t,
  left: 100,
  top: 300,
  width: 300,
  fontSize: 30,
  fill: '#112233',
  fontFamily: 'Georgia',
  ...extra,
});
const design = (objects: unknown[]) => ({ version: '7.0.0', width: 600, height: 850, background: '#FFFFFF', objects });

describe('preflight at checkout', () => {
  let app: TestApp;
  let user: TestUser;
  let s: WebSession;
  const http = () => app.http();
  appForSuite(
    { SERVICE_RENDERER: 'memory', SERVICE_DEMO_PAYMENTS: 'true', SERVICE_SEED_SAMPLE_DATA: 'false' },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
      s = await webSession(app, user);
    },
  );

  async function cartWith(title: string, objects: unknown[], method: string) {
    const card = await createCard(app.strapi, user, {
      title,
      canvas_data: design(objects),
      inside_message: 'With love',
    });
    const recipient = await createRecipient(app.strapi, user);
    await http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: method })
      .expect(200);
    return card;
  }
  const cartUuid = async () => (await http().get('/api/orders/cart/').set(user.auth).expect(200)).body.uuid as string;
  const emptyCart = async () => {
    for (const item of (await http().get('/api/orders/cart/').set(user.auth).expect(200)).body.items) {
      await http().delete(`/api/orders/cart/items/${item.id}/`).set(user.auth);
    }
  };

  it('refuses to check out a posted card with an object off the card, naming the card (API and basket page)', async () => {
    const card = await cartWith('Lost at sea', [text('Gone', { left: 900 })], 'post');
    const res = await http()
      .post(`/api/orders/${await cartUuid()}/checkout/`)
      .set(user.auth)
      .send({})
      .expect(400);
    expect(res.body).toEqual({
      items: [
        expect.stringMatching(/^“Lost at sea” \(posted card\): An object on the front is entirely outside the card/),
      ],
    });
    // The cart is still a cart: nothing was frozen.
    expect(
      (await http().get('/api/orders/cart/').set(user.auth).expect(200)).body.items.map(
        (i: { card: number }) => i.card,
      ),
    ).toEqual([card.id]);

    const basket = await http().get('/cart/').set('Cookie', s.cookie).expect(200);
    expect(basket.text).toMatch(
      /class="preflight-error"><strong>Must fix.<\/strong> An object on the front is entirely outside the card/,
    );
    expect(basket.text).toContain(`href="/editor/${card.id}/"`);
    const page = await http().post('/cart/checkout/').set('Cookie', s.cookie).type('form').send({ _csrf: s.csrf });
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/class="form-alert" role="alert">“Lost at sea” \(posted card\): An object on the front/);
  });

  it('lets the same design go as an e-card (it is never printed)', async () => {
    await emptyCart();
    await cartWith('Screen only', [text('Gone', { left: 900 })], 'ecard');
    const res = await http()
      .post(`/api/orders/${await cartUuid()}/checkout/`)
      .set(user.auth)
      .send({})
      .expect(200);
    expect(res.body.status).toBe('pending_payment');
  });

  it('lists warnings in the basket, whose button then says "Print them as they are", and checks out with them', async () => {
    // Text reaching into the safe margin: a warning, never an error.
    await cartWith('Edgy', [text('Edge', { left: 2 })], 'print');
    const basket = await http().get('/cart/').set('Cookie', s.cookie).expect(200);
    expect(basket.text).toMatch(/class="preflight-warning">Text on the front crosses the safe margin/);
    expect(basket.text).toMatch(
      /<button[^>]*type="submit" aria-describedby="preflight-accept-note">Print them as they are: checkout<\/button>/,
    );
    // The same form, no new field: pressing the button is the acknowledgement.
    const out = await http().post('/cart/checkout/').set('Cookie', s.cookie).type('form').send({ _csrf: s.csrf });
    expect(out.status).toBe(303);
    expect(out.headers.location).toMatch(/^\/checkout\/[0-9a-f-]{36}\/$/);
    // A basket without warnings keeps its plain button.
    await cartWith('Tidy', [text('Inside the margins')], 'post');
    const tidy = await http().get('/cart/').set('Cookie', s.cookie).expect(200);
    expect(tidy.text).not.toContain('preflight-notes');
    expect(tidy.text).toMatch(/type="submit">Checkout<\/button>/);
    await emptyCart();
  });

  it('checks out a card with warnings through the API without any new field', async () => {
    await cartWith('Edgy again', [text('Edge', { left: 2 })], 'post');
    const res = await http()
      .post(`/api/orders/${await cartUuid()}/checkout/`)
      .set(user.auth)
      .send({})
      .expect(200);
    expect(res.body.status).toBe('pending_payment');
    expect(res.body.items).toHaveLength(1);
  });
});
