import { SUBMISSION_FIELDS, type CheckedSubmission, type SubmissionField } from './address-submission';
import { toDateString } from '../../../../platform/time/calendar-dates';

// A later answer through an address link for an e-mail the link already brought (security issue 39):
// it never overwrites the entry, it waits on it for the owner to accept or reject. Pure.

/** A waiting change as the API shows it: the submitted fields, and when. */
export type PendingChange = CheckedSubmission & { submitted_at: string | null };

/** A field's value as the owner reads it: dates as YYYY-MM-DD, nothing as ''. */
function shown(field: SubmissionField, value: unknown): string {
  if (field === 'birthday') return toDateString(value) ?? '';
  return value === null || value === undefined ? '' : String(value);
}

/** The stored change (a JSON column) as the API shows it, or null when there is none. */
export function readPendingChange(stored: unknown, at: unknown): PendingChange | null {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const raw = stored as Record<string, unknown>;
  const fields = Object.fromEntries(
    SUBMISSION_FIELDS.map((f) => [f, f === 'birthday' ? toDateString(raw[f]) : shown(f, raw[f])]),
  );
  const when = at ? new Date(at as string | Date) : null;
  return {
    ...(fields as CheckedSubmission),
    submitted_at: when && !Number.isNaN(when.getTime()) ? when.toISOString() : null,
  };
}

/** The fields whose value the change would alter, in the form's order. */
export function changedFields(entry: Record<string, unknown>, change: CheckedSubmission): SubmissionField[] {
  // The e-mail is the entry's key: other letter case is the same person, not a change.
  const same = (f: SubmissionField) =>
    f === 'email'
      ? shown(f, entry[f]).toLowerCase() === shown(f, change[f]).toLowerCase()
      : shown(f, entry[f]) === shown(f, change[f]);
  return SUBMISSION_FIELDS.filter((f) => !same(f));
}

/** "66 Drop Box Lane, Leeds, LS1 1AA": the new values of the altered fields, for the address book. */
export const changeSummary = (entry: Record<string, unknown>, change: CheckedSubmission): string =>
  changedFields(entry, change)
    .map((f) => shown(f, change[f]))
    .filter(Boolean)
    .join(', ');
