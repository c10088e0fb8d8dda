import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { UID } from '../../../platform/uids';
import type { LibraryType } from '../../../platform/enums';
import type { PageRequest } from '../../../platform/http/pagination';
import { columnsOfType, fromDb, inCurrentTransaction, linkOf } from '../../../platform/db/joined-rows';
import type { Row } from '../../../platform/db/query';
import { withSelectedNotices } from '../../../platform/db/table-writes';
import { isPostgres } from '../../../platform/db/dialect';

// One page of a user's library with each entry's card summary and the total, in ONE query: Strapi's
// engine took three (count, entries, then the cards populated by entry ids). The total rides along as
// a window count; only a page past the end (no rows to carry it) asks for the count on its own.

export interface LibraryFilter {
  userId: number;
  type: LibraryType | undefined;
  /** The user's proven address: received entries show only for it (null: none show). */
  provenAddress: string | null;
}

const ENTRY_FIELDS = ['id', 'type', 'is_pinned', 'createdAt', 'updatedAt'];
const CARD_FIELDS = ['id', 'title', 'status', 'preview_url'];

export async function libraryPage(
  strapi: Core.Strapi,
  filter: LibraryFilter,
  page: PageRequest,
): Promise<{ count: number; rows: Row[] }> {
  const entry = columnsOfType(strapi, UID.libraryEntry);
  const card = columnsOfType(strapi, UID.card);
  const owner = linkOf(strapi, UID.libraryEntry, 'user');
  const cardLink = linkOf(strapi, UID.libraryEntry, 'card');
  const knex = strapi.db.connection;
  const e = (name: string) => `e.${entry.column(name)}`;

  const received = (q: Knex.QueryBuilder) => {
    if (!filter.provenAddress) return q.whereRaw('1 = 0');
    // Entries made before addresses were noted count as sent to the current one.
    return q
      .where(e('type'), 'received')
      .andWhere((r) => r.where(e('received_address'), filter.provenAddress).orWhereNull(e('received_address')));
  };
  const base = () => {
    const q = knex(`${entry.table} as e`)
      .join(`${owner.table} as u`, `u.${owner.own}`, 'e.id')
      .where(`u.${owner.other}`, filter.userId);
    if (filter.type === 'received') q.where(received);
    else if (filter.type) q.where(e('type'), filter.type);
    else q.where((w) => w.whereNot(e('type'), 'received').orWhere(received));
    return q;
  };

  const select: Record<string, string> = {};
  for (const name of ENTRY_FIELDS) select[`e__${name}`] = e(name);
  for (const name of CARD_FIELDS) select[`c__${name}`] = `c.${card.column(name)}`;
  const raw: Row[] = await base()
    .leftJoin(`${cardLink.table} as cl`, `cl.${cardLink.own}`, 'e.id')
    .leftJoin(`${card.table} as c`, 'c.id', `cl.${cardLink.other}`)
    .select(select)
    .select(knex.raw('count(*) over () as total'))
    .orderBy([
      { column: e('is_pinned'), order: 'desc' },
      { column: e('updatedAt'), order: 'desc' },
      { column: e('id'), order: 'desc' },
    ])
    .offset(page.offset)
    .limit(page.pageSize);

  const rows = raw.map((r) => {
    const row: Row = {};
    for (const name of ENTRY_FIELDS) row[name] = fromDb(entry.type(name), r[`e__${name}`]);
    row.card =
      r.c__id === null || r.c__id === undefined
        ? null
        : Object.fromEntries(CARD_FIELDS.map((name) => [name, fromDb(card.type(name), r[`c__${name}`])]));
    return row;
  });
  if (raw.length) return { count: Number(raw[0].total), rows };
  if (page.offset === 0) return { count: 0, rows };
  const [counted] = await base().count({ total: '*' });
  return { count: Number(counted?.total ?? 0), rows };
}

export interface CardForSync {
  id: number;
  status: string;
  is_favorite: boolean;
  ownerId: number | null;
  /** The ids of the owner's own (not received) entries of this card, oldest first. */
  entryIds: number[];
}

