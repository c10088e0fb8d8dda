import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient, orderRow } from '../helpers/order-fixtures';

const RECIPIENT = 'plugin::greeting-cards.recipient';

// Issue 9, item 5: what was valid when added to the cart may not be at checkout (recipient deleted,
// e-mail or address removed). Checkout re-checks every item and answers 400 naming it.
describe('security: checkout re-checks every item', () => {
  let app: TestApp;
  const http = () => app.http();

  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false' }, (booted) => {
    app = booted;
  });

  async function cartWithItem(method: 'ecard' | 'post') {
    const u = await createUser(app.strapi);
    const r = await createRecipient(app.strapi, u);
    const card = await createCard(app.strapi, u);
    const cart = (
      await http()
        .post('/api/orders/add_to_cart/')
        .set(u.auth)
        .send({ card_id: card.id, recipient_id: r.id, delivery_method: method })
        .expect(200)
    ).body;
    const checkout = () => http().post(`/api/orders/${cart.uuid}/checkout/`).set(u.auth).send({});
    return { u, r, cart, itemId: cart.items[0].id as number, checkout };
  }

  it('refuses an e-card whose recipient no longer has an e-mail address', async () => {
    const { r, cart, itemId, checkout } = await cartWithItem('ecard');
    await app.strapi.db.query(RECIPIENT).update({ where: { id: r.id }, data: { email: '' } });
    const res = await checkout();
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ items: [expect.stringContaining(`Item ${itemId}`)] });
    expect(res.body.items[0]).toMatch(/e-mail/);
    expect((await orderRow(app.strapi, cart.uuid)).status).toBe('cart');
  });

  it('refuses a posted card whose recipient lost part of the address, or was deleted', async () => {
    const posted = await cartWithItem('post');
    await app.strapi.db.query(RECIPIENT).update({ where: { id: posted.r.id }, data: { postcode: '' } });
    const res = await posted.checkout();
    expect(res.status).toBe(400);
    expect(res.body.items[0]).toMatch(new RegExp(`Item ${posted.itemId}.*postcode`));

    const gone = await cartWithItem('post');
    await http().delete(`/api/recipients/${gone.r.id}/`).set(gone.u.auth).expect(204);
    const res2 = await gone.checkout();
    expect(res2.status).toBe(400);
    expect(res2.body.items[0]).toMatch(new RegExp(`Item ${gone.itemId}.*recipient`));
    expect((await orderRow(app.strapi, gone.cart.uuid)).status).toBe('cart');
  });
});
