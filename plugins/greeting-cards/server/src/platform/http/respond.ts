import type { Core } from '@strapi/strapi';
import { ZodError } from 'zod';
import { ApiError, FieldErrors } from '../errors';
import { localizeErrorBody } from '../i18n/error-messages';
import { msg, fromZodMessage } from '../i18n/format-message';
import { requestLocale } from '../i18n/request-locale';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';
import { loggableUrl } from './secret-urls';

// Koa context, kept loose: Strapi's own type for it is `any` as well. The one place that says so.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Ctx = any;

/** Turns a zod error into the spec's {"field": ["message"]} shape. */
export function zodToFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    // A schema's message is a code carried through zod as a string (zodMessage); English texts pass.
    (out[field] ??= []).push(fromZodMessage(issue.message) ?? issue.message);
  }
  return out;
}

/** The request's language for its error; the spec's English should choosing it fail (an error must still be answered). */
function errorLocale(strapi: Core.Strapi, ctx: Ctx): Locale {
  try {
    return requestLocale(strapi, ctx);
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** An error body written outside respondError (rate limits, null characters), in the request's language. */
export const localizedError = <T>(strapi: Core.Strapi, ctx: Ctx, body: T): T =>
  localizeErrorBody(body, errorLocale(strapi, ctx));

/**
 * Writes an error to the response in the spec's shape, its texts in the request's language (English,
 * the spec's words, for a caller that asks for none). Unknown errors are logged and hidden.
 */
export function respondError(strapi: Core.Strapi, ctx: Ctx, error: unknown): void {
  // A validator set before the failure (conditional GETs) belongs to the answer that was not given.
  ctx.remove('ETag');
  const inLocale = <T>(body: T): T => localizedError(strapi, ctx, body);
  if (error instanceof ApiError) {
    ctx.status = error.status;
    if (error.retryAfter !== undefined) ctx.set('Retry-After', String(error.retryAfter));
    ctx.body = inLocale(error.body);
    return;
  }
  if (error instanceof ZodError) {
    ctx.status = 400;
    ctx.body = inLocale(zodToFieldErrors(error));
    return;
  }
  strapi.log.error(
    `[greeting-cards] ${ctx.method} ${loggableUrl(strapi, ctx.path)} failed: ${(error as Error)?.stack ?? String(error)}`,
  );
  ctx.status = 500;
  ctx.body = inLocale({ detail: msg('error.server') });
}

/**
 * Wraps a controller action: the action returns the body (and may set ctx.status); errors become
 * the spec's error shapes.
 */
export function action(strapi: Core.Strapi, fn: (ctx: Ctx) => Promise<unknown>) {
  return async (ctx: Ctx) => {
    try {
      const body = await fn(ctx);
      if (body !== undefined) ctx.body = body;
      else if (!ctx.body && ctx.status !== 304) ctx.status = 204;
    } catch (error) {
      respondError(strapi, ctx, error);
    }
  };
}
