import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { inCurrentTransaction } from './joined-rows';
import { newDocumentId } from './document-ids';
import { withSelectedNotices } from './table-writes';
import type { Row } from './query';

// Writing many rows at once. Strapi's `create` is an INSERT, a link-table INSERT per relation and a
// read back, per row: paying an order of 1,000 lines took thousands of round trips that way. Here rows
// go in with `createMany` (one INSERT per batch) and their relations as one link-table INSERT per batch.

/** Rows per statement: within SQLite's compound-select limit, which knex's batch insert uses there. */
export const BATCH = 500;

export function chunks<T>(list: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

interface LinkTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  orderColumnName?: string;
  inverseOrderColumnName?: string;
}

/**
 * Links rows of `uid` to their to-one relation `name`: `pairs` are [row id, target id]. For relations
 * without order columns (to-one, not the inverse side of a to-many), where a link row is all Strapi
 * writes; others are refused rather than written half right.
 */
export async function insertLinks(
  strapi: Core.Strapi,
  uid: string,
  name: string,
  pairs: Array<[number, number]>,
): Promise<void> {
  const attribute = (
    strapi.db.metadata.get(uid as never) as unknown as { attributes: Record<string, { joinTable?: LinkTable }> }
  ).attributes[name];
  const join = attribute?.joinTable;
  if (!join) throw new Error(`${uid}.${name} is not a relation through a link table`);
  if (join.orderColumnName || join.inverseOrderColumnName)
    throw new Error(`${uid}.${name} has ordered links; insertLinks does not write them`);
  if (!pairs.length) return;
  await inCurrentTransaction(strapi, async (knex) => {
    for (const batch of chunks(pairs)) {
      await knex(join.name).insert(
        batch.map(([own, other]) => ({ [join.joinColumn.name]: own, [join.inverseJoinColumn.name]: other })),
      );
    }
  });
}

const isPostgres = (strapi: Core.Strapi) => /pg|postgres/.test(String(strapi.db.config.connection.client));

function linkTableOf(strapi: Core.Strapi, uid: string, name: string): LinkTable {
  const attribute = (
    strapi.db.metadata.get(uid as never) as unknown as { attributes: Record<string, { joinTable?: LinkTable }> }
  ).attributes[name];
  const join = attribute?.joinTable;
  if (!join) throw new Error(`${uid}.${name} is not a relation through a link table`);
  if (join.orderColumnName || join.inverseOrderColumnName)
    throw new Error(`${uid}.${name} has ordered links; insertLinks does not write them`);
  return join;
}

/**
 * Writes in one round trip on PostgreSQL what would otherwise be several: the link rows of a few
 * to-one relations (`links`, as insertLinks takes them, each at most BATCH pairs) and, optionally, one
 * more statement (`last`, an UPDATE or INSERT built on the transaction's knex) as data-modifying CTEs of
 * one statement. The parts must not depend on each other's effects (PostgreSQL runs them on one
 * snapshot). SQLite runs them one after the other (in-process, a statement is not a network hop).
 */
export async function writeTogether(
  strapi: Core.Strapi,
  links: Array<{ uid: string; name: string; pairs: Array<[number, number]> }>,
  last?: (knex: Knex) => Knex.QueryBuilder,
): Promise<void> {
  await inCurrentTransaction(strapi, async (knex) => {
    const statements: Knex.QueryBuilder[] = [];
    for (const { uid, name, pairs } of links) {
      if (!pairs.length) continue;
      if (pairs.length > BATCH) throw new Error('writeTogether takes at most one batch of links per relation');
      const join = linkTableOf(strapi, uid, name);
      statements.push(
        knex(join.name).insert(
          pairs.map(([own, other]) => ({ [join.joinColumn.name]: own, [join.inverseJoinColumn.name]: other })),
        ),
      );
    }
    if (last) statements.push(last(knex));
    if (!statements.length) return;
    if (!isPostgres(strapi) || statements.length === 1) {
      for (const statement of statements) await statement;
      return;
    }
    const parts = statements.map((s) => s.toSQL());
    const head = parts.slice(0, -1).map((p, i) => `"w${i}" as (${p.sql})`);
    const tail = parts[parts.length - 1];
    await knex.raw(
      `with ${head.join(', ')} ${tail.sql}`,
      parts.flatMap((p) => [...p.bindings]),
    );
  });
}

/** A link's end: a row's known id, or the id of a row inserted by the same statement (its alias). */
export type RowRef = number | { row: string };

