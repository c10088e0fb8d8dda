import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Row } from './query';
import { readsInOneTrip } from './one-trip';
import { isPostgres } from './dialect';

// Reading a row together with its to-one relations in ONE query. Strapi's query engine populates
// each relation with a query of its own (an order's items with card, recipient and add-on were four
// round trips, read several times per request on the checkout path). Here the join goes through the
// same link tables Strapi's metadata names, and each row comes back in the shape the engine's own
// `findMany({ populate })` gives (attribute names, the same value conversions); a test compares the two.

interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
}
interface Attribute {
  type: string;
  columnName?: string;
  relation?: string;
  target?: string;
  joinTable?: JoinTable;
}
interface Meta {
  tableName: string;
  attributes: Record<string, Attribute>;
  columnToAttribute: Record<string, string>;
}

const SCALARS = new Set([
  'increments',
  'password',
  'email',
  'string',
  'uid',
  'richtext',
  'text',
  'json',
  'enumeration',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'date',
  'time',
  'datetime',
  'timestamp',
  'boolean',
  'blocks',
]);

const metaOf = (strapi: Core.Strapi, uid: string) => strapi.db.metadata.get(uid) as unknown as Meta;

/** A column's value as Strapi's query engine hands it back (its fields' `fromDB`). */
export function fromDb(type: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'json':
    case 'blocks':
      if (typeof value !== 'string') return value;
      try {
        const parsed = JSON.parse(value);
        return typeof parsed === 'string' ? JSON.parse(parsed) : parsed;
      } catch {
        return value;
      }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return String(value) === '1' ? true : String(value) === '0' ? false : null;
    case 'datetime': {
      const date = value instanceof Date ? value : new Date(value as string | number);
      return Number.isNaN(date.getTime()) ? null : date.toISOString();
    }
    case 'timestamp': {
      const date = value instanceof Date ? value : new Date(value as string | number);
      return Number.isNaN(date.getTime()) ? null : String(date.getTime());
    }
    case 'integer':
    case 'float':
    case 'decimal':
      return Number(value);
    case 'biginteger':
      return String(value);
    case 'string':
    case 'email':
    case 'password':
    case 'uid':
    case 'richtext':
    case 'text':
    case 'enumeration':
      return String(value);
    default:
      return value;
  }
}

// A type's scalar columns (column, attribute, type), worked out once per metadata object: the reads
// below run on every order step, and walking the attributes each time showed in CPU profiles.
const scalarsByMeta = new WeakMap<Meta, Array<[column: string, name: string, type: string]>>();
function scalarsOf(meta: Meta): Array<[column: string, name: string, type: string]> {
  let scalars = scalarsByMeta.get(meta);
  if (!scalars) {
    scalars = [];
    for (const [column, name] of Object.entries(meta.columnToAttribute)) {
      const type = meta.attributes[name]?.type;
      if (SCALARS.has(type)) scalars.push([column, name, type as string]);
    }
    scalarsByMeta.set(meta, scalars);
  }
  return scalars;
}

// The select list of a type's scalar columns, written out once per type, alias and prefix: knex quoting
// each of a few dozen identifiers per table on every read (an order's reads join four or five tables)
// was about a tenth of an order's CPU in a profile of the checkout bench.
const listsByMeta = new WeakMap<Meta, Map<string, string>>();
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
function quoted(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`joined-rows: "${name}" is not a plain identifier`);
  return `"${name}"`;
}
function columnList(meta: Meta, alias: string, prefix: string): string {
  let lists = listsByMeta.get(meta);
  if (!lists) listsByMeta.set(meta, (lists = new Map()));
  const key = `${alias}.${prefix}`;
  let list = lists.get(key);
  if (list === undefined) {
    list = scalarsOf(meta)
      .map(([column]) => `${quoted(alias)}.${quoted(column)} as ${quoted(`${prefix}${column}`)}`)
      .join(', ');
    lists.set(key, list);
  }
  return list;
}

/** The scalar columns of a type, selected under `alias` with `prefix` so joined tables never clash. */
function columnsOf(strapi: Core.Strapi, meta: Meta, alias: string, prefix: string): Knex.Raw {
  return strapi.db.connection.raw(columnList(meta, alias, prefix));
}

function readRow(meta: Meta, raw: Row, prefix: string): Row {
  const row: Row = {};
  for (const [column, name, type] of scalarsOf(meta)) row[name] = fromDb(type, raw[`${prefix}${column}`]);
  return row;
}

/** The scalar columns of `uid`'s rows selected under `alias` (prefixed `prefix`), for a hand-written read. */
export function scalarColumnsOf(strapi: Core.Strapi, uid: string, alias: string, prefix: string): Knex.Raw {
  return columnsOf(strapi, metaOf(strapi, uid), alias, prefix);
}

