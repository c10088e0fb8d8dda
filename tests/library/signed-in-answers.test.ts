import { spawn, ChildProcess } from 'child_process';
import path from 'path';
import supertest from 'supertest';
import { startApp, TestApp } from '../helpers/strapi';
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

/** A second instance on the same database, in its own process (tests/admin/settings-instance-worker.js). */
function startSecondInstance(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; http: () => supertest.Agent }> {
  const child = spawn(process.execPath, [path.join(__dirname, '../admin/settings-instance-worker.js')], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c) => {
      out += c;
      const ready = /READY (\S+)\n/.exec(out);
      if (ready) resolve({ child, http: () => supertest.agent(ready[1]) });
    });
    child.once('exit', (code) => reject(new Error(`second instance exited (${code}): ${err}`)));
  });
}

describe(`signed-in answers: kept per user, and every write that changes them is seen by the next read${pg ? ' on another instance' : ''}`, () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let second: { child: ChildProcess; http: () => supertest.Agent } | undefined;
  const env = { SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...smtp.env, ...env });
    if (pg)
      second = await startSecondInstance({
        ...process.env,
        ...app.db.env,
        ...smtp.env,
        ...env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'error',
      });
  });
  afterAll(async () => {
    if (second && second.child.exitCode === null) {
      const exited = new Promise((resolve) => second!.child.once('exit', resolve));
      second.child.stdin!.end();
      await exited;
    }
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
    expect((await cardDetail(u, a.id)).body.is_favorite).toBe(false);

    expect((await writer().patch(`/api/cards/${a.id}/`).set(u.auth).send({ title: 'Retitled' })).status).toBe(200);
    expect(await libraryPage(u)).toContain('Retitled');
    expect((await libraryApi(u)).map((e) => e.card?.title).sort()).toEqual(['Retitled', 'Second']);

    expect((await writer().post(`/api/cards/${b.id}/favorite/`).set(u.auth).send({ is_favorite: true })).status).toBe(
      200,
    );
    const pinned = await libraryApi(u);
    expect(pinned[0]).toMatchObject({ is_pinned: true, card: { id: b.id } });
    expect((await cardDetail(u, b.id)).body.is_favorite).toBe(true);

    expect((await writer().delete(`/api/cards/${a.id}/`).set(u.auth)).status).toBe(204);
    expect((await cardDetail(u, a.id)).status).toBe(404);
    expect((await libraryApi(u)).map((e) => e.card?.title)).toEqual(['Second']);
    expect(await libraryPage(u)).not.toContain('Retitled');
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
