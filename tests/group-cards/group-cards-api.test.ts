import { appForSuite, QUIET_APP, TestApp } from '../helpers/strapi';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';

// Issue 23, stage 1: every group-card route, for the organiser and for anonymous signers.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const CAP = 4;

describe('group cards API', () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceCard: number;
  let bobCard: number;
  let freeSticker: number;
  let premiumSticker: number;

  appForSuite({ ...QUIET_APP, SERVICE_GROUP_CARD_MAX_SIGNATURES: String(CAP) }, async (booted) => {
    app = booted;
    alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Organiser' });
    // Invitations are e-mails to others: a proven address (tests/security/mail-relay.test.ts).
    await proveAddress(app.strapi, alice);
    bob = await createUser(app.strapi);
    aliceCard = (await createCard(app.strapi, alice, { title: 'Leaving card' })).id;
    bobCard = (await createCard(app.strapi, bob)).id;
    const assets = app.strapi.db.query('plugin::greeting-cards.asset');
    freeSticker = (
      await assets.create({
        data: {
          name: 'Party',
          asset_type: 'sticker',
          emoji: '🎉',
          is_premium: false,
          is_active: true,
          publishedAt: new Date(),
        },
      })
    ).id;
    premiumSticker = (
      await assets.create({
        data: {
          name: 'Crown',
          asset_type: 'sticker',
          emoji: '👑',
          is_premium: true,
          is_active: true,
          publishedAt: new Date(),
        },
      })
    ).id;
  });

  const start = async (user: TestUser, body: Record<string, unknown> = {}) => {
    const res = await app
      .http()
      .post('/api/group-cards/')
      .set(user.auth)
      .send({ card_id: aliceCard, title: 'Goodbye Sam', recipient_name: 'Sam', deadline: inDays(3), ...body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const sign = (token: string, body: Record<string, unknown> = {}) =>
    app
      .http()
      .post(`/api/sign/${token}/signatures/`)
      .send({ display_name: 'Jo', message: 'Good luck!', ...body });
  /** Moves a group card's deadline into the past, as time passing would. */
  const expire = (uuid: string) =>
    app.strapi.db
      .query('plugin::greeting-cards.group-card')
      .update({ where: { uuid }, data: { deadline: new Date(Date.now() - 1000) } });

  describe('organiser routes', () => {
    it('starts a group card from an own card, with a link and a page', async () => {
      const body = await start(alice, { invite_emails: ['A@Example.test', 'a@example.test', 'b@example.test'] });
      expect(body).toMatchObject({
        title: 'Goodbye Sam',
        recipient_name: 'Sam',
        status: 'open',
        card_id: aliceCard,
        signature_count: 0,
        show_signatures: true,
        approval_mode: false,
        max_signatures: CAP,
        signatures: [],
        invite_emails: ['a@example.test', 'b@example.test'],
      });
      expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.sign_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(body.sign_url).toMatch(new RegExp(`/sign/${body.sign_token}/$`));
      expect(body.page_url).toBe(`/group/${body.uuid}/`);
      const got = await app.http().get(`/api/group-cards/${body.uuid}/`).set(alice.auth);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(body);
    });

    it("lists only the caller's group cards, newest first", async () => {
      const first = await start(alice, { title: 'First' });
      const second = await start(alice, { title: 'Second' });
      const res = await app.http().get('/api/group-cards/').set(alice.auth);
      expect(res.status).toBe(200);
      expect(res.body.results.map((g: { uuid: string }) => g.uuid).slice(0, 2)).toEqual([second.uuid, first.uuid]);
      const bobs = await app.http().get('/api/group-cards/').set(bob.auth);
      expect(bobs.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('refuses anonymous callers with 401 and other users with 404 on every organiser route', async () => {
      const g = await start(alice);
      const sig = (await sign(g.sign_token)).body.id;
      const routes: Array<['get' | 'post' | 'patch' | 'delete', string]> = [
        ['get', '/api/group-cards/'],
        ['post', '/api/group-cards/'],
        ['get', `/api/group-cards/${g.uuid}/`],
        ['patch', `/api/group-cards/${g.uuid}/`],
        ['post', `/api/group-cards/${g.uuid}/rotate-link/`],
        ['post', `/api/group-cards/${g.uuid}/close/`],
        ['post', `/api/group-cards/${g.uuid}/reorder/`],
        ['post', `/api/group-cards/${g.uuid}/signatures/${sig}/hide/`],
        ['post', `/api/group-cards/${g.uuid}/signatures/${sig}/show/`],
        ['delete', `/api/group-cards/${g.uuid}/signatures/${sig}/`],
      ];
      for (const [method, path] of routes) {
        const anonymous = await app.http()[method](path).send({});
        expect({ path, status: anonymous.status, body: anonymous.body }).toEqual({
          path,
          status: 401,
          body: { detail: expect.any(String) },
        });
        if (path === '/api/group-cards/') continue;
        const other = await app
          .http()
          [method](path)
          .set(bob.auth)
          .send({ signature_ids: [sig], title: 'x' });
        expect({ path, status: other.status, body: other.body }).toEqual({
          path,
          status: 404,
          body: { detail: 'Not found.' },
        });
      }
      // Nothing changed for the owner.
      const after = await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth);
      expect(after.body).toMatchObject({
        status: 'open',
        sign_token: g.sign_token,
        signature_count: 1,
        signatures: [{ id: sig, status: 'visible' }],
      });
      expect((await app.http().get('/api/group-cards/not-a-uuid/').set(alice.auth)).status).toBe(404);
    });

    it("validates the body: someone else's card, a past deadline, blank text, bad e-mails, NUL bytes", async () => {
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ card_id: bobCard }, 'card_id'],
        [{ card_id: undefined }, 'card_id'],
        [{ card_id: 'abc' }, 'card_id'],
        [{ deadline: inDays(-1) }, 'deadline'],
        [{ deadline: '2030-01-01' }, 'deadline'],
        [{ deadline: 'soon' }, 'deadline'],
        [{ title: '   ' }, 'title'],
        [{ title: 'x'.repeat(121) }, 'title'],
        [{ recipient_name: undefined }, 'recipient_name'],
        [{ invite_emails: ['not an address'] }, 'invite_emails.0'],
        [{ invite_emails: 'a@b.test' }, 'invite_emails'],
      ];
      for (const [override, field] of bad) {
        const res = await app
          .http()
          .post('/api/group-cards/')
          .set(alice.auth)
          .send({ card_id: aliceCard, title: 'T', recipient_name: 'R', deadline: inDays(2), ...override });
        expect({ override, status: res.status, fields: Object.keys(res.body) }).toEqual({
          override,
          status: 400,
          fields: [field],
        });
      }
      const nul = await app
        .http()
        .post('/api/group-cards/')
        .set(alice.auth)
        .send({ card_id: aliceCard, title: 'T\u0000', recipient_name: 'R', deadline: inDays(2) });
      expect(nul.status).toBe(400);
      const count = await app.strapi.db.query('plugin::greeting-cards.group-card').count({ where: { title: 'T' } });
      expect(count).toBe(0);
    });

    it('rotates the link: the old token is 404 at once, the new one works', async () => {
      const g = await start(alice);
      expect((await app.http().get(`/api/sign/${g.sign_token}/`)).status).toBe(200);
      const rotated = await app.http().post(`/api/group-cards/${g.uuid}/rotate-link/`).set(alice.auth);
      expect(rotated.status).toBe(200);
      expect(rotated.body.sign_token).not.toBe(g.sign_token);
      expect((await app.http().get(`/api/sign/${g.sign_token}/`)).body).toEqual({ detail: 'Not found.' });
      expect((await sign(g.sign_token)).status).toBe(404);
      expect((await app.http().get(`/api/sign/${rotated.body.sign_token}/`)).status).toBe(200);
      expect((await sign(rotated.body.sign_token)).status).toBe(201);
    });

    it('closes idempotently, and signing then answers 410 naming the organiser', async () => {
      const g = await start(alice);
      const first = await app.http().post(`/api/group-cards/${g.uuid}/close/`).set(alice.auth);
      expect(first.status).toBe(200);
      expect(first.body.status).toBe('closed');
      expect(first.body.closed_at).toEqual(expect.any(String));
      const second = await app.http().post(`/api/group-cards/${g.uuid}/close/`).set(alice.auth);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      const view = await app.http().get(`/api/sign/${g.sign_token}/`);
      expect(view.status).toBe(410);
      expect(view.body.detail).toBe(
        'This group card is closed to new messages. To add something now, contact the organiser, Alice Organiser.',
      );
      expect((await sign(g.sign_token)).status).toBe(410);
    });

    it('moderates: hide, show, delete and reorder, each reflected on the public card', async () => {
      const g = await start(alice);
      const a = (await sign(g.sign_token, { display_name: 'A' })).body.id;
      const b = (await sign(g.sign_token, { display_name: 'B' })).body.id;
      const c = (await sign(g.sign_token, { display_name: 'C' })).body.id;
      const publicNames = async () =>
        (await app.http().get(`/api/sign/${g.sign_token}/`)).body.signatures.map(
          (s: { display_name: string }) => s.display_name,
        );
      expect(await publicNames()).toEqual(['A', 'B', 'C']);
      const hidden = await app.http().post(`/api/group-cards/${g.uuid}/signatures/${b}/hide/`).set(alice.auth);
      expect(hidden.body.signatures.find((s: { id: number }) => s.id === b).status).toBe('hidden');
      expect(await publicNames()).toEqual(['A', 'C']);
      await app.http().post(`/api/group-cards/${g.uuid}/signatures/${b}/show/`).set(alice.auth);
      expect(await publicNames()).toEqual(['A', 'B', 'C']);
      const reordered = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/reorder/`)
        .set(alice.auth)
        .send({ signature_ids: [c, a] });
      expect(reordered.status).toBe(200);
      expect(reordered.body.signatures.map((s: { id: number }) => s.id)).toEqual([c, a, b]);
      expect(await publicNames()).toEqual(['C', 'A', 'B']);
      const wrong = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/reorder/`)
        .set(alice.auth)
        .send({ signature_ids: [999999] });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body)).toEqual(['signature_ids']);
      const removed = await app.http().delete(`/api/group-cards/${g.uuid}/signatures/${a}/`).set(alice.auth);
      expect(removed.status).toBe(204);
      expect(await publicNames()).toEqual(['C', 'B']);
      expect((await app.http().delete(`/api/group-cards/${g.uuid}/signatures/${a}/`).set(alice.auth)).status).toBe(404);
    });

    it('hides the signatures from signers when the organiser says so', async () => {
      const g = await start(alice, { show_signatures: false });
      await sign(g.sign_token);
      const view = await app.http().get(`/api/sign/${g.sign_token}/`);
      expect(view.body).toMatchObject({ show_signatures: false, signatures: [], signature_count: 1 });
      const patched = await app
        .http()
        .patch(`/api/group-cards/${g.uuid}/`)
        .set(alice.auth)
        .send({ show_signatures: true });
      expect(patched.body.show_signatures).toBe(true);
      expect((await app.http().get(`/api/sign/${g.sign_token}/`)).body.signatures).toHaveLength(1);
    });
  });

  describe('close and send', () => {
    it('closes, lays the visible signatures inside a new card in order, and puts it in the basket once', async () => {
      const g = await start(alice);
      const a = (
        await sign(g.sign_token, { display_name: 'Ann', message: 'First message', colour: '#123456', font: 'Caveat' })
      ).body.id;
      const b = (await sign(g.sign_token, { display_name: 'Ben', message: 'Hidden one' })).body.id;
      const c = (await sign(g.sign_token, { display_name: 'Cat', message: 'Third message', sticker_id: freeSticker }))
        .body.id;
      await app.http().post(`/api/group-cards/${g.uuid}/signatures/${b}/hide/`).set(alice.auth);
      await app
        .http()
        .post(`/api/group-cards/${g.uuid}/reorder/`)
        .set(alice.auth)
        .send({ signature_ids: [c, a] });
      const bad = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/send/`)
        .set(alice.auth)
        .send({ delivery_method: 'pigeon' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(['delivery_method']);
      expect((await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body.status).toBe('open');
      expect(
        (await app.http().post(`/api/group-cards/${g.uuid}/send/`).set(bob.auth).send({ delivery_method: 'print' }))
          .status,
      ).toBe(404);

      const sent = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/send/`)
        .set(alice.auth)
        .send({ delivery_method: 'print' });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ status: 'closed', left_off: 0, basket_card_id: expect.any(Number) });
      const again = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/send/`)
        .set(alice.auth)
        .send({ delivery_method: 'print' });
      expect(again.body.basket_card_id).toBe(sent.body.basket_card_id);

      const cart = (await app.http().get('/api/orders/cart/').set(alice.auth)).body;
      const items = cart.items.filter((i: { card: number }) => i.card === sent.body.basket_card_id);
      expect(items).toHaveLength(1);
      expect(items[0].delivery_method).toBe('print');
      const card = await app.strapi.db
        .query('plugin::greeting-cards.card')
        .findOne({ where: { id: sent.body.basket_card_id } });
      const inside = card.canvas_data.pages.inside_right.objects.map((o: { text: string }) => o.text);
      expect(inside).toEqual(['🎉 Third message\n— Cat', 'First message\n— Ann']);
      expect(card.canvas_data.pages.inside_right.objects[1]).toMatchObject({
        type: 'textbox',
        fill: '#123456',
        fontFamily: 'Caveat',
      });
      expect(JSON.stringify(card.canvas_data)).not.toContain('Hidden one');
      // The organiser's own card is left as it was.
      const original = await app.strapi.db.query('plugin::greeting-cards.card').findOne({ where: { id: aliceCard } });
      expect(original.canvas_data.pages).toBeUndefined();
    });

    it('leaves the group card open, and makes no card, when the basket refuses it (security issue 39)', async () => {
      const g = await start(alice);
      await sign(g.sign_token, { display_name: 'Ann', message: 'Before the failed send' });
      const cards = app.strapi.db.query('plugin::greeting-cards.card');
      const aliceCards = () => cards.count({ where: { owner: { id: alice.id } } });
      const cardsBefore = await aliceCards();
      const bobsRecipient = (
        await app.http().post('/api/recipients/').set(bob.auth).send({ first_name: 'Bo', email: 'bo@example.test' })
      ).body.id;
      // Recipients the basket refuses: unknown, someone else's, and none at all for an e-card.
      for (const delivery of [{ recipient_id: 999999 }, { recipient_id: bobsRecipient }, {}]) {
        const res = await app
          .http()
          .post(`/api/group-cards/${g.uuid}/send/`)
          .set(alice.auth)
          .send({ delivery_method: 'ecard', ...delivery });
        expect({ delivery, status: res.status }).toEqual({ delivery, status: 400 });
        expect(Object.keys(res.body)).toEqual(['recipient_id']);
        const detail = (await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body;
        expect({
          delivery,
          status: detail.status,
          closed_at: detail.closed_at,
          basket_card_id: detail.basket_card_id,
        }).toEqual({ delivery, status: 'open', closed_at: null, basket_card_id: null });
      }
      // Signing goes on, nothing half-made was left behind, and a good send still works.
      expect((await sign(g.sign_token, { display_name: 'Ben', message: 'After the failed send' })).status).toBe(201);
      expect(await aliceCards()).toBe(cardsBefore);
      const recipient = (
        await app
          .http()
          .post('/api/recipients/')
          .set(alice.auth)
          .send({ first_name: 'Sam', email: 'sam.ok@example.test' })
      ).body.id;
      const sent = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/send/`)
        .set(alice.auth)
        .send({ delivery_method: 'ecard', recipient_id: recipient });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ status: 'closed', basket_card_id: expect.any(Number) });
      expect(await aliceCards()).toBe(cardsBefore + 1);
      const card = await cards.findOne({ where: { id: sent.body.basket_card_id } });
      expect(card.canvas_data.pages.inside_right.objects.map((o: { text: string }) => o.text)).toEqual([
        'Before the failed send\n— Ann',
        'After the failed send\n— Ben',
      ]);
    });

    it('puts the card in the basket once when "Close and send" is pressed twice at the same moment', async () => {
      const shopper = await createUser(app.strapi);
      const g = await start(shopper, { card_id: (await createCard(app.strapi, shopper)).id });
      await sign(g.sign_token);
      const presses = await Promise.all(
        [1, 2, 3].map(() =>
          app.http().post(`/api/group-cards/${g.uuid}/send/`).set(shopper.auth).send({ delivery_method: 'print' }),
        ),
      );
      expect(presses.map((r) => r.status)).toEqual([200, 200, 200]);
      const basketCard = presses[0].body.basket_card_id;
      expect(presses.map((r) => r.body.basket_card_id)).toEqual([basketCard, basketCard, basketCard]);
      const cart = (await app.http().get('/api/orders/cart/').set(shopper.auth)).body;
      expect(cart.items.map((i: { card: number }) => i.card)).toEqual([basketCard]);
    });

    it('leaves the group card open when "Close and send" fails on the organiser\'s page', async () => {
      const g = await start(alice);
      const page = await app.http().get(`/group/${g.uuid}/`).set('Cookie', `gc_session=${alice.token}`);
      const csrf = /<meta name="csrf-token" content="([^"]*)">/.exec(page.text)![1];
      const res = await app
        .http()
        .post(`/group/${g.uuid}/send/`)
        .set('Cookie', `gc_session=${alice.token}`)
        .type('form')
        .send({ _csrf: csrf, delivery_method: 'ecard', recipient_id: '999999' });
      expect(res.status).toBe(400);
      expect((await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body).toMatchObject({
        status: 'open',
        closed_at: null,
        basket_card_id: null,
      });
      expect((await app.http().get(`/api/sign/${g.sign_token}/`)).status).toBe(200);
    });

    it("puts the card's own inside message first in the signatures' flow, so nothing sits over them", async () => {
      const withMessage = (await createCard(app.strapi, alice, { title: 'Retirement card' })).id;
      await app.strapi.db
        .query('plugin::greeting-cards.card')
        .update({ where: { id: withMessage }, data: { inside_message: 'From all of us in accounts' } });
      const g = await start(alice, { card_id: withMessage });
      await sign(g.sign_token, { display_name: 'Ann', message: 'Enjoy the garden!' });
      await sign(g.sign_token, { display_name: 'Ben', message: 'We will miss you.' });
      const sent = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/send/`)
        .set(alice.auth)
        .send({ delivery_method: 'print' });
      expect(sent.status).toBe(200);
      const card = await app.strapi.db
        .query('plugin::greeting-cards.card')
        .findOne({ where: { id: sent.body.basket_card_id } });
      // The message is in the design, at the top of the inside right; the renderer has none of its own to centre there.
      expect(card.inside_message).toBe('');
      const objects = card.canvas_data.pages.inside_right.objects as Array<{
        text: string;
        top: number;
        fontSize: number;
      }>;
      expect(objects.map((o) => o.text)).toEqual([
        'From all of us in accounts',
        'Enjoy the garden!\n— Ann',
        'We will miss you.\n— Ben',
      ]);
      for (let i = 1; i < objects.length; i++)
        expect(objects[i].top).toBeGreaterThanOrEqual(objects[i - 1].top + objects[i - 1].fontSize * 1.25);
    });
  });

  describe('many signatures', () => {
    /** Signatures beyond the suite's small cap, written as signing would (the layout has no cap of its own). */
    const addSignatures = async (uuid: string, count: number) => {
      const group = await app.strapi.db.query('plugin::greeting-cards.group-card').findOne({ where: { uuid } });
      const signatures = app.strapi.db.query('plugin::greeting-cards.group-signature');
      const long = 'Thank you for everything, we will all miss you and the Friday cakes. '.repeat(7).slice(0, 480);
      for (let i = 1; i <= count; i += 1) {
        await signatures.create({
          data: {
            group_card: group.id,
            slot_key: `${group.id}#many${i}`,
            display_name: `Signer ${i}`,
            message: `${long} ${i}`,
            status: 'visible',
            position: i,
          },
        });
      }
    };

    it('spills onto extra pages, refuses a posted card honestly, and prints every page at home', async () => {
      const g = await start(alice);
      await addSignatures(g.uuid, 40);
      // The organiser is told before sending: the detail counts the extra pages, the page says why a
      // posted card is not on offer.
      const detail = (await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body;
      expect(detail.extra_pages).toBeGreaterThan(2);
      const organiserPage = await app.http().get(`/group/${g.uuid}/`).set('Cookie', `gc_session=${alice.token}`);
      expect(organiserPage.status).toBe(200);
      // The organiser's methods carry their prices (issue 41); the posted card is offered but disabled.
      expect(organiserPage.text).toMatch(
        /<option value="post" disabled>Posted card \(£\d+\.\d{2}\) \(too many messages\)<\/option>/,
      );
      expect(organiserPage.text).toContain(`The messages fill the inside and ${detail.extra_pages} extra pages.`);
      // A posted card has four pages: the send step says so, in the spec's shape, and nothing changes.
      const posted = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/send/`)
        .set(alice.auth)
        .send({ delivery_method: 'post' });
      expect(posted.status).toBe(400);
      expect(posted.body).toEqual({
        delivery_method: [
          expect.stringMatching(
            /^This card has too many signatures for a posted card: they need \d+ more pages than its four\. Send it as an e-card or print it at home \(PDF\)/,
          ),
        ],
      });
      expect((await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body).toMatchObject({
        status: 'open',
        basket_card_id: null,
      });

      const sent = await app
        .http()
        .post(`/api/group-cards/${g.uuid}/send/`)
        .set(alice.auth)
        .send({ delivery_method: 'print' });
      expect(sent.status).toBe(200);
      expect(sent.body.left_off).toBe(0);
      expect(sent.body.extra_pages).toBe(detail.extra_pages);
      const card = await app.strapi.db
        .query('plugin::greeting-cards.card')
        .findOne({ where: { id: sent.body.basket_card_id } });
      const { pages } = card.canvas_data;
      expect(pages.extra).toHaveLength(sent.body.extra_pages);
      // Every signature once, in the organiser's order: inside right, inside left, then the extra pages.
      const names = [pages.inside_right, pages.inside_left, ...pages.extra].flatMap(
        (p: { objects: Array<{ text: string }> }) => p.objects.map((o) => /— (Signer \d+)$/.exec(o.text)![1]),
      );
      expect(names).toEqual(Array.from({ length: 40 }, (_, i) => `Signer ${i + 1}`));
      // Checkout passes preflight as print at home (a posted card with extra pages would fail it).
      const order = (await app.http().get('/api/orders/cart/').set(alice.auth)).body;
      expect((await app.http().post(`/api/orders/${order.uuid}/checkout/`).set(alice.auth).send({})).status).toBe(200);
      expect((await app.http().post(`/api/orders/${order.uuid}/pay/`).set(alice.auth).send({})).status).toBe(200);
      await app.strapi.plugin('greeting-cards').service('fulfilment').drain();
      const delivery = (await app.http().get('/api/deliveries/').set(alice.auth)).body.results.find(
        (d: { card: { id: number } | null }) => d.card?.id === sent.body.basket_card_id,
      );
      const pdf = await app
        .http()
        .get(`/api/deliveries/${delivery.id}/pdf`)
        .set(alice.auth)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(pdf.status).toBe(200);
      // The in-memory renderer's stand-in carries the print document: the outside, the inside and one
      // insert sheet per two extra pages, each page's signatures drawn as its text.
      const html = (pdf.body as Buffer).toString('utf8');
      expect(html.match(/<section class="page /g)).toHaveLength(2 + Math.ceil(sent.body.extra_pages / 2));
      expect(html.match(/<section class="page insert">/g)).toHaveLength(Math.ceil(sent.body.extra_pages / 2));
      expect(html).toContain('— Signer 40');
    });
  });

  describe('e-card', () => {
    it("shows the visible signatures on the recipient's view page once paid", async () => {
      const shopper = await createUser(app.strapi);
      const card = await createCard(app.strapi, shopper);
      const g = (
        await app
          .http()
          .post('/api/group-cards/')
          .set(shopper.auth)
          .send({ card_id: card.id, title: 'Well done', recipient_name: 'Sam', deadline: inDays(2) })
      ).body;
      await sign(g.sign_token, { display_name: 'Ann', message: 'Shown <b>message</b>' });
      const hidden = (await sign(g.sign_token, { display_name: 'Ben', message: 'Hidden message' })).body.id;
      await app.http().post(`/api/group-cards/${g.uuid}/signatures/${hidden}/hide/`).set(shopper.auth);
      const recipient = (
        await app
          .http()
          .post('/api/recipients/')
          .set(shopper.auth)
          .send({ first_name: 'Sam', email: 'sam@example.test' })
      ).body.id;
      expect(
        (
          await app
            .http()
            .post(`/api/group-cards/${g.uuid}/send/`)
            .set(shopper.auth)
            .send({ delivery_method: 'ecard', recipient_id: recipient })
        ).status,
      ).toBe(200);
      const order = (await app.http().get('/api/orders/cart/').set(shopper.auth)).body;
      expect((await app.http().post(`/api/orders/${order.uuid}/checkout/`).set(shopper.auth).send({})).status).toBe(
        200,
      );
      expect((await app.http().post(`/api/orders/${order.uuid}/pay/`).set(shopper.auth).send({})).status).toBe(200);
      await app.strapi.plugin('greeting-cards').service('fulfilment').drain();
      const deliveries = (await app.http().get('/api/deliveries/').set(shopper.auth)).body.results;
      expect(deliveries).toHaveLength(1);
      const page = await app.http().get(`/cards/view/${deliveries[0].view_token}/`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('aria-label="Inside right page"');
      expect(page.text).toContain('Shown &lt;b&gt;message&lt;/b&gt;');
      expect(page.text).not.toContain('Shown <b>');
      expect(page.text).not.toContain('Hidden message');
    });
  });

  describe('signing', () => {
    it('shows the card to anyone with the link, without private fields', async () => {
      const g = await start(alice);
      const res = await app.http().get(`/api/sign/${g.sign_token}/`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(
        [
          'approval_mode',
          'deadline',
          'front_preview_url',
          // How many photos a signer may add to a message (issue 45 item 7).
          'max_photos_per_signature',
          'max_signatures',
          'my_signature_ids',
          'organiser_name',
          'recipient_name',
          'show_signatures',
          'signature_count',
          'signatures',
          'title',
        ].sort(),
      );
      expect(res.body).toMatchObject({
        title: 'Goodbye Sam',
        recipient_name: 'Sam',
        organiser_name: 'Alice Organiser',
        deadline: g.deadline,
      });
      expect((await app.http().get('/api/sign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/')).status).toBe(404);
      expect((await app.http().get('/api/sign/short/')).status).toBe(404);
    });

    it('signs with a free sticker, colour and font, and returns an edit token once', async () => {
      const g = await start(alice);
      const res = await sign(g.sign_token, {
        display_name: ' <b>Jo</b> ',
        message: 'Bon voyage 🎉',
        sticker_id: freeSticker,
        colour: '#aa0033',
        font: 'Caveat',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        display_name: '<b>Jo</b>',
        message: 'Bon voyage 🎉',
        sticker: { id: freeSticker, emoji: '🎉' },
        colour: '#AA0033',
        font: 'Caveat',
        status: 'visible',
        signed_in: false,
      });
      expect(res.body.edit_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(res.headers['set-cookie'].join(';')).toMatch(
        new RegExp(`gc_sig_${res.body.id}=${res.body.edit_token}; .*samesite=strict; httponly`, 'i'),
      );
      const again = await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth);
      expect(JSON.stringify(again.body)).not.toContain(res.body.edit_token);
    });

    it('refuses bad signatures with field errors: blank or long messages, premium or unknown stickers, bad colours, fonts, NUL bytes', async () => {
      const g = await start(alice);
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ message: '' }, 'message'],
        [{ message: '  ' }, 'message'],
        [{ message: 'x'.repeat(501) }, 'message'],
        [{ message: undefined }, 'message'],
        [{ display_name: '' }, 'display_name'],
        [{ display_name: 42 }, 'display_name'],
        [{ sticker_id: premiumSticker }, 'sticker_id'],
        [{ sticker_id: 999999 }, 'sticker_id'],
        [{ sticker_id: 'x' }, 'sticker_id'],
        [{ colour: 'red' }, 'colour'],
        [{ font: 'Comic Sans' }, 'font'],
      ];
      for (const [override, field] of bad) {
        const res = await sign(g.sign_token, override);
        expect({ override, status: res.status, fields: Object.keys(res.body) }).toEqual({
          override,
          status: 400,
          fields: [field],
        });
      }
      expect((await sign(g.sign_token, { message: 'a\u0000b' })).status).toBe(400);
      expect(
        (
          await app
            .http()
            .post(`/api/sign/${g.sign_token}/signatures/`)
            .set('Content-Type', 'application/json')
            .send('[1,2]')
        ).status,
      ).toBe(400);
      expect((await sign(g.sign_token, { message: 'x'.repeat(500) })).status).toBe(201);
      expect((await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body.signature_count).toBe(1);
    });

    it('lets a signer edit and delete their own signature with the edit token only', async () => {
      const g = await start(alice);
      const mine = (await sign(g.sign_token, { message: 'First try' })).body;
      const theirs = (await sign(g.sign_token, { message: 'Not yours' })).body;
      const path = (id: number) => `/api/sign/${g.sign_token}/signatures/${id}/`;
      expect(
        (await app.http().patch(path(theirs.id)).set('X-Edit-Token', mine.edit_token).send({ message: 'hijack' }))
          .status,
      ).toBe(404);
      expect((await app.http().patch(path(mine.id)).send({ message: 'no token' })).status).toBe(404);
      const edited = await app
        .http()
        .patch(path(mine.id))
        .set('X-Edit-Token', mine.edit_token)
        .send({ message: 'Second try' });
      expect(edited.status).toBe(200);
      expect(edited.body.message).toBe('Second try');
      expect(
        (await app.http().patch(path(mine.id)).set('X-Edit-Token', mine.edit_token).send({ message: '' })).status,
      ).toBe(400);
      // The browser's cookie works as well as the header.
      const agent = app.http();
      const viaCookie = (
        await agent.post(`/api/sign/${g.sign_token}/signatures/`).send({ display_name: 'Kim', message: 'Hi' })
      ).body;
      expect((await agent.patch(path(viaCookie.id)).send({ message: 'Edited in the browser' })).body.message).toBe(
        'Edited in the browser',
      );
      expect((await agent.delete(path(viaCookie.id))).status).toBe(204);
      expect((await app.http().delete(path(mine.id)).set('X-Edit-Token', mine.edit_token)).status).toBe(204);
      const left = (await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body.signatures.map(
        (s: { message: string }) => s.message,
      );
      expect(left).toEqual(['Not yours']);
    });

    it('answers 410 on every signing route after the deadline', async () => {
      const g = await start(alice);
      const mine = (await sign(g.sign_token)).body;
      await expire(g.uuid);
      const path = `/api/sign/${g.sign_token}/signatures/${mine.id}/`;
      const answers = [
        await app.http().get(`/api/sign/${g.sign_token}/`),
        await sign(g.sign_token),
        await app.http().patch(path).set('X-Edit-Token', mine.edit_token).send({ message: 'late' }),
        await app.http().delete(path).set('X-Edit-Token', mine.edit_token),
      ];
      for (const res of answers) {
        expect(res.status).toBe(410);
        expect(res.body.detail).toBe(
          'The deadline for signing this group card has passed. To add something now, contact the organiser, Alice Organiser.',
        );
      }
      // The organiser still sees and manages it.
      expect((await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body.signatures).toHaveLength(1);
    });

    it(`holds at most ${CAP} signatures, even when signers race, and frees a place on delete`, async () => {
      const g = await start(alice);
      const results = await Promise.all(
        Array.from({ length: CAP + 3 }, (_, i) => sign(g.sign_token, { display_name: `S${i}` })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(CAP);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
      expect(refused[0].body.detail).toMatch(/full/);
      const detail = (await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body;
      expect(detail.signature_count).toBe(CAP);
      await app.http().delete(`/api/group-cards/${g.uuid}/signatures/${detail.signatures[0].id}/`).set(alice.auth);
      expect((await sign(g.sign_token)).status).toBe(201);
      expect((await sign(g.sign_token)).status).toBe(400);
    });

    it('keeps new signatures hidden until approved in approval mode, and re-hides an edited one', async () => {
      const g = await start(alice, { approval_mode: true });
      const created = (await sign(g.sign_token, { message: 'Needs approval' })).body;
      expect(created.status).toBe('pending');
      expect((await app.http().get(`/api/sign/${g.sign_token}/`)).body.signatures).toEqual([]);
      await app.http().post(`/api/group-cards/${g.uuid}/signatures/${created.id}/show/`).set(alice.auth);
      expect(
        (await app.http().get(`/api/sign/${g.sign_token}/`)).body.signatures.map((s: { message: string }) => s.message),
      ).toEqual(['Needs approval']);
      const edited = await app
        .http()
        .patch(`/api/sign/${g.sign_token}/signatures/${created.id}/`)
        .set('X-Edit-Token', created.edit_token)
        .send({ message: 'Changed after approval' });
      expect(edited.body.status).toBe('pending');
      expect((await app.http().get(`/api/sign/${g.sign_token}/`)).body.signatures).toEqual([]);
    });

    it('signs a signed-in shopper under their account, who may then edit without the token', async () => {
      const g = await start(alice);
      const res = await sign(g.sign_token).set(bob.auth);
      expect(res.body.signed_in).toBe(true);
      expect((await app.http().get(`/api/sign/${g.sign_token}/`).set(bob.auth)).body.my_signature_ids).toEqual([
        res.body.id,
      ]);
      const edited = await app
        .http()
        .patch(`/api/sign/${g.sign_token}/signatures/${res.body.id}/`)
        .set(bob.auth)
        .send({ message: 'From my account' });
      expect(edited.body.message).toBe('From my account');
    });
  });
});
