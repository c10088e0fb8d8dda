import type { Core } from '@strapi/strapi';
import { notFound } from '../../../platform/errors';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import type { Row } from '../../../platform/db/query';
import { publicShopperName } from './rules/public-name';
import type { Locale } from '../../../platform/i18n/locales';
import { getService } from '../../../platform/get-service';
import { addressLinkStore, newLinkToken, type AddressLinkResponse } from './address-link-store';

// The shopper's side of the address link: make it (or a new one in its place), see it, revoke it; and
// what the public page may know about its owner (a name, nothing else). One row per shopper: rotating
// and revoking change its token, so the day's count and the pending summary survive both.

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = addressLinkStore(strapi);

  /** The shopper's live link, or null when they have none (never made, or revoked). */
  async function current(userId: number): Promise<AddressLinkResponse | null> {
    const row = await store.ofOwner(userId);
    return row?.token ? store.response(row) : null;
  }

  /**
   * Makes the shopper's link, or replaces its token: the old link is "not found" from this moment.
   * `locale`: the language the shopper is using, which their summary e-mails are then written in.
   */
  async function createOrRotate(userId: number, locale?: Locale): Promise<AddressLinkResponse> {
    // A token collision (2^-192) or two first creates racing on owner_key: go round once more.
    for (let attempt = 0; ; attempt++) {
      const token = newLinkToken();
      try {
        const row = await store.ofOwner(userId);
        const saved = row
          ? await store.links().update({ where: { id: row.id }, data: { token, ...(locale ? { locale } : {}) } })
          : await store
              .links()
              .create({ data: { owner: userId, owner_key: userId, token, day_count: 0, locale: locale ?? null } });
        return store.response(saved);
      } catch (error) {
        if (attempt >= 2 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  /** Revokes the shopper's link (nothing to revoke is fine: the answer is the same). */
  async function revoke(userId: number): Promise<void> {
    await store.links().updateMany({ where: { owner_key: userId }, data: { token: null } });
  }

  /** The link row behind a token; an unknown, rotated or revoked token is "not found". */
  async function byToken(token: string): Promise<Row> {
    const row = await store.byToken(token);
    if (!row?.owner?.id) throw notFound();
    return row;
  }

  /** What the public page shows: the shopper's display name only ('' when it would give away an e-mail). */
  async function publicView(token: string): Promise<{ display_name: string }> {
    const row = await byToken(token);
    const details = await getService(strapi, 'userDetails')
      .forUser(row.owner.id)
      .catch(() => null);
    return { display_name: publicShopperName(details?.display_name) };
  }

  return { current, createOrRotate, revoke, byToken, publicView };
};
