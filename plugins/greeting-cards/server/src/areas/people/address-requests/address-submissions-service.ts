import type { Core } from '@strapi/strapi';
import { badRequest, conflict, fieldErrors, notFound } from '../../../platform/errors';
import { getConfig } from '../../../platform/config/get-config';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import type { Row } from '../../../platform/db/query';
import {
  linkEmailKey,
  SUBMISSION_FIELDS,
  validateSubmission,
  type CheckedSubmission,
} from './rules/address-submission';
import { changedFields, readPendingChange } from './rules/pending-change';
import { nextDayCount, secondsToNextShopDay, shopDay } from './rules/link-day';
import { addressLinkStore } from './address-link-store';
import { msg } from '../../../platform/i18n/format-message';

// A friend's submission through an address link: checked as the address book and checkout check an
// address, counted against the link's daily cap, then saved as the shopper's entry "added by them".
// One entry per e-mail per shopper (a unique key on the entry). The first answer for an e-mail is the
// entry; a later one never overwrites it (security issue 39: whoever holds the link could otherwise
// move a friend, postal address included, knowing only their e-mail). It waits on the entry as a
// pending change, the newest replacing an older one, until the owner accepts or rejects it. An entry
// the shopper typed in themselves is never touched: the friend's goes beside it.

export const ADDRESS_LINK_SOURCE = 'address_link';

/** The answer a friend gets: what was saved, the same whether the entry was new or updated. */
export type SubmissionResult = { ok: true; entry: CheckedSubmission } | { ok: false; retryAfter: number };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = addressLinkStore(strapi);

  /**
   * Takes one of the day's places on the link, by compare-and-set on its counter so two instances never
   * both take the last one. The number of seconds until the next shop day when the day is full.
   */
  async function takeDayPlace(link: Row, now: Date): Promise<number | null> {
    const { shopTimeZone, addressLinkDailyCap } = getConfig(strapi);
    const today = shopDay(now, shopTimeZone);
    let current: Row | null = link;
    // Each lost race means another submission took a place: bounded by the cap itself.
    for (let round = 0; current && round <= addressLinkDailyCap + 1; round++) {
      const next = nextDayCount(current, today, addressLinkDailyCap);
      if (!next) return secondsToNextShopDay(now, shopTimeZone);
      const where = {
        id: current.id,
        day_key: current.day_key ?? { $null: true },
        day_count: current.day_count ?? { $null: true },
      };
      const { count } = await store.links().updateMany({ where, data: next });
      if (count === 1) return null;
      current = await store.links().findOne({ where: { id: link.id } });
    }
    return secondsToNextShopDay(now, shopTimeZone);
  }

  /** Creates the entry for this e-mail in the shopper's address book, or holds the answer as its pending change. */
  async function save(ownerId: number, entry: CheckedSubmission, now: Date): Promise<void> {
    const key = linkEmailKey(ownerId, entry.email);
    const pending = { pending_change: entry, pending_change_at: now };
    const existing = await store.recipients().findOne({ where: { link_email_key: key } });
    if (existing) {
      // The same answer again changes nothing: nothing for the owner to check.
      if (changedFields(existing, entry).length)
        await store.recipients().update({ where: { id: existing.id }, data: pending });
      return;
    }
    try {
      await store.recipients().create({
        data: {
          ...entry,
          source: ADDRESS_LINK_SOURCE,
          link_submitted_at: now,
          owner: ownerId,
          link_email_key: key,
          is_system_user: false,
          phone: '',
          notes: '',
          anniversary: null,
        },
      });
    } catch (error) {
      // The same e-mail submitted twice at once: the unique key let one create in; this one waits on it.
      if (!isUniqueViolation(error)) throw error;
      await store.recipients().updateMany({ where: { link_email_key: key }, data: pending });
    }
  }

  /** The owner's entry with a change waiting; "not found" for another shopper's, 400 when none waits. */
  async function withChange(ownerId: number, recipientId: number): Promise<Row> {
    const row = await store.recipients().findOne({ where: { id: recipientId, owner: { id: ownerId } } });
    if (!row) throw notFound();
    if (!row.pending_change) throw badRequest(msg('error.no_change_waiting'));
    return row;
  }

  /**
   * The owner takes the waiting change into the entry. Conditional on the change read still being the
   * one waiting: a newer answer arriving meanwhile is not applied unseen, it waits in its turn.
   */
  async function acceptChange(ownerId: number, recipientId: number): Promise<void> {
    const row = await withChange(ownerId, recipientId);
    const change = readPendingChange(row.pending_change, row.pending_change_at);
    if (!change) throw badRequest(msg('error.no_change_waiting'));
    const fields = Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f, change[f]]));
    const { count } = await store.recipients().updateMany({
      where: { id: row.id, pending_change_at: row.pending_change_at },
      data: { ...fields, link_submitted_at: row.pending_change_at, pending_change: null, pending_change_at: null },
    });
    if (!count) throw conflict(msg('error.entry_changed'));
  }

  /** The owner discards the waiting change; the entry stays as it is. */
  async function rejectChange(ownerId: number, recipientId: number): Promise<void> {
    const row = await withChange(ownerId, recipientId);
    await store.recipients().updateMany({
      where: { id: row.id, pending_change_at: row.pending_change_at },
      data: { pending_change: null, pending_change_at: null },
    });
  }

  /**
   * Validates and saves a submission on the link behind `token` (the caller has found it and counted
   * the request against the rate limits). Field errors are thrown as a 400; a full day is a value.
   */
  async function submit(link: Row, body: unknown, now = new Date()): Promise<SubmissionResult> {
    const { errors, value } = validateSubmission(body);
    if (!value) throw fieldErrors(errors);
    const retryAfter = await takeDayPlace(link, now);
    if (retryAfter !== null) return { ok: false, retryAfter };
    await save(link.owner.id, value, now);
    // After the entry is written, so the summary that clears this flag always finds the entry.
    await store.links().updateMany({
      where: { id: link.id, summary_pending_since: { $null: true } },
      data: { summary_pending_since: now },
    });
    return { ok: true, entry: value };
  }

  return { submit, acceptChange, rejectChange };
};
