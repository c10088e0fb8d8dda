import type { Core } from '@strapi/strapi';
import { fieldErrors } from '../../errors';
import { getConfig } from '../../config/get-config';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Row } from '../../db/query';
import { linkEmailKey, validateSubmission, type CheckedSubmission } from '../../domain/address-requests/address-submission';
import { nextDayCount, secondsToNextShopDay, shopDay } from '../../domain/address-requests/link-day';
import { addressLinkStore } from './address-link-store';

// A friend's submission through an address link: checked as the address book and checkout check an
// address, counted against the link's daily cap, then saved as the shopper's entry "added by them".
// One entry per e-mail per shopper (a unique key on the entry): a second submission updates it. Only
// entries a link made are ever updated this way, never one the shopper typed in themselves, so an
// anonymous visitor can never overwrite the shopper's own data.

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

  /** Creates or updates the entry for this e-mail in the shopper's address book. */
  async function save(ownerId: number, entry: CheckedSubmission, now: Date): Promise<void> {
    const key = linkEmailKey(ownerId, entry.email);
    const data = { ...entry, source: ADDRESS_LINK_SOURCE, link_submitted_at: now };
    const existing = await store.recipients().findOne({ where: { link_email_key: key }, select: ['id'] });
    if (existing) {
      await store.recipients().update({ where: { id: existing.id }, data });
      return;
    }
    try {
      await store.recipients().create({ data: { ...data, owner: ownerId, link_email_key: key, is_system_user: false, phone: '', notes: '', anniversary: null } });
    } catch (error) {
      // The same friend submitted twice at once: the unique key let one create in; this one updates it.
      if (!isUniqueViolation(error)) throw error;
      await store.recipients().updateMany({ where: { link_email_key: key }, data });
    }
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
    await store.links().updateMany({ where: { id: link.id, summary_pending_since: { $null: true } }, data: { summary_pending_since: now } });
    return { ok: true, entry: value };
  }

  return { submit };
};
