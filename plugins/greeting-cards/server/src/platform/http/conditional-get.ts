import { createHash } from 'crypto';
import type { Ctx } from './respond';
import { SESSION_COOKIE } from './auth';

export interface Validator {
  /** The catalogue version the answer was read at (see the catalogueVersion service). */
  version: string;
  /**
   * Who the answer is for, when it depends on the caller: e.g. 'premium' / 'free' for answers that show
   * premium designs only to subscribers. Undefined for answers that are the same for everyone.
   */
  audience?: string;
}

const hasCredentials = (ctx: Ctx) => Boolean(ctx.request.header?.authorization || ctx.cookies?.get(SESSION_COOKIE));

/**
 * Sets ETag, Cache-Control and Vary for a catalogue answer and tells whether the caller's copy is
 * still good (then the answer is 304 with no body and the caller should stop).
 *
 * The ETag is derived from the catalogue version in the database, the full request URL (it decides the
 * body, including the next/previous links) and the audience, so a 304 needs no catalogue read at all
 * and a subscriber's copy never validates for a non-subscriber. `no-cache` makes every cache
 * revalidate, so an editor's change is seen on the next request; answers that depend on a signed-in
 * caller are `private` so no shared cache keeps them.
 */
export function notModified(ctx: Ctx, validator: Validator): boolean {
  const url = `${ctx.protocol}://${ctx.host}${ctx.originalUrl ?? ctx.url}`;
  const digest = createHash('sha1')
    .update(`${validator.version}\n${validator.audience ?? ''}\n${url}`)
    .digest('base64url')
    .slice(0, 22);
  ctx.set('ETag', `W/"${digest}"`);
  ctx.set(
    'Cache-Control',
    validator.audience !== undefined && hasCredentials(ctx) ? 'private, no-cache' : 'public, no-cache',
  );
  if (validator.audience !== undefined) ctx.vary('Authorization');
  if (validator.audience !== undefined) ctx.vary('Cookie');
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  return false;
}