/** A row selected with scalarColumnsOf, as the query engine hands it back (attribute names, its conversions). */
export function rowOfType(strapi: Core.Strapi, uid: string, raw: Row, prefix: string): Row {
  return readRow(metaOf(strapi, uid), raw, prefix);
}

/** The transaction this call runs in, when there is one (Strapi keeps it per async context). */
export async function inCurrentTransaction<T>(strapi: Core.Strapi, fn: (knex: Knex) => Promise<T>): Promise<T> {
  if (!strapi.db.inTransaction()) return fn(strapi.db.connection);
  // Nested: Strapi hands back the running transaction and neither begins nor commits.
  return strapi.db.transaction(({ trx }) => fn(trx as unknown as Knex));
}

/**
 * Ids to read: a list, or a subquery that selects them in a column named `id` (a read that follows
 * another in one round trip).
 */
type Ids = number[] | ((knex: Knex) => Knex.QueryBuilder);
type Filter = { parent: string; parentIds: Ids } | { ids: Ids };

/**
 * Rows of `uid` whose to-one relation `parent` points at one of `parentIds`, each with its to-one
 * relations `populate` (null when unset) and `parent` itself as `{ id }`, ordered by id.
 */
export function rowsWithRelations(
  strapi: Core.Strapi,
  uid: string,
  parent: string,
  parentIds: number[],
  populate: string[],
): Promise<Row[]> {
  return joinedRows(strapi, uid, { parent, parentIds }, populate);
}

/** Rows of `uid` with these ids, each with its to-one relations `populate` (null when unset), ordered by id. */
export function rowsByIdWithRelations(
  strapi: Core.Strapi,
  uid: string,
  ids: number[],
  populate: string[],
): Promise<Row[]> {
  return joinedRows(strapi, uid, { ids }, populate);
}

/**
 * rowsByIdWithRelations, with the to-one relations `refs` as `{ id }` only as well (an owner to check
 * without reading the owner's row).
 */
export function rowsByIdWithRelationsAndRefs(
  strapi: Core.Strapi,
  uid: string,
  ids: number[],
  populate: string[],
  refs: string[],
): Promise<Row[]> {
  return joinedRows(strapi, uid, { ids }, populate, refs);
}

/**
 * Rows of `uid` whose to-one relation `parent` points at one of `parentIds`, with the to-one relations
 * `refs` as `{ id }` only (the link table joined, not the target's row), ordered by id.
 */
export function rowsWithRelationIds(
  strapi: Core.Strapi,
  uid: string,
  parent: string,
  parentIds: number[],
  refs: string[],
): Promise<Row[]> {
  return joinedRows(strapi, uid, { parent, parentIds }, [], refs);
}

/**
 * One row of `parentUid` (the first `where` finds; null when none) with its children: the rows of
 * `uid` whose to-one relation `parent` points at it, with the to-one relations `refs` as `{ id }`,
 * ordered by id, in ONE query (the parent left-joined to its children). `where` filters the parent
 * (alias `o`; the query may join more there). `lock`: FOR UPDATE of the parent's row (PostgreSQL).
 */
export async function rowWithChildRelationIds(
  strapi: Core.Strapi,
  parentUid: string,
  where: (query: Knex.QueryBuilder) => void,
  uid: string,
  parent: string,
  refs: string[],
): Promise<{ row: Row | null; children: Row[] }> {
  const head = { uid: parentUid, where, row: null as Row | null };
  const children = await joinedRows(strapi, uid, { parent, parentIds: [] }, [], refs, head);
  return { row: head.row, children };
}

/**
 * One row of `parentUid` (found by `where` on alias `o`) with its children of `uid` (whose to-one
 * relation `parent` points at it), each child with its to-one relations `populate` as whole rows, in
 * ONE query. `lock` (needs a transaction): the parent's row locked first. On PostgreSQL that is a query
 * of its own (FOR UPDATE OF the parent), the children read in a second once the lock is held: when a
 * locking read waits for another transaction, PostgreSQL re-reads only the locked row, so children
 * joined in the same statement would be as the statement first saw them (a checkout froze a total
 * without the line an add_to_cart had just committed). SQLite writes one transaction at a time: one query.
 */
