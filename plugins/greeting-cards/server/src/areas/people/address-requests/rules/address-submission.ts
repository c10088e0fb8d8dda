import crypto from 'crypto';
import { checkRecipient, EMPTY_RECIPIENT, recipientFields, type RecipientFields } from '../../rules/recipient-input';
import { postalAddressProblems } from '../../../../platform/addresses/postal-address';
import { msg, REQUIRED, type FieldErrors } from '../../../../platform/errors';

// What a friend may put in a shopper's address book through an address link: their name, e-mail,
// postal address and, optionally, a birthday. The same field rules as the address book, and the address
// checked as checkout checks a posted card's, so an entry made this way can be posted to as it is.
// Anything else in the body (notes, phone...) is ignored: those are the shopper's own fields.

export const SUBMISSION_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'address_line_1',
  'address_line_2',
  'city',
  'county',
  'postcode',
  'country',
  'birthday',
] as const;
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

export type AddressSubmission = Partial<Pick<RecipientFields, SubmissionField>>;
export type CheckedSubmission = Pick<RecipientFields, SubmissionField>;

/** Field errors ({"field": ["message"]}, empty when valid) and the entry with its postcode normalised. */
export function checkSubmission(input: AddressSubmission): { errors: FieldErrors; value: CheckedSubmission } {
  const { errors, value } = checkRecipient({ ...EMPTY_RECIPIENT, ...input });
  if (!value.email && !errors.email) errors.email = [REQUIRED];
  for (const [field, message] of Object.entries(postalAddressProblems(value))) {
    // The address book's own message for a field (a UK postcode's format) says more: keep it alone.
    if (!errors[field]) errors[field] = [message];
  }
  const picked = Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f, value[f]])) as CheckedSubmission;
  return { errors, value: picked };
}

/**
 * Reads a submission's body field by field, so every field's problem is reported at once (a bad
 * e-mail and a missing town in one answer), then checks the whole entry. Errors in the spec's shape.
 */
export function validateSubmission(body: unknown): { errors: FieldErrors; value: CheckedSubmission | null } {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { errors: { non_field_errors: [msg('error.not_dictionary')] }, value: null };
  const raw = body as Record<string, unknown>;
  const errors: FieldErrors = {};
  const good: AddressSubmission = {};
  for (const field of SUBMISSION_FIELDS) {
    if (raw[field] === undefined) continue;
    const parsed = recipientFields.shape[field].safeParse(raw[field]);
    if (parsed.success) (good as Record<string, unknown>)[field] = parsed.data;
    else errors[field] = parsed.error.issues.map((issue) => issue.message);
  }
  const checked = checkSubmission(good);
  // A postcode cannot be judged without a country: the country's own error says what to fix first.
  if (errors.country) delete checked.errors.postcode;
  for (const [field, messages] of Object.entries(checked.errors)) if (!errors[field]) errors[field] = messages;
  return { errors, value: Object.keys(errors).length ? null : checked.value };
}

/**
 * The key that makes one entry per e-mail in one shopper's address book: the owner's id and a hash
 * of the e-mail in lower case (a hash, so any e-mail fits the column).
 */
export const linkEmailKey = (ownerId: number, email: string): string =>
  `${ownerId}:${crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
