// Error bodies in the request's language. Code throws messages by code ({ code, values }, see
// format-message.ts); the edge (platform/http/respond.ts, platform/web/form-input.ts) passes each body through here once,
// and every message in it, at any depth, becomes text in the locale. A plain text (a message from a
// library, a setting's value) is left as it is: no English text is looked up in the catalogue.
import { isMessage, textIn, type Text } from './format-message';
import type { Locale } from './locales';

/** One message of an error body in `locale`. */
export const localizeErrorText = (text: Text, locale: Locale): string => textIn(locale, text);

function localizeValue(value: unknown, locale: Locale): unknown {
  if (typeof value === 'string' || isMessage(value)) return textIn(locale, value);
  if (Array.isArray(value)) return value.map((item) => localizeValue(item, locale));
  // Plain objects only: a Date or another class instance is a value, not a body.
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return localizeErrorBody(value as Record<string, unknown>, locale);
  return value;
}

/**
 * An error body in `locale`: the messages of a field-errors body (at any depth, non_field_errors too)
 * and a {detail} body, in a new object, so a shared error is never changed. Other string values next
 * to them (codes) are kept.
 */
export function localizeErrorBody<T>(body: T, locale: Locale): T {
  if (!body || typeof body !== 'object') return body;
  if (Array.isArray(body)) return localizeValue(body, locale) as T;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    out[field] = typeof value === 'string' && field !== 'detail' ? value : localizeValue(value, locale);
  }
  return out as T;
}
