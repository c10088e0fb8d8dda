import supertest from 'supertest';
import { startApp, TestApp } from '../helpers/strapi';
import { startSecondInstance, stopSecondInstance, type SecondInstance } from '../helpers/second-instance';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { sqlDuring } from '../helpers/sql-count';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { createSuperAdmin } from '../helpers/admin';
import { design, fulfilment } from '../fulfilment/helpers';
import { watchedTables } from '../../plugins/greeting-cards/server/src/platform/db/user-answers';

// Signed-in reads keep their answers per user (platform/db/user-answers.ts): the library list and
// page, a card's detail and the orders list. What must hold: every kind of write that changes one of
// them is seen by the very next read, on this instance (SQLite, one process) and on another instance
// on the same database (PostgreSQL: the reads go to a second Strapi process, the writes to this one).
// Writes: the shopper's own (the cards API), an admin's Content Manager edit, the worker's sending of
// an e-card (raw SQL batches that mark it sent and the order fulfilled), a recipient opening the card,
// and the engine's writes. A write that bypasses knex (a second connection) is NOT seen: that shows the
// reader answers from what it keeps, so each check above could fail.

const pg = Boolean(process.env.TEST_DATABASE_URL);

describe(`signed-in answers: kept per user, and every write that changes them is seen by the next read${pg ? ' on another instance' : ''}`, () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let second: SecondInstance | undefined;
  const env = { SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...smtp.env, ...env });
    if (pg)
      second = await startSecondInstance({
        ...app.db.env,
        ...smtp.env,
        ...env,
      });
  });
  afterAll(async () => {
    await stopSecondInstance(second);
    await app?.stop();
    await smtp?.stop();
  });

  /** Where the reads go: the other instance on PostgreSQL, this one on SQLite. */
  const reader = () => (second ? second.http() : app.http());
  const writer = () => app.http();
  const libraryApi = async (u: TestUser) => {
    const res = await reader().get('/api/library/').set(u.auth);
    expect(res.status).toBe(200);
    return res.body.results as Array<{ type: string; is_pinned: boolean; card: { id: number; title: string } | null }>;
  };
  const libraryPage = async (u: TestUser, query = '') => {
    const res = await reader().get(`/library/${query}`).set('Cookie', `gc_session=${u.token}`);
    expect(res.status).toBe(200);
    return res.text;
  };
  const cardDetail = (u: TestUser, id: number) => reader().get(`/api/cards/${id}/`).set(u.auth);
  const ordersList = async (u: TestUser) => {
    const res = await reader().get('/api/orders/').set(u.auth);
    expect(res.status).toBe(200);
    return res.body.results as Array<{ uuid: string; status: string }>;
  };

  /** Changes a card's title over a connection of its own, behind knex's back (announces nothing). */
  async function titleBehindTheBack(cardId: number, title: string): Promise<void> {
    const table = app.strapi.db.metadata.get('plugin::greeting-cards.card').tableName;
    if (pg) {
      const { Client } = (
        app.strapi.db.connection as unknown as {
          client: {
            driver: {
              Client: new (s: unknown) => {
                connect(): Promise<void>;
                query(sql: string, v: unknown[]): Promise<unknown>;
                end(): Promise<void>;
              };
            };
          };
        }
      ).client.driver;
      const settings = {
        ...(app.strapi.db.connection as unknown as { client: { connectionSettings: Record<string, unknown> } }).client
          .connectionSettings,
      };
      delete settings.schema;
      const client = new Client(settings);
      await client.connect();
      await client.query(`update ${table} set title = $1 where id = $2`, [title, cardId]);
      await client.end();
    } else {
      const Database = require('better-sqlite3');
      const file = (app.strapi.db.config.connection.connection as { filename: string }).filename;
      const db = new Database(file);
      db.prepare(`update ${table} set title = ? where id = ?`).run(title, cardId);
      db.close();
    }
  }

  it('answers a repeated read from what it keeps: no query, and a write behind knex is not seen', async () => {
    const u = await createUser(app.strapi);
    const card = await createCard(app.strapi, u, { title: 'Kept' });
    await app.strapi.db
      .query('plugin::greeting-cards.library-entry')
      .create({ data: { user: u.id, card: card.id, type: 'draft' } });
    expect((await libraryApi(u))[0].card?.title).toBe('Kept');
    expect((await cardDetail(u, card.id)).body.title).toBe('Kept');
    if (!pg) {
      // Counted on the one instance: the second identical read sends nothing to the database.
      for (const read of [
        async () => libraryApi(u),
        async () => cardDetail(u, card.id),
        async () => ordersList(u),
        async () => libraryPage(u),
      ] as Array<() => Promise<unknown>>) {
        await read();
        expect((await sqlDuring(app, read)).sql).toEqual([]);
      }
    }
    await titleBehindTheBack(card.id, 'Changed behind the back');
    expect((await libraryApi(u))[0].card?.title).toBe('Kept');
    expect((await cardDetail(u, card.id)).body.title).toBe('Kept');
    // The same change through the cards API (on the writer) is seen at once.
    expect((await writer().patch(`/api/cards/${card.id}/`).set(u.auth).send({ title: 'Renamed' })).status).toBe(200);
    expect((await libraryApi(u))[0].card?.title).toBe('Renamed');
    expect((await cardDetail(u, card.id)).body.title).toBe('Renamed');
  });

  it("the shopper's own writes: retitle, favourite, delete", async () => {
    const u = await createUser(app.strapi);
    const a = await createCard(app.strapi, u, { title: 'First' });
    const b = await createCard(app.strapi, u, { title: 'Second' });
    for (const c of [a, b])
      await app.strapi.db
        .query('plugin::greeting-cards.library-entry')
        .create({ data: { user: u.id, card: c.id, type: 'draft' } });
    // Every read kept first.
    expect((await libraryApi(u)).map((e) => e.card?.title).sort()).toEqual(['First', 'Second']);
    expect(await libraryPage(u)).toContain('First');
    expect(await libraryPage(u)).not.toContain('library-card is-pinned');
    expect((await cardDetail(u, a.id)).body.is_favorite).toBe(false);

    expect((await writer().patch(`/api/cards/${a.id}/`).set(u.auth).send({ title: 'Retitled' })).status).toBe(200);
    expect(await libraryPage(u)).toContain('Retitled');
    expect((await libraryApi(u)).map((e) => e.card?.title).sort()).toEqual(['Retitled', 'Second']);

    expect((await writer().post(`/api/cards/${b.id}/favorite/`).set(u.auth).send({ is_favorite: true })).status).toBe(
      200,
    );
    const pinned = await libraryApi(u);
    expect(pinned[0]).toMatchObject({ is_pinned: true, card: { id: b.id } });
    expect(await libraryPage(u)).toContain('library-card is-pinned');
    expect((await cardDetail(u, b.id)).body.is_favorite).toBe(true);

    expect((await writer().delete(`/api/cards/${a.id}/`).set(u.auth)).status).toBe(204);
    expect((await cardDetail(u, a.id)).status).toBe(404);
    expect((await libraryApi(u)).map((e) => e.card?.title)).toEqual(['Second']);
    expect(await libraryPage(u)).not.toContain('Retitled');
  });

  it('a kept library page is byte for byte the page drawn afresh: per-session token, language links, toast', async () => {
    // The drawn page is kept per user with its per-request values left out (platform/web/render.ts):
    // session A's request draws it, session B's (same user, another token) is answered from it, and after
    // an unrelated write drops it B's request draws it afresh; both of B's answers must be the same bytes.
    const u = await createUser(app.strapi);
    const someoneElse = await createUser(app.strapi);
    const foreign = await createCard(app.strapi, someoneElse, { title: 'Not mine' });
    for (const [title, pinned] of [
      ['Tom & "Jerry" <3', false],
      ['Zoë’s card', true],
    ] as const) {
      const card = await createCard(app.strapi, u, { title, is_favorite: pinned });
      await app.strapi.db
        .query('plugin::greeting-cards.library-entry')
        .create({ data: { user: u.id, card: card.id, type: 'draft', is_pinned: pinned } });
    }
    const jwt = app.strapi.plugin('users-permissions').service('jwt');
    const sessionA = u.token;
    const sessionB = jwt.issue({ id: u.id, second: 'session' }) as string;
    expect(sessionB).not.toBe(sessionA);
    const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)![1];
    /** Makes the kept answers go: a write to a watched table that changes nothing this user sees. */
    const unrelatedWrite = () => createCard(app.strapi, someoneElse, { title: 'Elsewhere' });

    // Session A's request and B's differ in a query value no key names: only the language links show it.
    const variants: Array<{ what: string; send: (session: string, x: string) => Promise<supertest.Response> }> = [
      {
        what: 'English page',
        send: (s, x) => reader().get(`/library/?x=${x}`).set('Cookie', `gc_session=${s}`).set('Accept-Language', 'en'),
      },
      {
        what: 'German page, a query with three values (the language links carry it)',
        send: (s, x) => reader().get(`/library/?type=draft&locale=de&x=${x}`).set('Cookie', `gc_session=${s}`),
      },
      {
        what: 'German fragment (htmx)',
        send: (s, x) =>
          reader()
            .get(`/library/?type=draft&x=${x}`)
            .set('Cookie', `gc_session=${s}`)
            .set('Accept-Language', 'de')
            .set('HX-Request', 'true'),
      },
    ];
    const tokens: Record<string, string> = {};
    for (const variant of variants) {
      const a = await variant.send(sessionA, 'a');
      expect(a.status).toBe(200);
      tokens.a = tokenOf(a.text);
      const kept = await variant.send(sessionB, '%3Cy%3E');
      if (!pg) expect((await sqlDuring(app, () => variant.send(sessionB, '%3Cy%3E'))).sql).toEqual([]);
      await unrelatedWrite();
      const fresh = await variant.send(sessionB, '%3Cy%3E');
      tokens.b = tokenOf(fresh.text);
      expect(tokens.b).not.toBe(tokens.a);
      expect({ what: variant.what, status: kept.status, text: kept.text }).toEqual({
        what: variant.what,
        status: fresh.status,
        text: fresh.text,
      });
      expect(kept.headers['content-language']).toBe(fresh.headers['content-language']);
      expect(kept.text).not.toContain(tokens.a);
      expect(kept.text).toContain('Tom &amp; &quot;Jerry&quot; &lt;3');
    }
    // The German page's language links carry this request's query, escaped as the view escapes it.
    expect((await variants[1].send(sessionB, '%3Cy%3E')).text).toContain(
      'href="/library/?type=draft&amp;locale=en&amp;x=%3Cy%3E"',
    );

    // A toast: pinning someone else's card answers the panel with an error toast (htmx, 400, no write).
    const pinForeign = (session: string, csrf: string, locale: string) =>
      reader()
        .post(`/library/${foreign.id}/favorite/`)
        .set('Cookie', `gc_session=${session}`)
        .set('Accept-Language', locale)
        .set('HX-Request', 'true')
        .set('X-CSRF-Token', csrf)
        .type('form')
        .send({ type: '', favorite: 'true' });
    for (const locale of ['en', 'de']) {
      const a = await pinForeign(sessionA, tokens.a, locale);
      expect(a.status).toBe(400);
      expect(a.text).toContain('toast toast-error');
      const kept = await pinForeign(sessionB, tokens.b, locale);
      await unrelatedWrite();
      const fresh = await pinForeign(sessionB, tokens.b, locale);
      expect(kept.status).toBe(400);
      expect(kept.text).toBe(fresh.text);
      expect(kept.text).toContain(tokens.b);
      expect(kept.text).not.toContain(tokens.a);
    }
  });

  it("an admin's Content Manager edit of the card's occasion is seen in its detail", async () => {
    const admin = await createSuperAdmin(app.strapi, writer);
    const created = await writer()
      .post('/content-manager/collection-types/plugin::greeting-cards.occasion')
      .set(admin.auth)
      .send({ name: 'Housewarming', slug: 'housewarming-kept' });
    expect(created.status).toBe(201);
    const occasion = created.body.data as { id: number; documentId: string };
    const u = await createUser(app.strapi);
    const card = await createCard(app.strapi, u, { title: 'With an occasion', occasion: occasion.id });
    expect((await cardDetail(u, card.id)).body.occasion).toBe('housewarming-kept');
    const edited = await writer()
      .put(`/content-manager/collection-types/plugin::greeting-cards.occasion/${occasion.documentId}`)
      .set(admin.auth)
      .send({ name: 'Housewarming', slug: 'housewarming-edited' });
    expect(edited.status).toBe(200);
    expect((await cardDetail(u, card.id)).body.occasion).toBe('housewarming-edited');
  });

  it("the worker's send of an e-card and the recipient's opening: the orders list and the library page", async () => {
    const u = await createUser(app.strapi);
    await proveAddress(app.strapi, u);
    const card = await createCard(app.strapi, u, { title: 'Off it goes', canvas_data: design('Off it goes') });
    const recipient = await createRecipient(app.strapi, u, { email: 'reader@example.test' });
    expect(
      (
        await writer()
          .post('/api/orders/add_to_cart/')
          .set(u.auth)
          .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'ecard' })
      ).status,
    ).toBe(200);
    const cart = await writer().get('/api/orders/cart/').set(u.auth);
    const uuid = cart.body.uuid as string;
    expect(await ordersList(u)).toEqual([expect.objectContaining({ uuid, status: 'cart' })]);
    expect((await writer().post(`/api/orders/${uuid}/checkout/`).set(u.auth).send({})).status).toBe(200);
    const checkedOut = (await ordersList(u))[0].status;
    expect(checkedOut).not.toBe('cart');
    expect(await libraryPage(u, '?type=sent')).not.toContain('Off it goes');

    // Paid (demo), then the worker sends the e-card: raw batched updates mark it sent, the order fulfilled.
    expect((await writer().post(`/api/orders/${uuid}/pay/`).set(u.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    expect(await ordersList(u)).toEqual([expect.objectContaining({ uuid, status: 'fulfilled' })]);
    const sentPage = await libraryPage(u, '?type=sent');
    expect(sentPage).toContain('Off it goes');
    expect(sentPage).toContain('E-cards: 1 sent, 0 opened');

    // The recipient opens it (anonymous view page on the writer): the buyer's page says so at once.
    const delivery = (await app.strapi.db.query('plugin::greeting-cards.delivery').findMany({
      where: { order_item: { order: { uuid } } },
    })) as Array<{ view_token: string }>;
    expect((await writer().get(`/cards/view/${delivery[0].view_token}/`)).status).toBe(200);
    expect(await libraryPage(u, '?type=sent')).toContain('E-cards: 1 sent, 1 opened');
  });

  it('a payment with nothing to send yet (its card goes tomorrow): the orders list shows it paid at once', async () => {
    // Paying a one-line order is one statement on PostgreSQL, with no transaction around it, and it selects
    // its own change notice (platform/db/table-writes.ts noticesOfStatement); with nothing due, no other
    // write follows it whose notice would drop the kept list instead.
    const u = await createUser(app.strapi);
    await proveAddress(app.strapi, u);
    const card = await createCard(app.strapi, u, { title: 'For tomorrow', canvas_data: design('For tomorrow') });
    const recipient = await createRecipient(app.strapi, u, { email: 'later@example.test' });
    const scheduled_for = new Date(Date.now() + 86400_000).toISOString();
    const add = await writer()
      .post('/api/orders/add_to_cart/')
      .set(u.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'ecard', scheduled_for });
    expect(add.status).toBe(200);
    const uuid = add.body.uuid as string;
    expect((await writer().post(`/api/orders/${uuid}/checkout/`).set(u.auth).send({})).status).toBe(200);
    expect(await ordersList(u)).toEqual([expect.objectContaining({ uuid, status: 'pending_payment' })]);
    expect((await writer().post(`/api/orders/${uuid}/pay/`).set(u.auth).send({})).status).toBe(200);
    expect(await ordersList(u)).toEqual([expect.objectContaining({ uuid, status: 'paid' })]);
  });

  it('every table the cached reads touch is one whose writes drop them', async () => {
    const u = await createUser(app.strapi);
    await proveAddress(app.strapi, u);
    const card = await createCard(app.strapi, u, { title: 'Listed' });
    await app.strapi.db
      .query('plugin::greeting-cards.library-entry')
      .create({ data: { user: u.id, card: card.id, type: 'sent' } });
    const watched = watchedTables(app.strapi);
    const sql: string[] = [];
    for (const read of [
      () => app.http().get('/api/library/').set(u.auth),
      () => app.http().get('/library/?lang=de').set('Cookie', `gc_session=${u.token}`),
      () => app.http().get(`/api/cards/${card.id}/`).set(u.auth),
      () => app.http().get('/api/orders/').set(u.auth),
    ])
      sql.push(...(await sqlDuring(app, read)).sql);
    const tables = new Set(
      sql.flatMap((s) => [...s.matchAll(/\b(?:from|join)\s+(?:[`"]?\w+[`"]?\.)?[`"]?(\w+)[`"]?/gi)].map((m) => m[1])),
    );
    expect(tables.size).toBeGreaterThan(3);
    const unwatched = [...tables].filter((t) => !watched.some((w) => t === w || t.startsWith(`${w}_`)));
    expect(unwatched).toEqual([]);
  });
});