/**
 * PostgreSQL: new rows (`rows`, attribute names as newRowColumns takes them, each under an alias), the
 * link rows of to-one relations between them and existing rows (`links`), and optionally one more
 * statement (`last`, built on the transaction's knex), all in ONE statement of data-modifying CTEs.
 * A link names its ends by id or by a new row's alias, so a new row and its relations need no round
 * trip between them. Resolves to each alias's new id. Like writeTogether, the parts must not depend on
 * each other's effects but through the new ids (PostgreSQL runs them on one snapshot).
 */
export async function insertTogether(
  strapi: Core.Strapi,
  rows: Array<{ alias: string; uid: string; data: Row }>,
  links: Array<{ uid: string; name: string; own: RowRef; other: RowRef }>,
  last?: (knex: Knex) => Knex.QueryBuilder,
  now = new Date(),
): Promise<Record<string, number>> {
  if (!isPostgres(strapi)) throw new Error('insertTogether writes PostgreSQL statements');
  const table = (uid: string) => (strapi.db.metadata.get(uid as never) as unknown as InsertMeta).tableName;
  const aliases = new Set(rows.map((r) => r.alias));
  const name = (alias: string) => {
    if (!/^[a-z][a-z0-9_]*$/.test(alias) || !aliases.has(alias)) throw new Error(`insertTogether: no row ${alias}`);
    return `"r_${alias}"`;
  };
  return inCurrentTransaction(strapi, async (knex) => {
    const heads: string[] = [];
    const bindings: unknown[] = [];
    for (const { alias, uid, data } of rows) {
      const part = knex(table(uid))
        .insert(newRowColumns(strapi, uid, data, now))
        .returning('id')
        .toSQL();
      heads.push(`${name(alias)} as (${part.sql})`);
      bindings.push(...part.bindings);
    }
    links.forEach(({ uid, name: relation, own, other }, i) => {
      const join = linkTableOf(strapi, uid, relation);
      const ends = [own, other].map((ref) =>
        typeof ref === 'number' ? { sql: '?', from: [] } : { sql: `${name(ref.row)}."id"`, from: [name(ref.row)] },
      );
      const from = [...new Set(ends.flatMap((e) => e.from))];
      heads.push(
        `"l${i}" as (insert into ${knex.raw('??', [join.name]).toQuery()} (${knex
          .raw('??, ??', [join.joinColumn.name, join.inverseJoinColumn.name])
          .toQuery()}) select ${ends.map((e) => e.sql).join(', ')}${from.length ? ` from ${from.join(', ')}` : ''})`,
      );
      for (const ref of [own, other]) if (typeof ref === 'number') bindings.push(ref);
    });
    if (last) {
      const part = last(knex).toSQL();
      heads.push(`"z" as (${part.sql})`);
      bindings.push(...part.bindings);
    }
    const ids = rows.map(({ alias }) => `(select "id" from ${name(alias)}) as ${knex.raw('??', [alias]).toQuery()}`);
    const statement = (columns: string[]) => `with ${heads.join(', ')} select ${columns.join(', ') || '1'}`;
    // Alone (no transaction around it: a new cart and its first line) it selects its own change notices,
    // delivered as it commits, instead of a round trip after it (table-writes.ts).
    const sql = withSelectedNotices(strapi, ids, statement);
    const result = (await knex.raw(sql, bindings)) as { rows: Array<Record<string, number>> };
    return Object.fromEntries(rows.map(({ alias }) => [alias, Number(result.rows[0][alias])]));
  });
}

interface InsertMeta {
  tableName: string;
  attributes: Record<string, { type: string; columnName?: string; default?: unknown }>;
  columnToAttribute: Record<string, string>;
}

/**
 * A new row of `uid` as the engine's create writes it, by column name, for an INSERT written by hand
 * (one that rides in another statement): `data` (attribute names, scalar values), every other
 * attribute's default, a documentId, and createdAt, updatedAt and publishedAt at `now` (the engine
 * publishes rows of a type without drafts on create). Relations are left out: they are link rows.
 */
export function newRowColumns(strapi: Core.Strapi, uid: string, data: Row, now = new Date()): Row {
  const meta = strapi.db.metadata.get(uid as never) as unknown as InsertMeta;
  const row: Row = {};
  for (const [column, name] of Object.entries(meta.columnToAttribute)) {
    const attribute = meta.attributes[name];
    if (!attribute || attribute.type === 'relation' || name === 'id') continue;
    let value: unknown;
    if (data[name] !== undefined) value = data[name];
    else if (name === 'createdAt' || name === 'updatedAt' || name === 'publishedAt') value = now;
    else if (attribute.default !== undefined)
      value = typeof attribute.default === 'function' ? (attribute.default as () => unknown)() : attribute.default;
    else if (name === 'documentId') value = newDocumentId();
    else continue;
    row[column] = attribute.type === 'json' && value !== null ? JSON.stringify(value) : value;
  }
  return row;
}
