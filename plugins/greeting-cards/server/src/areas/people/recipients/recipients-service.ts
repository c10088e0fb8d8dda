import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { fieldErrors, forbidden, notFound } from '../../../platform/errors';
import type { PageRequest } from '../../../platform/http/pagination';
import {
  checkRecipient,
  EMPTY_RECIPIENT,
  LIMITS,
  RecipientFields,
  RecipientPatch,
  RECIPIENT_FIELDS,
} from '../rules/recipient-input';
import { isCountryCode } from '../../../platform/addresses/countries';
import { toDateString } from '../../../platform/time/calendar-dates';
import { serializeRecipient, type RecipientResponse, type RecipientRow } from './serializer';
import { getConfig } from '../../../platform/config/get-config';
import { pagedRows } from '../../../platform/db/paged-rows';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import type userDetailsService from '../user-details-service';
import type { UserDetails } from '../user-details-service';
import { query } from '../../../platform/db/query';
import type recipientTagsService from './recipient-tags-service';
import { msg } from '../../../platform/i18n/format-message';

/** A create or patch of an entry: its fields, and optionally its tags (replacing the ones it has). */
export type RecipientInput = RecipientPatch & { tags?: string[] };

/** Narrowing a list: `tag` keeps the entries in that group. */
export interface RecipientFilter {
  tag?: string;
}

export const SYSTEM_ENTRY_READ_ONLY = msg('error.system_entry_read_only');
// What the system entry lets its owner change: the user account does not hold these.
const SYSTEM_ENTRY_EDITABLE = ['notes', 'time_zone'];
export const SYSTEM_ENTRY_UNDELETABLE = msg('error.system_entry_undeletable');

const ORDER = [{ is_system_user: 'desc' }, { first_name: 'asc' }, { last_name: 'asc' }, { id: 'asc' }];

const cut = (value: string, max: number) => value.slice(0, max);

