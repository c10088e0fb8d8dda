import { randomBytes } from 'crypto';
import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query, tableOf } from '../../platform/db/query';
import { boundariesOf, lastBoundaryPassed } from './rules/availability';
import { PUBLISHED } from '../../platform/db/published';

// Catalogue types with a seasonal window (available_from / available_until).
const WINDOWED_MODELS = [UID.template, UID.occasion] as const;

// What shoppers see in the catalogue: a change to any of these changes the catalogue version.
// Upload files are included because replacing a template's image in the media library changes its
// URL without touching the template row.
export const CATALOGUE_MODELS = [
  UID.occasion,
  UID.template,
  UID.asset,
  UID.giftAddon,
  UID.subscriptionPlan,
  'plugin::upload.file',
];

const WRITE_EVENTS = [
  'afterCreate',
  'afterCreateMany',
  'afterUpdate',
  'afterUpdateMany',
  'afterDelete',
  'afterDeleteMany',
] as const;

/**
 * The catalogue version: a random token in one database row, replaced after every change to the
 * catalogue. It validates ETags and the per-process answer cache. Because it lives in the database,
 * a change made on one instance is seen by every other instance on its next request.
 *
 * A fresh random token (not a counter read and written back) means two concurrent changes can never
 * both write the same "next" value that a reader had already cached against.
 *
 * Seasonal windows change what shoppers see with no write at all, so the version the callers get is
 * the token plus the latest window boundary the clock has passed. The boundaries are read once per
 * token (any edit to a window replaces the token), so a request still costs one single-row read, and
 * every instance moves to the new version at the same instant, by itself.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => query(strapi, UID.catalogueVersion);
  const newToken = () => randomBytes(9).toString('base64url');
  // The window boundaries of the catalogue as of `token` (per process; concurrent misses share one read).
  let boundaries: { token: string; times: Promise<number[]> } | null = null;
  // The token read under way, if any (see token()).
  let tokenRead: Promise<string> | null = null;

  const readBoundaries = async (): Promise<number[]> => {
    const windows = [];
    for (const uid of WINDOWED_MODELS) {
      windows.push(
        ...(await query(strapi, uid).findMany({
          select: ['available_from', 'available_until'],
          where: {
            ...PUBLISHED,
            $or: [{ available_from: { $notNull: true } }, { available_until: { $notNull: true } }],
          },
        })),
      );
    }
    return boundariesOf(windows);
  };

  const boundariesAt = (token: string): Promise<number[]> => {
    if (boundaries?.token !== token) {
      const times = readBoundaries();
      boundaries = { token, times };
      times.catch(() => {
        if (boundaries?.times === times) boundaries = null;
      });
    }
    return boundaries.times;
  };

  return {
    /**
     * The current version: the token, plus the latest seasonal boundary passed (see above). Runs on
     * every catalogue request: one plain single-row read, and the boundaries only after a change.
     */
    async current(now = Date.now()): Promise<string> {
      const token = await this.token();
      const passed = lastBoundaryPassed(await boundariesAt(token), now);
      return passed === null ? token : `${token}.${passed.toString(36)}`;
    },

    /**
     * The stored token. A plain single-row read (no query-engine mapping). Requests that arrive while
     * a read is under way, or in the same turn of the event loop as its answer, share it instead of
     * reading again: under load most catalogue requests then cost no query at all (the query builder
     * and the statement are most of a cached answer's CPU). SQLite answers before the next request is
     * parsed, so there the turn is what requests share. A shared read is at most one query's time and
     * one turn old; a change this process makes (bump) is seen by the very next request.
     */
    token(): Promise<string> {
      if (!tokenRead) {
        const read = this.readToken();
        tokenRead = read;
        const forget = () => {
          if (tokenRead === read) tokenRead = null;
        };
        // Kept until the loop's next check phase: after the requests already read off the sockets.
        read.then(() => setImmediate(forget), forget);
      }
      return tokenRead;
    },

    async readToken(): Promise<string> {
      const row = (await strapi.db
        .connection(tableOf(strapi, UID.catalogueVersion))
        .select('token')
        .orderBy('id', 'asc')
        .first()) as { token?: string } | undefined;
      if (row?.token) return row.token;
      return this.bump();
    },

    /**
     * Replaces the token. Goes through the query engine so that, inside a transaction (document
     * service writes run in one), it joins that transaction and commits with the change itself.
     */
    async bump(): Promise<string> {
      const token = newToken();
      tokenRead = null;
      const { count } = (await rows().updateMany({ where: {}, data: { token } })) as { count: number };
      // First use on an empty table. Two instances racing here may both insert a row; that is harmless
      // because every later bump rewrites all rows and readers take the first.
      if (!count) await rows().create({ data: { token } });
      // Again: a read that began during the write may hold the old token.
      tokenRead = null;
      return token;
    },

    /** Bumps the version after any write to a catalogue model (admin panel, document service, seed, thumbnails). */
    watch(): void {
      const bump = async () => {
        await this.bump();
      };
      const subscriber: Record<string, unknown> = { models: CATALOGUE_MODELS };
      for (const event of WRITE_EVENTS) subscriber[event] = bump;
      strapi.db.lifecycles.subscribe(subscriber as Parameters<Core.Strapi['db']['lifecycles']['subscribe']>[0]);
    },
  };
};
