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

  describe('the address book (item 4)', () => {
    it('shows every field error at once: a bad e-mail and a bad postcode', async () => {
      const res = await http()
        .post('/recipients/add/')
        .set(htmx(s))
        .type('form')
        .send({ first_name: 'Bad', email: 'not-an-email', postcode: '!!!', country: 'GB' });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/id="email-error"/);
      expect(res.text).toMatch(/id="postcode-error"/);
      expect(res.text).toContain('valid email');
      expect(res.text).toContain('UK postcode');
    });

    it('names your own entry as your account does, not by its e-mail twice', async () => {
      const res = await page('/recipients/');
      const own = res.text.slice(res.text.indexOf('<ul class="entry-list">'));
      const title = /<p class="entry-title">([^<]*)/.exec(own)![1].trim();
      expect(title).toBe(user.username);
      expect(title).not.toContain('@');
    });

    it("offers countries and time zones by name, in the shopper's language", async () => {
      const en = await page('/recipients/');
      expect(en.text).toMatch(/<select id="r-country" name="country"[^>]*>/);
      expect(en.text).toMatch(/<option value="GB" selected>United Kingdom<\/option>/);
      expect(en.text).toMatch(/<select id="r-time_zone" name="time_zone"/);
      expect(en.text).toMatch(/<option value="Europe\/Berlin">Berlin — Central European Time<\/option>/);
      expect(en.text).not.toContain('Country code');
      const de = await page('/recipients/', 'de');
      expect(de.text).toMatch(/<option value="GB" selected>Vereinigtes Königreich<\/option>/);
      expect(de.text).toMatch(/<option value="DE">Deutschland<\/option>/);
      expect(de.text).toMatch(/<option value="Europe\/Berlin">Berlin — Mitteleuropäische Zeit<\/option>/);
      expect(de.text).toContain('aria-label="Land suchen"');
      // A posted entry keeps the zone chosen.
      const added = await http().post('/recipients/add/').set(htmx(s)).type('form').send({
        first_name: 'Zoe',
        country: 'DE',
        postcode: '10115',
        time_zone: 'Europe/Berlin',
        birthday: '1988-02-03',
      });
      expect(added.status).toBe(200);
      const zoe = await app.strapi.db
        .query('plugin::greeting-cards.recipient')
        .findOne({ where: { owner: user.id, first_name: 'Zoe' } });
      expect(zoe).toMatchObject({ country: 'DE', time_zone: 'Europe/Berlin' });
    });

    it('says a first address link is ready without warning about links shared before', async () => {
      const first = await http().post('/recipients/request-link/').set(htmx(s));
      expect(first.status).toBe(200);
      expect(first.text).toContain('Your address link is ready.');
      expect(first.text).not.toContain('no longer works');
      const second = await http().post('/recipients/request-link/').set(htmx(s));
      expect(second.text).toContain('Any link you shared before no longer works.');
    });

    it('reminders: no "(0)", and the birthdays the address book holds are one press away', async () => {
      const empty = await page('/reminders/');
      expect(empty.text).not.toContain('(0)');
      expect(empty.text).toMatch(/Zoe: Birthday on 3 February 1988/);
      const zoe = await app.strapi.db
        .query('plugin::greeting-cards.recipient')
        .findOne({ where: { owner: user.id, first_name: 'Zoe' } });
      const made = await http()
        .post('/reminders/add/')
        .set(htmx(s))
        .type('form')
        .send({ type: 'birthday', recipient_id: String(zoe.id) });
      expect(made.status).toBe(200);
      expect(made.text).toContain('Coming up (1)');
      expect(made.text).not.toMatch(/Zoe: Birthday on/);
    });
  });

  describe('group cards (item 3)', () => {
    it('the organiser sees the card, its prices, and sending apart from only closing', async () => {
      const card = await createCard(app.strapi, user, { title: 'Farewell' });
      const group = await http()
        .post('/api/group-cards/')
        .set(user.auth)
        .send({
          card_id: card.id,
          title: 'Good luck, Sam!',
          recipient_name: 'Sam',
          deadline: new Date(Date.now() + 7 * 86400000).toISOString(),
        });
      expect(group.status).toBe(201);
      const res = await page(`/group/${group.body.uuid}/`);
      expect(res.text).toContain(`src="/editor/${card.id}/front.png"`);
      expect(res.text).toContain('What it costs to send');
      expect(res.text).toMatch(/E-card[^<]*<strong>£2.99<\/strong>/);
      // Send first (the primary button), then only closing, a secondary button explained on its own.
      const send = res.text.indexOf('class="finish-option finish-primary');
      const close = res.text.indexOf('class="finish-option finish-secondary');
      expect(send).toBeGreaterThan(0);
      expect(close).toBeGreaterThan(send);
      expect(res.text.slice(close)).toMatch(
        /<button class="button button-secondary" type="submit">Close signing<\/button>/,
      );
      expect(res.text.slice(close)).toContain('without sending anything');

      // A signer who has signed is thanked, with edit and delete, and not shown the whole form again.
      const token = String(group.body.sign_url).match(/\/sign\/([^/]+)\//)![1];
      const first = await http().get(`/sign/${token}/`);
      const cookie = ((first.headers['set-cookie'] as unknown as string[]) ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
      const csrf = /name="_csrf" value="([^"]*)"/.exec(first.text)![1];
      expect(first.text).toContain('class="stack sign-form"');
      const signed = await http()
        .post(`/sign/${token}/`)
        .set({ Cookie: cookie, 'HX-Request': 'true', 'X-CSRF-Token': csrf })
        .type('form')
        .send({ _csrf: csrf, display_name: 'Bea', message: 'All the best!' });
      expect(signed.status).toBe(200);
      expect(signed.text).toContain('Thanks — your message is on the card');
      expect(signed.text).toContain('All the best!');
      expect(signed.text).toMatch(/>Edit<span/);
      expect(signed.text).toMatch(/>Delete<span/);
      expect(signed.text).not.toContain('class="stack sign-form"');
      expect(signed.text).toContain('?add=1');
    });
  });
});
