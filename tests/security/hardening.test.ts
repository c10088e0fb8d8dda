import fs from 'fs';
import path from 'path';
import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { writePdf } from '../../plugins/greeting-cards/server/src/areas/fulfilment/delivery-files';

// Issue 9, items 6, 9, 10, 14, 15 and 17 on one real Strapi.
describe('hardening: limits, bad bytes, CORS, logs, files, received cards', () => {
  let app: TestApp;
  let user: TestUser;
  const count = (name: string, where: Record<string, unknown> = {}) =>
    app.strapi.db.query(`plugin::greeting-cards.${name}` as Parameters<typeof app.strapi.db.query>[0]).count({ where });

  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_CART_MAX_ITEMS: '3',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
    },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
    },
  );

  describe('a cart holds at most SERVICE_CART_MAX_ITEMS items (item 6)', () => {
    it('answers 400 past the limit and keeps the cart as it was', async () => {
      const shopper = await createUser(app.strapi);
      const recipient = await createRecipient(app.strapi, shopper);
      const add = async () => {
        const card = await createCard(app.strapi, shopper);
        return app
          .http()
          .post('/api/orders/add_to_cart/')
          .set(shopper.auth)
          .send({ card_id: card.id, recipient_id: recipient.id });
      };
      for (let i = 0; i < 3; i++) expect((await add()).status).toBe(200);
      const refused = await add();
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: expect.stringMatching(/at most 3 items/) });
      const cart = await app.http().get('/api/orders/cart/').set(shopper.auth).expect(200);
      expect(cart.body.items).toHaveLength(3);
    });
  });

  describe('NUL characters are a 400 naming the field, never a 500 (item 9)', () => {
    it('in a card title, in a design and in a query parameter', async () => {
      const before = await count('card');
      const title = await app.http().post('/api/cards/').set(user.auth).send({ title: 'Happy\u0000birthday' });
      expect(title.status).toBe(400);
      expect(title.body).toEqual({ title: ['Null characters are not allowed.'] });
      const design = {
        version: '7.0.0',
        background: '#FFFFFF',
        objects: [{ type: 'textbox', text: 'Hi\u0000', left: 1, top: 1, width: 100 }],
      };
      const nested = await app.http().post('/api/cards/').set(user.auth).send({ title: 'Fine', canvas_data: design });
      expect(nested.status).toBe(400);
      expect(nested.body).toEqual({ canvas_data: ['Null characters are not allowed.'] });
      expect(await count('card')).toBe(before);
      const query = await app.http().get('/api/library/?type=draft%00').set(user.auth);
      expect(query.status).toBe(400);
      expect(query.body).toEqual({ type: ['Null characters are not allowed.'] });
    });

    it('in a recipient, created or updated', async () => {
      const before = await count('recipient');
      const created = await app
        .http()
        .post('/api/recipients/')
        .set(user.auth)
        .send({ first_name: 'Ada\u0000', last_name: 'Lovelace', email: 'ada@example.test' });
      expect(created.status).toBe(400);
      expect(created.body).toEqual({ first_name: ['Null characters are not allowed.'] });
      expect(await count('recipient')).toBe(before);
      const recipient = await createRecipient(app.strapi, user, { notes: 'kept' });
      const updated = await app
        .http()
        .patch(`/api/recipients/${recipient.id}/`)
        .set(user.auth)
        .send({ notes: 'x\u0000y' });
      expect(updated.status).toBe(400);
      expect(updated.body).toEqual({ notes: ['Null characters are not allowed.'] });
      const row = await app.strapi.db
        .query('plugin::greeting-cards.recipient')
        .findOne({ where: { id: recipient.id } });
      expect(row.notes).toBe('kept');
    });

    it('in a key, or in a path parameter', async () => {
      const key = await app
        .http()
        .post('/api/cards/')
        .set(user.auth)
        .set('Content-Type', 'application/json')
        .send('{"ti\\u0000tle": "x"}');
      expect(key.status).toBe(400);
      expect(key.body).toEqual({ detail: expect.stringMatching(/null characters/) });
      const param = await app.http().get('/api/orders/abc%00def/').set(user.auth);
      expect(param.status).toBe(404);
      expect(param.body).toEqual({ detail: 'Not found.' });
    });
  });

  describe('CORS grants credentials only to allowed origins (item 10)', () => {
    it("allows the public URL's origin by default", async () => {
      const res = await app.http().get('/api/templates/').set('Origin', 'https://cards.example.test');
      expect(res.headers['access-control-allow-origin']).toBe('https://cards.example.test');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    });

    it('does not echo any other origin, on requests or preflights', async () => {
      const res = await app.http().get('/api/cards/').set(user.auth).set('Origin', 'https://evil.example');
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await app
        .http()
        .options('/api/cards/')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    });
  });

  describe('print PDFs (item 14)', () => {
    it('are written through a temporary file of their own, so concurrent writers never collide', async () => {
      const a = Buffer.alloc(2 * 1024 * 1024, 'a');
      const b = Buffer.alloc(2 * 1024 * 1024, 'b');
      const id = 900000 + Math.floor(Math.random() * 1000);
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => writePdf(app.strapi, id, i % 2 ? a : b)),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const stored = path.resolve(app.strapi.dirs.app.root, (results[0] as PromiseFulfilledResult<string>).value);
      const body = fs.readFileSync(stored);
      expect(body.equals(a) || body.equals(b)).toBe(true);
      // No temporary file is left behind.
      expect(fs.readdirSync(path.dirname(stored)).filter((f) => f.startsWith(`delivery-${id}.pdf.`))).toEqual([]);
      fs.rmSync(stored, { force: true });
    });
  });

  describe('the access log (item 15)', () => {
    it('never holds a view token', async () => {
      const lines: string[] = [];
      const spy = jest.spyOn(app.strapi.log, 'http').mockImplementation(((message: string) => {
        lines.push(String(message));
        return app.strapi.log;
      }) as typeof app.strapi.log.http);
      try {
        await app.http().get('/cards/view/SECRET-token-1234567890/');
        await app.http().get('/cards/view/SECRET-token-1234567890/card.pdf');
      } finally {
        spy.mockRestore();
      }
      const viewLines = lines.filter((l) => l.includes('/cards/view/'));
      expect(viewLines).toHaveLength(2);
      expect(viewLines.join('\n')).not.toMatch(/SECRET-token/);
      expect(viewLines[0]).toMatch(/^GET \/cards\/view\/<token>\/ \(\d+ ms\) 404$/);
    });
  });

  describe('"received" library entries (item 17)', () => {
    // Security round 2 (item 8) made this "only for a proven address": tests/security/received-cards.test.ts.
    it('are listed only for a user who has proven the address', async () => {
      const library = app.strapi.plugin('greeting-cards').service('library') as {
        addReceived(cardId: number, email: string): Promise<boolean>;
      };
      const sender = await createUser(app.strapi);
      const card = await createCard(app.strapi, sender, { status: 'delivered' });
      const listed = async (u: { auth: Record<string, string> }) =>
        (await app.http().get('/api/library/?type=received').set(u.auth).expect(200)).body.count;
      const unconfirmed = await createUser(app.strapi, { confirmed: false });
      await library.addReceived(card.id, unconfirmed.email);
      expect(await listed(unconfirmed)).toBe(0);
      const proven = await createUser(app.strapi);
      await proveAddress(app.strapi, proven);
      expect(await library.addReceived(card.id, proven.email)).toBe(true);
      expect(await listed(proven)).toBe(1);
    });
  });
});