/** The system entry's fields from the user's details. Host data is not validated, only made to fit the columns. */
function fromDetails(d: UserDetails): Omit<RecipientFields, 'notes' | 'anniversary' | 'time_zone'> {
  return {
    first_name: cut(d.first_name, LIMITS.name),
    last_name: cut(d.last_name, LIMITS.name),
    email: cut(d.email, LIMITS.email),
    phone: cut(d.phone, LIMITS.phone),
    address_line_1: cut(d.address_line_1, LIMITS.addressLine),
    address_line_2: cut(d.address_line_2, LIMITS.addressLine),
    city: cut(d.city, LIMITS.place),
    county: cut(d.county, LIMITS.place),
    postcode: cut(d.postcode, LIMITS.postcode),
    country: isCountryCode(d.country) ? d.country : 'GB',
    birthday: d.birthday,
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = () => query(strapi, UID.recipient);
  const userDetails = () =>
    strapi.plugin('greeting-cards').service('userDetails') as ReturnType<typeof userDetailsService>;
  const tags = () =>
    strapi.plugin('greeting-cards').service('recipientTags') as ReturnType<typeof recipientTagsService>;
  /** The response for one row, tags included. */
  const withTags = async (row: RecipientRow) => serializeRecipient((await tags().withTags([row]))[0]);
  /** Applies the input's tags, if it has any, to a saved entry. */
  async function saveTags(userId: number, row: RecipientRow, input: RecipientInput): Promise<RecipientResponse> {
    if (input.tags !== undefined) await tags().setTags(userId, row.id, input.tags);
    return withTags(row);
  }

  async function findOwned(userId: number, recipientId: number): Promise<RecipientRow> {
    const row = await q().findOne({ where: { id: recipientId, owner: { id: userId } } });
    if (!row) throw notFound();
    return row as RecipientRow;
  }

  /** Creates or refreshes the owner's is_system_user entry from their details. Safe to race. */
  async function syncSystemRecipient(userId: number): Promise<RecipientResponse> {
    return serializeRecipient(await syncSystemRow(userId));
  }

  async function syncSystemRow(userId: number): Promise<RecipientRow> {
    const data = fromDetails(await userDetails().forUser(userId));
    const existing = await q().findOne({ where: { system_owner_key: userId } });
    if (existing) return (await q().update({ where: { id: existing.id }, data })) as RecipientRow;
    try {
      return (await q().create({
        data: { ...data, notes: '', owner: userId, is_system_user: true, system_owner_key: userId },
      })) as RecipientRow;
    } catch (error) {
      // Another sync created it between our read and our insert: the unique index on
      // system_owner_key refused ours, so refresh theirs instead.
      if (!isUniqueViolation(error)) throw error;
      const winner = await q().findOne({ where: { system_owner_key: userId } });
      if (!winner) throw error;
      return (await q().update({ where: { id: winner.id }, data })) as RecipientRow;
    }
  }

  return {
    findOwned,
    syncSystemRecipient,

    /** The address book; with SERVICE_AUTO_SYNC_USER_RECIPIENT the system entry is refreshed first. */
    async list(
      userId: number,
      page: PageRequest,
      filter: RecipientFilter = {},
    ): Promise<{ count: number; results: RecipientResponse[] }> {
      if (getConfig(strapi).autoSyncUserRecipient) await syncSystemRow(userId);
      const where: Record<string, unknown> = { owner: { id: userId } };
      if (filter.tag !== undefined) where.id = { $in: await tags().idsWithTag(userId, filter.tag) };
      const { count, rows } = await pagedRows<RecipientRow>(
        page,
        async () => Number(await q().count({ where })),
        () => q().findMany({ where, orderBy: ORDER, offset: page.offset, limit: page.pageSize }),
      );
      return { count, results: (await tags().withTags(rows)).map(serializeRecipient) };
    },

    async get(userId: number, recipientId: number): Promise<RecipientResponse> {
      return withTags(await findOwned(userId, recipientId));
    },

    async create(userId: number, { tags: tagList, ...input }: RecipientInput): Promise<RecipientResponse> {
      const { errors, value } = checkRecipient({ ...EMPTY_RECIPIENT, ...input });
      if (Object.keys(errors).length) throw fieldErrors(errors);
      return saveTags(
        userId,
        (await q().create({ data: { ...value, owner: userId, is_system_user: false } })) as RecipientRow,
        { tags: tagList },
      );
    },

    async update(
      userId: number,
      recipientId: number,
      { tags: tagList, ...input }: RecipientInput,
    ): Promise<RecipientResponse> {
      const row = await findOwned(userId, recipientId);
      if (row.is_system_user) {
        // Your own entry can be in groups too ("Family"): tags are the address book's, not the account's.
        if (Object.keys(input).some((k) => !SYSTEM_ENTRY_EDITABLE.includes(k))) throw forbidden(SYSTEM_ENTRY_READ_ONLY);
        const own = Object.fromEntries(
          Object.entries(input).filter(([k, v]) => SYSTEM_ENTRY_EDITABLE.includes(k) && v !== undefined),
        );
        if (!Object.keys(own).length) return saveTags(userId, row, { tags: tagList });
        return saveTags(userId, (await q().update({ where: { id: row.id }, data: own })) as RecipientRow, {
          tags: tagList,
        });
      }
      const current = {} as Record<string, unknown>;
      for (const field of RECIPIENT_FIELDS)
        current[field] = row[field] ?? (EMPTY_RECIPIENT as Record<string, unknown>)[field];
      current.birthday = toDateString(row.birthday);
      current.anniversary = toDateString(row.anniversary);
      const { errors, value } = checkRecipient({ ...(current as RecipientFields), ...input });
      if (Object.keys(errors).length) throw fieldErrors(errors);
      return saveTags(userId, (await q().update({ where: { id: row.id }, data: value })) as RecipientRow, {
        tags: tagList,
      });
    },

    async remove(userId: number, recipientId: number): Promise<void> {
      const row = await findOwned(userId, recipientId);
      if (row.is_system_user) throw forbidden(SYSTEM_ENTRY_UNDELETABLE);
      // A reminder about someone who is no longer in the address book has nobody to remind about.
      const reminders = await query(strapi, UID.reminder).findMany({
        where: { recipient: { id: row.id } },
        select: ['id'],
      });
      if (reminders.length)
        await query(strapi, UID.reminder).deleteMany({
          where: { id: { $in: reminders.map((r: { id: number }) => r.id) } },
        });
      await tags().forgetEntries([row.id]);
      await q().delete({ where: { id: row.id } });
    },
  };
};
