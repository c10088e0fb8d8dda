import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../../platform/uids';
import { query, tableOf, type Row } from '../../platform/db/query';
import { getConfig } from '../../platform/config/get-config';
import { publicShopUrl, shopPath } from '../../platform/mount/mount-points';
import { serializeGroupCard, type GroupCardLinks } from './serializer';
import { finishedDesign } from './finished-design';
import { isPostgres } from '../../platform/db/dialect';

// The queries group cards and signatures share, so the services read as rules, not query details.

export const SIGNATURE_ORDER = [{ position: 'asc' }, { id: 'asc' }];
const SIGNATURE_POPULATE = { sticker: { populate: ['image'] }, user: { fields: ['id'] } };

/** A fresh signing-link token: 192 random bits, URL-safe. */
export const newSignToken = (): string => crypto.randomBytes(24).toString('base64url');
/** A fresh edit token for a signer's own signature; only its hash is stored. */
export const newEditToken = (): string => crypto.randomBytes(24).toString('base64url');
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** Tokens are base64url of 24 bytes: anything else cannot be one, and never reaches the database. */
export const looksLikeToken = (raw: unknown): raw is string =>
  typeof raw === 'string' && /^[A-Za-z0-9_-]{32}$/.test(raw);
export const looksLikeUuid = (raw: unknown): raw is string =>
  typeof raw === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw);

/**
 * Whether `token` is the edit token whose hash a signature stores: the one test of "this signer's own",
 * for the API's writes and for what the signing page shows as theirs. A cookie or header that merely
 * names a signature proves nothing. Constant time, so how long a wrong token takes says nothing.
 */
export function editTokenMatches(token: unknown, storedHash: unknown): boolean {
  if (!looksLikeToken(token) || typeof storedHash !== 'string') return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === given.length && crypto.timingSafeEqual(given, stored);
}

export function groupCardStore(strapi: Core.Strapi) {
  const groups = () => query(strapi, UID.groupCard);
  const signatures = () => query(strapi, UID.groupSignature);

  const links = (row: Row): GroupCardLinks => ({
    signUrl: publicShopUrl(strapi, `/sign/${row.sign_token}/`),
    pageUrl: shopPath(strapi, `/group/${row.uuid}/`),
  });

  return {
    groups,
    signatures,
    links,

    byUuid: (uuid: string, ownerId?: number): Promise<Row | null> =>
      groups().findOne({
        where: { uuid, ...(ownerId === undefined ? {} : { owner: { id: ownerId } }) },
        populate: { card: true, owner: { fields: ['id', 'username', 'email'] } },
      }),

    byToken: (token: string): Promise<Row | null> =>
      groups().findOne({ where: { sign_token: token }, populate: { card: true, owner: { fields: ['id'] } } }),

    /** Every signature of a group card in card order, or only those with the given statuses. */
    signaturesOf: (groupId: number, statuses?: string[]): Promise<Row[]> =>
      signatures().findMany({
        where: { group_card: { id: groupId }, ...(statuses ? { status: { $in: statuses } } : {}) },
        orderBy: SIGNATURE_ORDER,
        populate: SIGNATURE_POPULATE,
      }),

    signatureOf: (groupId: number, id: number): Promise<Row | null> =>
      signatures().findOne({ where: { id, group_card: { id: groupId } }, populate: SIGNATURE_POPULATE }),

    /**
     * Runs `fn` in a transaction holding the signature's row lock (PostgreSQL FOR UPDATE; SQLite runs
     * one write transaction at a time), with the signature as it is now: a read-then-write of its photo
     * list never loses another request's photo.
     */
    async withLockedSignature<T>(groupId: number, id: number, fn: (current: Row | null) => Promise<T>): Promise<T> {
      return (await strapi.db.transaction(async ({ trx }) => {
        let lock = trx(tableOf(strapi, UID.groupSignature)).select('id').where({ id });
        if (isPostgres(strapi)) lock = lock.forUpdate();
        await lock.first();
        return fn(await this.signatureOf(groupId, id));
      })) as T;
    },

    countSignatures: (groupId: number): Promise<number> =>
      signatures().count({ where: { group_card: { id: groupId } } }),

    async detail(row: Row) {
      const signatures = await this.signaturesOf(row.id);
      // How many extra pages the visible signatures take as they stand (the layout is pure and quick):
      // the organiser learns before sending that a posted card cannot carry them.
      const visible = signatures.filter((s) => s.status === 'visible');
      const extraPages = row.card ? finishedDesign(row.card, visible).extraPages : 0;
      return {
        ...serializeGroupCard(row, signatures, links(row), getConfig(strapi).groupCardMaxSignatures),
        extra_pages: extraPages,
      };
    },
  };
}
