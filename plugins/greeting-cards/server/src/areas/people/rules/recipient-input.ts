import { z } from 'zod';
import { isCountryCode } from '../../../platform/addresses/countries';
import { isRealDate } from '../../../platform/time/calendar-dates';
import { postcodeFits } from '../../../platform/addresses/postal-address';
import { canonicalTimeZone, TIME_ZONE_MESSAGE } from '../../../platform/time/time-zones/zones';
import { msg, zodMessage } from '../../../platform/i18n/format-message';
import { fieldErrors, type FieldErrors } from '../../../platform/errors';
import { zodToFieldErrors } from '../../../platform/http/respond';

// Validation of address-book entries, shared by the API and the web UI. Every field is optional
// here so the same schema serves create (defaults applied after) and PATCH (only what was sent).

export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  addressLine: 200,
  place: 100,
  postcode: 20,
  notes: 2000,
} as const;

const notString = zodMessage('error.not_string');
const text = (max: number) =>
  z
    .string({ error: notString })
    .max(max, zodMessage('error.max_length', { max }))
    .transform((v) => v.trim());

// null clears a text field, like an empty string.
const nullableText = (max: number) => z.preprocess((v) => (v === null ? '' : v), text(max));

const dateField = z
  .string({ error: zodMessage('error.date') })
  .nullable()
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || isRealDate(v), zodMessage('error.real_date'));

// z.email()'s own pattern, tested directly: a failed safeParse builds an error object (an Error with
// its stack), which cost an import of 5,000 bad addresses a second of CPU.
const EMAIL = z.regexes.email;

export const recipientFields = z.object({
  first_name: nullableText(LIMITS.name),
  last_name: nullableText(LIMITS.name),
  email: nullableText(LIMITS.email).refine((v) => v === '' || EMAIL.test(v), zodMessage('error.email')),
  phone: nullableText(LIMITS.phone).refine(
    (v) => v === '' || /^\+?[0-9 ()\-.]{5,}$/.test(v),
    zodMessage('error.phone'),
  ),
  address_line_1: nullableText(LIMITS.addressLine),
  address_line_2: nullableText(LIMITS.addressLine),
  city: nullableText(LIMITS.place),
  county: nullableText(LIMITS.place),
  postcode: nullableText(LIMITS.postcode),
  country: z
    .string({ error: notString })
    .transform((v) => v.trim().toUpperCase())
    .refine(isCountryCode, zodMessage('error.country_code')),
  birthday: dateField,
  anniversary: dateField,
  notes: nullableText(LIMITS.notes),
  // An IANA zone, stored in its canonical spelling; empty or null: the shop's zone.
  time_zone: z
    .string({ error: notString })
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : (canonicalTimeZone(v) ?? undefined)))
    .refine((v) => v !== undefined, zodMessage(TIME_ZONE_MESSAGE))
    .transform((v) => v ?? null),
});

export type RecipientFields = z.output<typeof recipientFields>;
export const RECIPIENT_FIELDS = Object.keys(recipientFields.shape) as Array<keyof RecipientFields>;
export const recipientPatch = recipientFields.partial();
export type RecipientPatch = z.output<typeof recipientPatch>;

export const EMPTY_RECIPIENT: RecipientFields = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  county: '',
  postcode: '',
  country: 'GB',
  birthday: null,
  anniversary: null,
  notes: '',
  time_zone: null,
};

const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/;

/** Normalises a UK postcode to capitals with one space before the inward code, or null if it is not one. */
export function normaliseUkPostcode(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/\s+/g, '');
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * Rules across fields, checked on the whole entry after a create or a patch is applied.
 * Returns field errors (empty when valid) and the entry with its postcode normalised.
 */
export function checkRecipient(entry: RecipientFields): { errors: FieldErrors; value: RecipientFields } {
  const errors: FieldErrors = {};
  const value = { ...entry };
  if (!value.first_name && !value.last_name) errors.first_name = [msg('error.name_needed')];
  if (value.country === 'GB' && value.postcode) {
    const postcode = normaliseUkPostcode(value.postcode);
    if (postcode) value.postcode = postcode;
    else errors.postcode = [msg('error.uk_postcode')];
  }
  // Other countries' postcodes are checked against their format when saved, so a posted card's
  // address is right before checkout (which checks it again).
  if (value.country !== 'GB' && value.postcode && !postcodeFits(value.country, value.postcode)) {
    errors.postcode = [msg('error.postcode_for', { country: value.country })];
  }
  return { errors, value };
}

export { fullName } from '../../../platform/addresses/address';

/**
 * Parses a new entry from a form or a request and, when a field is wrong, reports every problem at
 * once: the fields' own errors and the rules across fields (a UK postcode, a name), the latter checked
 * on the fields that are valid on their own.
 */
export function parseNewRecipient<S extends z.ZodType>(schema: S, body: Record<string, unknown>): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors = zodToFieldErrors(result.error) as FieldErrors;
  const shape = recipientFields.shape as Record<string, z.ZodType>;
  const valid: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (!shape[name] || errors[name]) continue;
    const one = shape[name].safeParse(value);
    if (one.success) valid[name] = one.data;
  }
  const across = checkRecipient({ ...EMPTY_RECIPIENT, ...valid } as RecipientFields).errors;
  for (const [name, list] of Object.entries(across)) errors[name] ??= list;
  throw fieldErrors(errors);
}