export async function rowWithChildren(
  strapi: Core.Strapi,
  parentUid: string,
  where: (query: Knex.QueryBuilder) => void,
  uid: string,
  parent: string,
  populate: string[],
  lock = false,
): Promise<{ row: Row | null; children: Row[] }> {
  if (lock && isPostgres(strapi)) {
    const headMeta = metaOf(strapi, parentUid);
    const locking = (knex: Knex) => {
      const query = knex(`${headMeta.tableName} as o`).select(columnsOf(strapi, headMeta, 'o', 'o__'));
      where(query);
      return query.forUpdate('o').limit(1);
    };
    // The lock and the children in one round trip where the values can be written into the SQL: two
    // statements of one simple query, the second starting (with a fresh snapshot) once the first holds
    // the lock; its children found through the parent's `where` again.
    const parentId = (knex: Knex) => {
      const query = knex(`${headMeta.tableName} as o`).select('o.id');
      where(query);
      return query;
    };
    const children = joinedRead(strapi, uid, { parent, parentIds: parentId }, populate);
    // (JIT goes off for the rest of this transaction: one-trip.ts.)
    const together = await inCurrentTransaction(strapi, (knex) =>
      readsInOneTrip(knex, [locking(knex), children.build(knex)]),
    );
    if (together) {
      const [records, childRecords] = together;
      if (!records.length) return { row: null, children: [] };
      return { row: readRow(headMeta, records[0], 'o__'), children: children.read(childRecords) };
    }
    const record: Row | undefined = await inCurrentTransaction(strapi, async (knex) => (await locking(knex))[0]);
    if (!record) return { row: null, children: [] };
    const row = readRow(headMeta, record, 'o__');
    return { row, children: await joinedRows(strapi, uid, { parent, parentIds: [Number(row.id)] }, populate) };
  }
  const head = { uid: parentUid, where, row: null as Row | null };
  const children = await joinedRows(strapi, uid, { parent, parentIds: [] }, populate, [], head);
  return { row: head.row, children };
}

/** joinedRead, run now (in the caller's transaction when there is one). */
async function joinedRows(...args: Parameters<typeof joinedRead>): Promise<Row[]> {
  const [strapi, , filter, , , head] = args;
  const wanted = 'ids' in filter ? filter.ids : filter.parentIds;
  if (Array.isArray(wanted) && !wanted.length && !head) return [];
  const read = joinedRead(...args);
  return read.read(await inCurrentTransaction(strapi, async (knex) => (await read.build(knex)) as Row[]));
}

/** A joined read, as its query (to run) and its reader (the query's records into rows). */
export interface JoinedRead {
  build(knex: Knex): Knex.QueryBuilder;
  read(raw: Row[]): Row[];
}

/**
 * Rows of `uid` by id, each with its to-one relations `populate`, as a read to run later (readsTogether
 * in reads-together.ts): `ids` may be a subquery selecting them, so that a read that depends on another's
 * rows can go in the same round trip.
 */
export function rowsByIdRead(strapi: Core.Strapi, uid: string, ids: Ids, populate: string[]): JoinedRead {
  return joinedRead(strapi, uid, { ids }, populate);
}

