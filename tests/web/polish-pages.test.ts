import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { htmx, webSession, WebSession } from './session';

// Issue 41, items 3 to 7, through the web pages on a real Strapi: what the pages say (the layout is
// tests/e2e/polish-pages.e2e.test.ts's).
describe('issue 41: the pages a picky shopper reads', () => {
  let app: TestApp;
  let user: TestUser;
  let s: WebSession;
  const http = () => app.http();
  const page = (path: string, lang = 'en') =>
    http()
      .get(`${path}${path.includes('?') ? '&' : '?'}locale=${lang}`)
      .set('Cookie', s.cookie);
  appForSuite(
    { SERVICE_RENDERER: 'memory', SERVICE_DEMO_PAYMENTS: 'true', SERVICE_PUBLIC_URL: 'https://cards.example.test' },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
      s = await webSession(app, user);
    },
  );

  describe('orders (item 6)', () => {
    it('lists each order with its number and the names of its cards', async () => {
      const recipient = await createRecipient(app.strapi, user);
      for (const title of ['Thank you, Grandma', 'Happy retirement']) {
        const card = await createCard(app.strapi, user, { title });
        await http()
          .post('/api/orders/add_to_cart/')
          .set(user.auth)
          .send({ card_id: card.id, recipient_id: recipient.id })
          .expect(200);
      }
      const cart = await http().get('/api/orders/cart/').set(user.auth);
      await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({}).expect(200);
      const number = cart.body.uuid.replace(/-/g, '').slice(0, 8).toUpperCase();

      // Checkout in demo mode says what pressing Pay does, not that the order can be reviewed later.
      const checkout = await page(`/checkout/${cart.body.uuid}/`);
      expect(checkout.text).not.toContain('You can review your order before it is sent');
      expect(checkout.text).toContain('demo mode: no money is taken');
      await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(user.auth).send({}).expect(200);

      const list = await page('/orders/');
      expect(list.status).toBe(200);
      const row = list.text.slice(list.text.indexOf('<tbody>'), list.text.indexOf('</tbody>'));
      expect(row).toContain(`No. ${number}`);
      expect(row).toContain('Thank you, Grandma');
      expect(row).toContain('Happy retirement');
      const order = await page(`/orders/${cart.body.uuid}/`);
      expect(order.text).toContain(`Order no. ${number}`);
      expect(order.text).not.toContain('You can review your order');
      const german = await page('/orders/', 'de');
      expect(german.text).toContain(`Nr. ${number}`);
      expect(htmx(s)).toBeTruthy();
    });
  });
});
