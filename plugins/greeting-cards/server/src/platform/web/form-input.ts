import type { Ctx } from '../http/respond';
import { ZodError } from 'zod';
import { ApiError, type FieldErrors } from '../errors';
import { zodToFieldErrors } from '../http/respond';
import { localizeErrorBody, localizeErrorText } from '../i18n/error-messages';
import type { Locale } from '../i18n/locales';

// Turning HTML form fields into the API's input objects, and the API's errors back into form errors.

type Body = Record<string, unknown>;

export const formBody = (ctx: Ctx): Body =>
  ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {};

/** Picks `fields` from a form body, dropping empty values so the service's defaults apply. */
export function pickFilled(body: Body, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') out[field] = value;
  }
  return out;
}

/**
 * Field errors of an expected failure (validation, not found...) in the page's language
 * (ctx.state.gcLocale), or null for a bug to rethrow.
 */
export function formErrors(error: unknown, locale: Locale): Record<string, string[]> | null {
  if (error instanceof ZodError) return localizeErrorBody(zodToFieldErrors(error), locale) as Record<string, string[]>;
  if (!(error instanceof ApiError)) return null;
  const errors = 'detail' in error.body ? { non_field_errors: [error.body.detail] } : (error.body as FieldErrors);
  return localizeErrorBody(errors, locale) as Record<string, string[]>;
}

/** The text of a refusal shown as a toast or a page (a conflict, a closed group card), in `locale`. */
export const refusalText = (error: ApiError, locale: Locale): string =>
  'detail' in error.body && !Array.isArray(error.body.detail)
    ? localizeErrorText(error.body.detail, locale)
    : localizeErrorText(error.message, locale);

/** A form-friendly id: digits only, else null. */
export function idParam(raw: unknown): number | null {
  return typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}
