import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { normaliseTag, tagKey, uniqueTags } from '../rules/recipient-tags';
import { serializeRecipient, type RecipientResponse, type RecipientRow } from './serializer';

// Tags ("Family", "Work") on address-book entries: read in bulk for a page of entries, replaced
// from the edit form, added to many entries at once, and the "everyone tagged X" lookup that
// sending to a group uses. Callers check ownership of the entries; every lookup is by owner too.

const ORDER = [{ is_system_user: 'desc' }, { first_name: 'asc' }, { last_name: 'asc' }, { id: 'asc' }];
// Bounded id lists keep every IN (...) well under the databases' parameter limits.
const CHUNK = 500;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = () => query(strapi, UID.recipientTag);

  async function insert(ownerId: number, recipientId: number, names: readonly string[]): Promise<void> {
    for (const name of names) {
      const key = tagKey(name);
      try {
        await q().create({
          data: {
            owner_ref: ownerId,
            recipient_ref: recipientId,
            name,
            tag_key: key,
            entry_key: `${recipientId}:${key}`,
          },
        });
      } catch (error) {
        // Already there (another request added it first): the tag is on the entry either way.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /** Tags of each entry, alphabetically (ignoring case). */
  async function tagsOf(recipientIds: readonly number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    for (const ids of chunks([...new Set(recipientIds)])) {
      const rows = (await q().findMany({ where: { recipient_ref: { $in: ids } }, orderBy: [{ id: 'asc' }] })) as Row[];
      for (const row of rows)
        out.set(Number(row.recipient_ref), [...(out.get(Number(row.recipient_ref)) ?? []), String(row.name)]);
    }
    for (const list of out.values()) list.sort((a, b) => tagKey(a).localeCompare(tagKey(b)));
    return out;
  }

  /** Ids of the owner's entries with the tag (any spelling of it). */
  async function idsWithTag(ownerId: number, tag: string): Promise<number[]> {
    const rows = (await q().findMany({
      where: { owner_ref: ownerId, tag_key: tagKey(tag) },
      select: ['recipient_ref'],
    })) as Row[];
    return rows.map((r) => Number(r.recipient_ref));
  }

  /** Adds tags to entries, keeping those they have (bulk tagging, imports). */
  async function addTags(ownerId: number, recipientIds: readonly number[], tags: readonly string[]): Promise<void> {
    const wanted = uniqueTags(tags);
    if (!wanted.length) return;
    const existing = await tagsOf(recipientIds);
    for (const id of new Set(recipientIds)) {
      const have = new Set((existing.get(id) ?? []).map(tagKey));
      await insert(
        ownerId,
        id,
        wanted.filter((t) => !have.has(tagKey(t))),
      );
    }
  }

  /** Takes one tag off entries. */
  async function removeTag(ownerId: number, recipientIds: readonly number[], tag: string): Promise<void> {
    for (const ids of chunks(recipientIds))
      await q().deleteMany({ where: { owner_ref: ownerId, recipient_ref: { $in: ids }, tag_key: tagKey(tag) } });
  }

  return {
    tagsOf,
    idsWithTag,

    /** Tags of entries just created (so they have none yet), written a few hundred rows per statement. */
    async tagNewEntries(
      ownerId: number,
      entries: ReadonlyArray<{ id: number; tags: readonly string[] }>,
    ): Promise<void> {
      const rows = entries.flatMap(({ id, tags }) =>
        uniqueTags(tags).map((name) => ({
          owner_ref: ownerId,
          recipient_ref: id,
          name,
          tag_key: tagKey(name),
          entry_key: `${id}:${tagKey(name)}`,
        })),
      );
      for (const data of chunks(rows)) await q().createMany({ data });
    },

    /** Rows with their `tags` attached, ready for serializeRecipient. */
    async withTags<T extends RecipientRow>(rows: readonly T[]): Promise<T[]> {
      const tags = await tagsOf(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] }));
    },

    /** Makes the entry's tags exactly `tags` (the entry is the owner's: the caller checked). */
    async setTags(ownerId: number, recipientId: number, tags: readonly string[]): Promise<void> {
      const wanted = uniqueTags(tags);
      const keys = new Set(wanted.map(tagKey));
      const current = (await q().findMany({ where: { recipient_ref: recipientId } })) as Row[];
      const gone = current.filter((r) => !keys.has(String(r.tag_key))).map((r) => r.id);
      if (gone.length) await q().deleteMany({ where: { id: { $in: gone } } });
      const have = new Set(current.map((r) => String(r.tag_key)));
      await insert(
        ownerId,
        recipientId,
        wanted.filter((t) => !have.has(tagKey(t))),
      );
    },

    addTags,
    removeTag,

    /**
     * Adds a tag to, or takes it off, those of `recipientIds` that are the owner's (others are ignored,
     * as if they did not exist). Returns how many entries that was.
     */
    async tagOwned(
      ownerId: number,
      recipientIds: readonly number[],
      tag: string,
      op: 'add' | 'remove',
    ): Promise<number> {
      const owned: number[] = [];
      for (const ids of chunks([...new Set(recipientIds)])) {
        const rows = (await query(strapi, UID.recipient).findMany({
          where: { id: { $in: ids }, owner: { id: ownerId } },
          select: ['id'],
        })) as Row[];
        owned.push(...rows.map((r) => Number(r.id)));
      }
      if (op === 'add') await addTags(ownerId, owned, [tag]);
      else await removeTag(ownerId, owned, tag);
      return owned.length;
    },

    /** The owner's tags, each once (first spelling), with how many entries have it: the page's filter. */
    async ownerTags(ownerId: number): Promise<Array<{ name: string; count: number }>> {
      const rows = (await q().findMany({
        where: { owner_ref: ownerId },
        select: ['name', 'tag_key'],
        orderBy: [{ tag_key: 'asc' }, { id: 'asc' }],
      })) as Row[];
      const byKey = new Map<string, { name: string; count: number }>();
      for (const r of rows) {
        const entry = byKey.get(String(r.tag_key)) ?? { name: normaliseTag(String(r.name)), count: 0 };
        entry.count += 1;
        byKey.set(String(r.tag_key), entry);
      }
      return [...byKey.values()];
    },

    /** Forgets the tags of entries being deleted. */
    async forgetEntries(recipientIds: readonly number[]): Promise<void> {
      for (const ids of chunks(recipientIds)) await q().deleteMany({ where: { recipient_ref: { $in: ids } } });
    },

    /** Everyone in the owner's address book with the tag, in address-book order: a "send to a group" target. */
    async recipientsWithTag(ownerId: number, tag: string): Promise<RecipientResponse[]> {
      const ids = await idsWithTag(ownerId, tag);
      const rows: RecipientRow[] = [];
      for (const part of chunks(ids))
        rows.push(
          ...((await query(strapi, UID.recipient).findMany({
            where: { id: { $in: part }, owner: { id: ownerId } },
            orderBy: ORDER,
          })) as RecipientRow[]),
        );
      // Chunks come back each in order; one sort puts them in the address book's order again.
      const text = (v: unknown) => String(v ?? '').toLocaleLowerCase('en');
      rows.sort(
        (a, b) =>
          Number(Boolean(b.is_system_user)) - Number(Boolean(a.is_system_user)) ||
          text(a.first_name).localeCompare(text(b.first_name)) ||
          text(a.last_name).localeCompare(text(b.last_name)) ||
          a.id - b.id,
      );
      const tags = await tagsOf(rows.map((r) => r.id));
      return rows.map((r) => serializeRecipient({ ...r, tags: tags.get(r.id) ?? [] }));
    },
  };
};
