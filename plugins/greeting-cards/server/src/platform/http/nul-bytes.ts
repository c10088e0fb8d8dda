import type { Core } from '@strapi/strapi';
import { localizedError, type Ctx } from './respond';
import { NOT_FOUND } from '../errors';
import { msg } from '../i18n/format-message';

// PostgreSQL cannot store U+0000 in text columns and answers such a write with an error (a 500), and
// no field of ours has a use for it: a NUL anywhere in a request is refused up front as a 400 naming
// the field, before any service runs, so nothing is half written.

export const NUL_MESSAGE = msg('error.null_characters');

const hasNul = (s: string) => s.includes('\u0000');

/**
 * The top-level field of `value` that holds a NUL character somewhere (in a string or a key, at any
 * depth), '' when the NUL is in a top-level key or the body itself, or null when there is none.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function nulField(value: unknown): string | null {
  if (typeof value === 'string') return hasNul(value) ? '' : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (hasNul(key)) return '';
    const stack: unknown[] = [child];
    while (stack.length) {
      const v = stack.pop();
      if (typeof v === 'string') {
        if (hasNul(v)) return key;
      } else if (v && typeof v === 'object') {
        for (const [k, c] of Object.entries(v as Record<string, unknown>)) {
          if (hasNul(k)) return key;
          stack.push(c);
        }
      }
    }
  }
  return null;
}

/** Route middleware for the spec's routes: checks path parameters, the query string and the body. */
export function nulBytesMiddleware(strapi: Core.Strapi) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    // A NUL in an id or slug names nothing that can exist.
    if (nulField(ctx.params ?? {}) !== null) {
      ctx.status = 404;
      ctx.body = localizedError(strapi, ctx, { detail: NOT_FOUND });
      return;
    }
    const field = nulField(ctx.query ?? {}) ?? nulField(ctx.request?.body);
    if (field !== null) {
      ctx.status = 400;
      ctx.body = localizedError(
        strapi,
        ctx,
        field
          ? { [field]: [NUL_MESSAGE] }
          : { detail: msg('error.two_sentences', { first: msg('error.null_in_field_name'), second: NUL_MESSAGE }) },
      );
      return;
    }
    await next();
  };
}