function joinedRead(
  strapi: Core.Strapi,
  uid: string,
  filter: Filter,
  populate: string[],
  refs: string[] = [],
  head?: { uid: string; where: (query: Knex.QueryBuilder) => void; row: Row | null },
): JoinedRead {
  const meta = metaOf(strapi, uid);
  const link = (name: string): { join: JoinTable; target: Meta } => {
    const attribute = meta.attributes[name];
    if (
      attribute?.type !== 'relation' ||
      !attribute.joinTable ||
      !attribute.target ||
      !/^(manyToOne|oneToOne)$/.test(attribute.relation ?? '')
    ) {
      throw new Error(`${uid}.${name} is not a to-one relation through a link table`);
    }
    return { join: attribute.joinTable, target: metaOf(strapi, attribute.target) };
  };
  const up = 'parent' in filter ? link(filter.parent) : null;
  const headMeta = head ? metaOf(strapi, head.uid) : null;
  function build(knex: Knex): Knex.QueryBuilder {
    if (head && headMeta && up) {
      // The parent first, its children left-joined: a parent without children still comes back.
      const query = knex(`${headMeta.tableName} as o`)
        .select(columnsOf(strapi, headMeta, 'o', 'o__'))
        .leftJoin(`${up.join.name} as p`, `p.${up.join.inverseJoinColumn.name}`, 'o.id')
        .leftJoin(`${meta.tableName} as r`, 'r.id', `p.${up.join.joinColumn.name}`)
        .select(columnsOf(strapi, meta, 'r', 'r__'))
        .select({ r__parent: 'o.id' })
        .orderBy('r.id', 'asc');
      head.where(query);
      return withRelations(query);
    }
    // The query starts from what picks the rows (the ids' subquery, the parent's link rows), then
    // reaches the rows and their relations. Written the other way round (the rows first, filtered at
    // the end through `in (subquery)`), PostgreSQL, on tables without statistics yet (a new shop, the
    // benchmark), joined every row of the table before filtering: measured on 300 order items,
    // checkout's lines read ran 3-4 ms, and 0.3 ms this way. One-trip reads also keep the written
    // order (one-trip.ts), which saves planning the order of ten tables.
    const pick = (ids: (knex: Knex) => Knex.QueryBuilder) => knex.queryBuilder().from(ids(knex).as('pick'));
    let query: Knex.QueryBuilder;
    if (up && 'parentIds' in filter) {
      const parentColumn = `p.${up.join.inverseJoinColumn.name}`;
      query = Array.isArray(filter.parentIds)
        ? knex(`${up.join.name} as p`).whereIn(parentColumn, filter.parentIds)
        : pick(filter.parentIds).join(`${up.join.name} as p`, parentColumn, 'pick.id');
      query.join(`${meta.tableName} as r`, 'r.id', `p.${up.join.joinColumn.name}`).select({ r__parent: parentColumn });
    } else if ('ids' in filter && !Array.isArray(filter.ids)) {
      query = pick(filter.ids).join(`${meta.tableName} as r`, 'r.id', 'pick.id');
    } else {
      query = knex(`${meta.tableName} as r`);
      if ('ids' in filter) query.whereIn('r.id', filter.ids as number[]);
    }
    query.select(columnsOf(strapi, meta, 'r', 'r__')).orderBy('r.id', 'asc');
    return withRelations(query);
  }
  /** The rows' to-one relations: `populate` as whole rows, `refs` as ids. */
  function withRelations(query: Knex.QueryBuilder): Knex.QueryBuilder {
    populate.forEach((name, i) => {
      const { join, target } = link(name);
      query
        .leftJoin(`${join.name} as l${i}`, `l${i}.${join.joinColumn.name}`, 'r.id')
        .leftJoin(`${target.tableName} as t${i}`, `t${i}.id`, `l${i}.${join.inverseJoinColumn.name}`)
        .select(columnsOf(strapi, target, `t${i}`, `t${i}__`));
    });
    refs.forEach((name, i) => {
      const { join } = link(name);
      query
        .leftJoin(`${join.name} as k${i}`, `k${i}.${join.joinColumn.name}`, 'r.id')
        .select({ [`k${i}__id`]: `k${i}.${join.inverseJoinColumn.name}` });
    });
    return query;
  }
  function read(raw: Row[]): Row[] {
    const seen = new Set<unknown>();
    const rows: Row[] = [];
    for (const record of raw) {
      if (head && headMeta) {
        // The parent of the first record is THE parent (where finds one); it repeats on each child.
        if (!head.row) head.row = readRow(headMeta, record, 'o__');
        if (Number(record.r__parent) !== Number(head.row.id)) continue;
        if (record.r__id === null || record.r__id === undefined) continue;
      }
      // A to-one relation has one link row; should a second ever exist, the row still comes once.
      if (seen.has(record.r__id)) continue;
      seen.add(record.r__id);
      const row = readRow(meta, record, 'r__');
      if ('parent' in filter) row[filter.parent] = { id: Number(record.r__parent) };
      populate.forEach((name, i) => {
        row[name] =
          record[`t${i}__id`] === null || record[`t${i}__id`] === undefined
            ? null
            : readRow(link(name).target, record, `t${i}__`);
      });
      refs.forEach((name, i) => {
        row[name] =
          record[`k${i}__id`] === null || record[`k${i}__id`] === undefined
            ? null
            : { id: Number(record[`k${i}__id`]) };
      });
      rows.push(row);
    }
    return rows;
  }
  return { build, read };
}

/** The link table of a relation of `uid` (Strapi keeps every relation in one), for hand-written joins. */
export function linkOf(strapi: Core.Strapi, uid: string, name: string): { table: string; own: string; other: string } {
  const attribute = metaOf(strapi, uid).attributes[name];
  if (attribute?.type !== 'relation' || !attribute.joinTable)
    throw new Error(`${uid}.${name} is not a relation through a link table`);
  return {
    table: attribute.joinTable.name,
    own: attribute.joinTable.joinColumn.name,
    other: attribute.joinTable.inverseJoinColumn.name,
  };
}

/** A type's table and the column behind each attribute, for hand-written joins. */
export function columnsOfType(
  strapi: Core.Strapi,
  uid: string,
): { table: string; column: (name: string) => string; type: (name: string) => string } {
  const meta = metaOf(strapi, uid);
  const byName = new Map(Object.entries(meta.columnToAttribute).map(([column, name]) => [name, column]));
  return {
    table: meta.tableName,
    column: (name) => {
      const column = byName.get(name);
      if (!column) throw new Error(`${uid}.${name} has no column`);
      return column;
    },
    type: (name) => meta.attributes[name]?.type ?? 'string',
  };
}