/**
 * The cards' status, favourite flag and owner with the owner's own (not received) entries of each,
 * in ONE query (it was two, and the engine reads the owner separately). `newStatus`: the cards'
 * status is being set to it (setStatusMany): the UPDATE rides along as a data-modifying CTE of the
 * same statement on PostgreSQL (its read sees the rows from before the statement, so the status comes
 * back as `newStatus`); SQLite runs it first, on its own.
 */
export async function cardsForSync(
  strapi: Core.Strapi,
  cardIds: number[],
  newStatus?: { status: string; at: Date; firstSent?: boolean },
): Promise<CardForSync[]> {
  if (!cardIds.length) return [];
  const card = columnsOfType(strapi, UID.card);
  const owner = linkOf(strapi, UID.card, 'owner');
  const entry = columnsOfType(strapi, UID.libraryEntry);
  const entryUser = linkOf(strapi, UID.libraryEntry, 'user');
  const entryCard = linkOf(strapi, UID.libraryEntry, 'card');
  const postgres = isPostgres(strapi);
  const raw: Row[] = await inCurrentTransaction(strapi, async (knex) => {
    const update = newStatus
      ? knex(card.table)
          .whereIn('id', cardIds)
          .update({
            [card.column('status')]: newStatus.status,
            [card.column('updatedAt')]: newStatus.at,
            // A send: the first one stamps sent_at (as applyStatus does), later ones leave it.
            ...(newStatus.firstSent
              ? { [card.column('sent_at')]: knex.raw('coalesce(??, ?)', [card.column('sent_at'), newStatus.at]) }
              : {}),
          })
      : null;
    if (update && !postgres) await update;
    const own = knex(`${entry.table} as e`)
      .join(`${entryCard.table} as cl`, `cl.${entryCard.own}`, 'e.id')
      .join(`${entryUser.table} as ul`, `ul.${entryUser.own}`, 'e.id')
      .whereIn(`cl.${entryCard.other}`, cardIds)
      .whereNot(`e.${entry.column('type')}`, 'received')
      .select({ id: 'e.id', card_id: `cl.${entryCard.other}`, user_id: `ul.${entryUser.other}` })
      .as('x');
    const read = knex(`${card.table} as c`)
      .leftJoin(`${owner.table} as o`, `o.${owner.own}`, 'c.id')
      .leftJoin(own, function () {
        this.on('x.card_id', '=', 'c.id').andOn('x.user_id', '=', `o.${owner.other}`);
      })
      .whereIn('c.id', cardIds)
      .select({
        id: 'c.id',
        status: `c.${card.column('status')}`,
        is_favorite: `c.${card.column('is_favorite')}`,
        owner_id: `o.${owner.other}`,
        entry_id: 'x.id',
      })
      .orderBy([
        { column: 'c.id', order: 'asc' },
        { column: 'x.id', order: 'asc' },
      ]);
    if (!update || !postgres) return read;
    const u = update.toSQL();
    const r = read.toSQL();
    // Run alone, it selects its own change notice (the cards' topic) for the rows it returns: delivered as
    // it commits, with no round trip behind it (table-writes.ts).
    const statement = (extra: string[]) => {
      const withExtra = extra.length ? read.clone().select(extra.map((column) => knex.raw(column))) : read;
      return `with "w0" as (${u.sql}) ${withExtra.toSQL().sql}`;
    };
    const result = (await knex.raw(withSelectedNotices(strapi, [], statement), [...u.bindings, ...r.bindings])) as {
      rows: Row[];
    };
    return result.rows;
  });
  const cards = new Map<number, CardForSync>();
  for (const r of raw) {
    const id = Number(r.id);
    let found = cards.get(id);
    if (!found) {
      found = {
        id,
        status: newStatus ? newStatus.status : String(r.status),
        is_favorite: fromDb('boolean', r.is_favorite) === true,
        ownerId: r.owner_id === null || r.owner_id === undefined ? null : Number(r.owner_id),
        entryIds: [],
      };
      cards.set(id, found);
    }
    // A card with two owner links would repeat its entries: each is kept once.
    if (r.entry_id !== null && r.entry_id !== undefined && !found.entryIds.includes(Number(r.entry_id)))
      found.entryIds.push(Number(r.entry_id));
  }
  return [...cards.values()];
}
