import { RECIPIENT_FIELDS, type RecipientFields } from '../../rules/recipient-input';
import { tagKey, uniqueTags, TAG_LIMITS } from '../../rules/recipient-tags';
import type { ImportCandidate } from './row-values';
import { englishText, msg } from '../../../../platform/i18n/format-message';

// Which rows become new entries, which merge into an entry, and which are skipped. Two entries are
// the same person when they share an e-mail address, or a name and a postcode. Rows that match each
// other in the file become one entry; rows that match the address book merge into that entry.

// The preview's problems are English text in a success body (row-values.ts).
export const SYSTEM_ENTRY_MATCH = englishText(msg('error.import_own_entry'));

export type Entry = RecipientFields & { tags: string[] };
export interface ExistingEntry extends Entry {
  id: number;
  is_system_user: boolean;
}

export type PlannedRow = ImportCandidate &
  (
    | { action: 'create' }
    | { action: 'merge'; into: { recipient_id: number | null; row: number | null } }
    | { action: 'skip' }
  );

/** Entry keys that identify a person: e-mail, and name with postcode. */
export function identityKeys(v: Pick<RecipientFields, 'email' | 'first_name' | 'last_name' | 'postcode'>): string[] {
  const keys: string[] = [];
  if (v.email.trim()) keys.push(`e:${v.email.trim().toLowerCase()}`);
  const name = `${v.first_name} ${v.last_name}`.trim().replace(/\s+/g, ' ').toLowerCase();
  const postcode = v.postcode.replace(/\s+/g, '').toUpperCase();
  if (name && postcode) keys.push(`n:${name}|${postcode}`);
  return keys;
}

const ADDRESS = ['address_line_1', 'address_line_2', 'city', 'county', 'postcode', 'country'] as const;
const hasAddress = (v: Entry) => Boolean(v.address_line_1 || v.postcode || v.city);

/**
 * `into` with the blanks filled from `from`: what is already there is kept, tags are added. The
 * address moves as one block (lines, postcode and country together), so a merged address is one
 * that was checked as a whole.
 */
export function mergeEntry(into: Entry, from: Entry): Entry {
  const out: Entry = { ...into, tags: uniqueTags([...into.tags, ...from.tags]).slice(0, TAG_LIMITS.perRecipient) };
  const target = out as unknown as Record<string, unknown>;
  const source = from as unknown as Record<string, unknown>;
  for (const field of RECIPIENT_FIELDS) {
    if ((ADDRESS as readonly string[]).includes(field)) continue;
    if ((target[field] === '' || target[field] === null) && source[field] !== '' && source[field] !== null)
      target[field] = source[field];
  }
  if (!hasAddress(into) && hasAddress(from)) for (const field of ADDRESS) target[field] = source[field];
  return out;
}

/** Whether merging changed anything worth writing. */
export function entryChanged(before: Entry, after: Entry): boolean {
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  return (
    RECIPIENT_FIELDS.some((f) => a[f] !== b[f]) ||
    before.tags.map(tagKey).join('|') !== after.tags.map(tagKey).join('|')
  );
}

export function planImport(candidates: readonly ImportCandidate[], existing: readonly ExistingEntry[]): PlannedRow[] {
  const inBook = new Map<string, ExistingEntry>();
  for (const entry of existing) for (const key of identityKeys(entry)) if (!inBook.has(key)) inBook.set(key, entry);
  const inFile = new Map<string, { recipient_id: number | null; row: number }>();
  return candidates.map((candidate): PlannedRow => {
    if (candidate.problems.length) return { ...candidate, action: 'skip' };
    const keys = identityKeys(candidate.values);
    const book = keys.map((k) => inBook.get(k)).find(Boolean);
    const earlier = keys.map((k) => inFile.get(k)).find(Boolean);
    let planned: PlannedRow;
    if (book?.is_system_user) planned = { ...candidate, problems: [SYSTEM_ENTRY_MATCH], action: 'skip' };
    else if (book) planned = { ...candidate, action: 'merge', into: { recipient_id: book.id, row: null } };
    else if (earlier)
      planned = { ...candidate, action: 'merge', into: { recipient_id: earlier.recipient_id, row: earlier.row } };
    else planned = { ...candidate, action: 'create' };
    if (planned.action !== 'skip') {
      const group =
        planned.action === 'merge'
          ? { recipient_id: planned.into.recipient_id, row: planned.into.row ?? candidate.row }
          : { recipient_id: null, row: candidate.row };
      // This row's other keys now lead to the same entry, so a third row matching either merges too.
      for (const key of keys) if (!inFile.has(key)) inFile.set(key, group);
    }
    return planned;
  });
}

/** Counts shown before importing. */
export function planCounts(rows: readonly PlannedRow[]) {
  return {
    rows: rows.length,
    create: rows.filter((r) => r.action === 'create').length,
    merge: rows.filter((r) => r.action === 'merge').length,
    skip: rows.filter((r) => r.action === 'skip').length,
  };
}
