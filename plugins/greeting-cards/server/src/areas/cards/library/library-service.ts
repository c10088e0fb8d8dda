import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { getConfig } from '../../../platform/config/get-config';
import { libraryTypeFor } from '../rules/card-status';
import type { CardStatus, LibraryType } from '../../../platform/enums';
import type { PageRequest } from '../../../platform/http/pagination';
import { cardsForSync, libraryPage, type CardForSync } from './library-rows';
import { chunks, newRowColumns, writeTogether } from '../../../platform/db/bulk-rows';
import { inCurrentTransaction, linkOf } from '../../../platform/db/joined-rows';
import { serializeLibraryEntry } from './serializer';
import { query, tableOf } from '../../../platform/db/query';
import { getService } from '../../../platform/get-service';
import { isPostgres } from '../../../platform/db/dialect';

// A user's library: one entry per own card (draft/saved/sent, following the card's status) plus
// `received` entries for cards delivered to the user's e-mail address, listed only while the user has
// proven that address (people/address-proof-service.ts) and SERVICE_RECEIVED_CARDS is on.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const entries = () => query(strapi, UID.libraryEntry);

  /** Brings the owner's one entry for this card in line with the card's status and favourite flag. */
  async function syncCard(cardId: number): Promise<void> {
    const card = (await query(strapi, UID.card).findOne({ where: { id: cardId }, populate: ['owner'] })) as {
      id: number;
      status: CardStatus;
      is_favorite?: boolean;
      owner?: { id: number } | null;
    } | null;
    if (!card?.owner) return;
    const type = libraryTypeFor(card.status, getConfig(strapi).libraryAutoSaveDrafts);
    const existing = (await entries().findMany({
      where: { card: { id: card.id }, user: { id: card.owner.id }, type: { $ne: 'received' } },
      orderBy: [{ id: 'asc' }],
      select: ['id'],
    })) as Array<{ id: number }>;
    // A card has one own entry; none at all when its status maps to no entry.
    const keep = type ? existing[0] : undefined;
    const extra = existing.filter((e) => e !== keep);
    if (extra.length) await entries().deleteMany({ where: { id: { $in: extra.map((e) => e.id) } } });
    if (!type) return;
    const data = { type, is_pinned: Boolean(card.is_favorite) };
    // Updating even an unchanged entry moves it up the "most recently updated" order.
    if (keep) await entries().updateMany({ where: { id: keep.id }, data: { ...data, updatedAt: new Date() } });
    else await entries().create({ data: { ...data, user: card.owner.id, card: card.id } });
  }

  /**
   * syncCard for many cards at once (paying a large order marks every card ordered): the cards and
   * their entries are read in one query per batch, and the entries that stay are updated with one
   * UPDATE per (type, pinned) pair. Same outcome as syncCard on each card. `newStatus`: the cards'
   * status is set to it first (cards-service's setStatusMany), in the same statement as the read on
   * PostgreSQL.
   */
  async function syncCards(
    cardIds: number[],
    newStatus?: { status: CardStatus; at: Date; firstSent?: boolean },
  ): Promise<void> {
    const autoSave = getConfig(strapi).libraryAutoSaveDrafts;
    for (const batch of chunks([...new Set(cardIds)])) {
      const cards = await cardsForSync(strapi, batch, newStatus);
      const updates = new Map<string, number[]>();
      const extra: number[] = [];
      const missing: Array<{ card: CardForSync; type: string }> = [];
      for (const card of cards) {
        if (card.ownerId === null) continue;
        const type = libraryTypeFor(card.status as CardStatus, autoSave);
        const own = card.entryIds;
        const keep = type ? own[0] : undefined;
        extra.push(...own.filter((e) => e !== keep));
        if (!type) continue;
        if (keep === undefined) missing.push({ card, type });
        else {
          const key = `${type}|${card.is_favorite}`;
          updates.set(key, [...(updates.get(key) ?? []), keep]);
        }
      }
      if (extra.length) await entries().deleteMany({ where: { id: { $in: extra } } });
      const now = new Date();
      for (const [key, ids] of updates) {
        const [type, pinned] = key.split('|');
        await entries().updateMany({
          where: { id: { $in: ids } },
          data: { type, is_pinned: pinned === 'true', updatedAt: now },
        });
      }
      // A card without an entry (auto-save off and a draft ordered, or an entry lost) is rare: one by one.
      // Each with one INSERT and its two links written together (one statement on PostgreSQL), no read back.
      for (const { card, type } of missing) {
        if (isPostgres(strapi)) {
          // PostgreSQL: the row and both links in one statement, the links from the row's RETURNING.
          const row = newRowColumns(
            strapi,
            UID.libraryEntry,
            { type, is_pinned: card.is_favorite, createdAt: now, updatedAt: now },
            now,
          );
          const user = linkOf(strapi, UID.libraryEntry, 'user');
          const cardLink = linkOf(strapi, UID.libraryEntry, 'card');
          await inCurrentTransaction(strapi, async (knex) => {
            const insert = knex(tableOf(strapi, UID.libraryEntry)).insert(row).returning('id').toSQL();
            await knex.raw(
              `with "e" as (${insert.sql}), "u" as (insert into "${user.table}" ("${user.own}", "${user.other}") ` +
                `select "id", ? from "e") insert into "${cardLink.table}" ("${cardLink.own}", "${cardLink.other}") ` +
                `select "id", ? from "e"`,
              [...insert.bindings, card.ownerId as number, card.id],
            );
          });
          continue;
        }
        const { ids } = (await entries().createMany({
          data: [{ type, is_pinned: card.is_favorite, createdAt: now, updatedAt: now }],
        })) as { ids: number[] };
        await writeTogether(strapi, [
          { uid: UID.libraryEntry, name: 'user', pairs: [[ids[0], card.ownerId as number]] },
          { uid: UID.libraryEntry, name: 'card', pairs: [[ids[0], card.id]] },
        ]);
      }
    }
  }

  /**
   * Puts a delivered card into the library of the registered user with this e-mail address, as
   * `received`, noting the address. Idempotent. Returns false when no user has that address (or
   * received cards are off). The entry is listed only once the user has proven the address, so an
   * account registered under someone else's address never shows their cards; proving it later
   * shows the cards that arrived before.
   */
  async function addReceived(cardId: number, email: string): Promise<boolean> {
    const address = String(email ?? '')
      .trim()
      .toLowerCase();
    if (!address || !getConfig(strapi).receivedCards) return false;
    const card = await query(strapi, UID.card).findOne({ where: { id: cardId }, select: ['id'] });
    if (!card) return false;
    const user = await query(strapi, getConfig(strapi).userModel).findOne({
      where: { email: { $eqi: address } },
      select: ['id'],
    });
    if (!user) return false;
    const where = { card: { id: cardId }, user: { id: user.id }, type: 'received' };
    if (await entries().findOne({ where, select: ['id'] })) return true;
    await entries().create({
      data: { type: 'received', is_pinned: false, user: user.id, card: cardId, received_address: address },
    });
    return true;
  }

  /**
   * addReceived for many delivered cards at once (a batch of e-cards sent): the users with those
   * addresses in one query per batch, their existing received entries in one more, and the missing
   * entries created one by one (only recipients who have an account in the shop). Same outcome as
   * addReceived on each pair.
   */
  async function addReceivedMany(pairs: Array<{ cardId: number; email: string }>): Promise<void> {
    if (!getConfig(strapi).receivedCards) return;
    const wanted = new Map<string, { cardId: number; address: string }>();
    for (const { cardId, email } of pairs) {
      const address = String(email ?? '')
        .trim()
        .toLowerCase();
      if (address && cardId) wanted.set(`${cardId}|${address}`, { cardId, address });
    }
    if (!wanted.size) return;
    const addresses = [...new Set([...wanted.values()].map((w) => w.address))];
    const users: Array<{ id: number; email: string }> = [];
    for (const batch of chunks(addresses, 100)) {
      users.push(
        ...((await query(strapi, getConfig(strapi).userModel).findMany({
          where: { $or: batch.map((address) => ({ email: { $eqi: address } })) },
          select: ['id', 'email'],
        })) as Array<{ id: number; email: string }>),
      );
    }
    if (!users.length) return;
    const usersByAddress = new Map<string, number[]>();
    for (const user of users) {
      const address = String(user.email ?? '').toLowerCase();
      usersByAddress.set(address, [...(usersByAddress.get(address) ?? []), user.id]);
    }
    const candidates = [...wanted.values()].flatMap(({ cardId, address }) =>
      (usersByAddress.get(address) ?? []).map((userId) => ({ cardId, userId, address })),
    );
    if (!candidates.length) return;
    const cardIds = [...new Set(candidates.map((c) => c.cardId))];
    const existingCards = new Set(
      (
        (await query(strapi, UID.card).findMany({ where: { id: { $in: cardIds } }, select: ['id'] })) as Array<{
          id: number;
        }>
      ).map((c) => c.id),
    );
    const existing = (await entries().findMany({
      where: {
        type: 'received',
        card: { id: { $in: cardIds } },
        user: { id: { $in: candidates.map((c) => c.userId) } },
      },
      select: ['id'],
      populate: { card: { select: ['id'] }, user: { select: ['id'] } },
    })) as Array<{ card?: { id: number } | null; user?: { id: number } | null }>;
    const have = new Set(existing.map((e) => `${e.card?.id}|${e.user?.id}`));
    for (const { cardId, userId, address } of candidates) {
      if (!existingCards.has(cardId) || have.has(`${cardId}|${userId}`)) continue;
      have.add(`${cardId}|${userId}`);
      await entries().create({
        data: { type: 'received', is_pinned: false, user: userId, card: cardId, received_address: address },
      });
    }
  }

  /**
   * One page of the user's library, each entry with its card summary, in a fixed number of queries
   * whatever the page size (library-rows.ts). Received entries show only for the user's proven
   * address (older entries, made before addresses were noted, count as sent to the current one).
   * Pass the signed-in user's row when there is one: it saves reading it again.
   */
  async function list(
    user: number | { id: number; email?: unknown; confirmed?: unknown },
    type: LibraryType | undefined,
    page: PageRequest,
  ) {
    const userId = typeof user === 'number' ? user : user.id;
    const wantsReceived = type === undefined || type === 'received';
    const provenAddress =
      wantsReceived && getConfig(strapi).receivedCards
        ? await getService(strapi, 'addressProof').provenAddress(user)
        : null;
    const { count, rows } = await libraryPage(strapi, { userId, type, provenAddress }, page);
    return {
      count,
      results: rows.map((row) => serializeLibraryEntry(row as Parameters<typeof serializeLibraryEntry>[0])),
      provenAddress,
    };
  }

  /** Removes every entry of a card (in any library): the card is being deleted. */
  async function removeCard(cardId: number): Promise<void> {
    // Ids first: a delete filtered through a relation would need a join, which DELETE cannot do.
    const rows = (await entries().findMany({ where: { card: { id: cardId } }, select: ['id'] })) as Array<{
      id: number;
    }>;
    if (rows.length) await entries().deleteMany({ where: { id: { $in: rows.map((r) => r.id) } } });
  }

  return { syncCard, syncCards, addReceived, addReceivedMany, list, removeCard };
};
