import { QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';

// A posted card's address is checked before any money is taken: when the recipient is saved, when the
// card is added to the cart, and again at checkout (the address may have changed in between).
describe('posted card addresses are checked before payment', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp(QUIET_APP);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('refuses to save a recipient whose postcode does not fit the country, naming the field', async () => {
    const user = await createUser(app.strapi);
    const res = await app.http().post('/api/recipients/').set(user.auth).send({
      first_name: 'Ada',
      address_line_1: 'Unter den Linden 1',
      city: 'Berlin',
      postcode: '1011',
      country: 'DE',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ postcode: ['Enter a valid postcode for DE.'] });
    const ok = await app.http().post('/api/recipients/').set(user.auth).send({
      first_name: 'Ada',
      address_line_1: 'Unter den Linden 1',
      city: 'Berlin',
      postcode: '10117',
      country: 'DE',
    });
    expect(ok.status).toBe(201);
  });

  it('refuses to add a posted card for an address that cannot be posted to, and checks again at checkout', async () => {
    const user = await createUser(app.strapi);
    const card = await createCard(app.strapi, user);
    // Saved before the check existed (straight in the database).
    const bad = await createRecipient(app.strapi, user, { country: 'US', postcode: 'SW1Y 4JH' });
    const refused = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: bad.id, delivery_method: 'post' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      recipient_id: ["The recipient's postcode cannot be posted to: Enter a valid postcode for US."],
    });
    // An e-card to the same recipient does not need a postal address.
    expect(
      (
        await app
          .http()
          .post('/api/orders/add_to_cart/')
          .set(user.auth)
          .send({ card_id: card.id, recipient_id: bad.id })
      ).status,
    ).toBe(200);

    const good = await createRecipient(app.strapi, user, { country: 'GB' });
    const posted = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: good.id, delivery_method: 'post' });
    expect(posted.status).toBe(200);
    // The address changes after the card was added (straight in the database, as an import might).
    await app.strapi.db
      .query('plugin::greeting-cards.recipient')
      .update({ where: { id: good.id }, data: { country: 'ZZ' } });
    const cart = await app.http().get('/api/orders/cart/').set(user.auth);
    const checkout = await app.http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({});
    expect(checkout.status).toBe(400);
    expect(checkout.body).toEqual({
      items: [
        expect.stringMatching(/recipient's country cannot be posted to: Enter a two-letter ISO 3166 country code/),
      ],
    });
  });
});
