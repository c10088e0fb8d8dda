import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { publicShopUrl } from '../../../platform/mount/mount-points';

// The queries address links share, so the services read as rules, not query details.

/** A fresh link token: 192 random bits, URL-safe (the same strength as a group card's signing link). */
export const newLinkToken = (): string => crypto.randomBytes(24).toString('base64url');

/** Tokens are base64url of 24 bytes: anything else cannot be one, and never reaches the database. */
export const looksLikeLinkToken = (raw: unknown): raw is string =>
  typeof raw === 'string' && /^[A-Za-z0-9_-]{32}$/.test(raw);

export interface AddressLinkResponse {
  token: string;
  url: string;
}

export function addressLinkStore(strapi: Core.Strapi) {
  const links = () => query(strapi, UID.addressRequestLink);
  const recipients = () => query(strapi, UID.recipient);

  return {
    links,
    recipients,
    ofOwner: (userId: number): Promise<Row | null> => links().findOne({ where: { owner_key: userId } }),
    byToken: (token: string): Promise<Row | null> =>
      looksLikeLinkToken(token)
        ? links().findOne({ where: { token }, populate: { owner: { fields: ['id'] } } })
        : Promise.resolve(null),
    response: (row: Row): AddressLinkResponse => ({
      token: String(row.token),
      url: publicShopUrl(strapi, `/address/${row.token}/`),
    }),
  };
}
