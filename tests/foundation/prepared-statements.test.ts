import type { Knex } from 'knex';
import { startApp, QUIET_APP, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import {
  COLUMNS_NAMED,
  forgetNamedStatements,
  namedStatements,
  preparable,
  statementName,
} from '../../plugins/greeting-cards/server/src/platform/db/prepared-statements';

// PostgreSQL keeps a repeated statement as a named one per connection (platform/db/prepared-statements.ts)
// and plans it no more: from its second run, with parameters, one statement, columns named. What the
// server holds is read from the connection's own pg_prepared_statements, inside one transaction (one
// connection). SQLite has no plans to keep: nothing is named there.
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** The statements the connection running `trx` keeps, by text. */
async function keptOn(trx: Knex.Transaction): Promise<string[]> {
  const rows = (await trx.raw('select statement from pg_prepared_statements')) as { rows: { statement: string }[] };
  return rows.rows.map((r) => r.statement);
}

describe('which statements may be kept', () => {
  it('tells which texts may be kept', () => {
    expect(preparable('select "id", "title" from "gc_cards" where "id" = ?')).toBe(true);
    expect(preparable('select count(*) as "n" from "gc_cards" where "id" = ?')).toBe(true);
    // A `*` over a table's columns: another instance's migration may add one under a kept statement.
    expect(preparable('select "t0".* from "gc_cards" as "t0" where "id" = ?')).toBe(false);
    expect(preparable('select * from "gc_cards" where "id" = ?')).toBe(false);
    expect(preparable(`select * from (select "id" from "gc_cards" where "id" = ?) as "c" ${COLUMNS_NAMED}`)).toBe(true);
    // A name covers one statement.
    expect(preparable('select 1; select "id" from "gc_cards" where "id" = ?')).toBe(false);
  });
});

(postgres ? describe : describe.skip)('repeated statements prepared once per connection (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The names are the process's, and earlier files of this jest process may have taken all of them.
    forgetNamedStatements();
    app = await startApp(QUIET_APP);
  });
  afterAll(() => app?.stop());

  const inOneConnection = <T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
    app.strapi.db.connection.transaction(fn);

  it('keeps a statement from its second run, answering as before', async () => {
    const u = await createUser(app.strapi);
    const cards: Array<{ id: number }> = [];
    for (const title of ['First', 'Second', 'Third']) cards.push(await createCard(app.strapi, u, { title }));
    // A text of this test's own (the alias), so no other statement of the app has named it already.
    const read = (trx: Knex.Transaction, id: number) =>
      trx('gc_cards as prepared_check')
        .select('prepared_check.id', 'prepared_check.title')
        .where('prepared_check.id', id);
    const text = read(app.strapi.db.connection as unknown as Knex.Transaction, 0)
      .toSQL()
      .toNative().sql;
    const answers = await inOneConnection(async (trx) => {
      const seen: unknown[] = [await read(trx, cards[0].id)];
      expect(statementName(text)).toBeUndefined();
      expect(await keptOn(trx)).not.toContain(text);
      // PostgreSQL switches to a generic plan after five runs: each card, several times over.
      for (let i = 1; i < 9; i += 1) seen.push(await read(trx, cards[i % 3].id));
      expect(await keptOn(trx)).toContain(text);
      return seen;
    });
    expect(statementName(text)).toMatch(/^gc_/);
    expect(answers).toEqual(
      [0, 1, 2, 0, 1, 2, 0, 1, 2].map((i) => [{ id: cards[i].id, title: ['First', 'Second', 'Third'][i] }]),
    );
  });

  it('never keeps a text with a star, several statements or no parameters', async () => {
    const u = await createUser(app.strapi);
    const card = await createCard(app.strapi, u, { title: 'Star' });
    const star = 'select "star_check".* from "gc_cards" as "star_check" where "star_check"."id" = ?';
    const bare = 'select "bare_check"."id" from "gc_cards" as "bare_check" where "bare_check"."id" = 0';
    const kept = await inOneConnection(async (trx) => {
      for (let i = 0; i < 3; i += 1) {
        expect((await trx.raw(star, [card.id])).rows).toHaveLength(1);
        expect((await trx.raw(bare)).rows).toHaveLength(0);
      }
      return keptOn(trx);
    });
    expect(kept.some((s) => s.includes('star_check') || s.includes('bare_check'))).toBe(false);
    expect(statementName(star.replace('?', '$1'))).toBeUndefined();
  });

  it('keeps add-to-cart’s joined read, whose star is over reads that name their columns', async () => {
    const u = await createUser(app.strapi);
    const card = await createCard(app.strapi, u);
    const recipient = await createRecipient(app.strapi, u);
    for (let i = 0; i < 2; i += 1) {
      const added = await app
        .http()
        .post('/api/orders/add_to_cart/')
        .set(u.auth)
        .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'ecard' });
      expect(added.status).toBe(200);
    }
    expect(namedStatements().filter((t) => t.includes('left join lateral') && t.includes(COLUMNS_NAMED))).toHaveLength(
      1,
    );
  });
});

(postgres ? describe : describe.skip)('SERVICE_DB_PREPARED_STATEMENTS=false (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ ...QUIET_APP, SERVICE_DB_PREPARED_STATEMENTS: 'false' });
  });
  afterAll(() => app?.stop());

  it('sends every statement unnamed', async () => {
    const text = 'select "off_check"."id" from "gc_cards" as "off_check" where "off_check"."id" = ?';
    const kept = await app.strapi.db.connection.transaction(async (trx) => {
      for (let i = 0; i < 8; i += 1) await trx.raw(text, [i]);
      return keptOn(trx);
    });
    expect(kept.some((s) => s.includes('off_check'))).toBe(false);
  });
});
