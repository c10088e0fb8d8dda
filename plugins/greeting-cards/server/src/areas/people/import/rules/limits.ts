// How much of a file an import reads, and what it says past each limit. The size and row limits keep
// the work small; the column and line limits keep it in proportion to the size, whatever the file's
// shape (security issue 39: a 70 KB file of 60,000 columns once took seconds of CPU per request).
import { msg } from '../../../../platform/i18n/format-message';

export const IMPORT_LIMITS = {
  rows: 5000,
  bytes: 2 * 1024 * 1024,
  // Outlook's CSV export has 92 columns; Google's has 30 to 60 for most address books. Cells cost
  // csv-parse more than characters do, so the costliest file within the limits is 5,000 rows of the
  // most one-letter columns: at 100 columns csv-parse takes about 0.15 s of CPU over it, at 200 twice
  // that, on top of what checking 5,000 rows costs whatever the file (about as much again).
  columns: 100,
  // Characters in one row (its lines together when a quoted cell holds line breaks), or in one vCard
  // property once unfolded. A contact needs a few thousand at most.
  lineLength: 50_000,
} as const;

const count = (n: number) => n.toLocaleString('en-GB');

export const TOO_LARGE = msg('error.import_too_large');
export const TOO_MANY_ROWS = msg('error.import_too_many_rows', { max: count(IMPORT_LIMITS.rows) });
export const tooManyColumns = (line: number, max: number = IMPORT_LIMITS.columns) =>
  msg('error.import_too_many_columns', { line, max: count(max) });
export const lineTooLong = (line: number, max: number = IMPORT_LIMITS.lineLength) =>
  msg('error.import_line_too_long', { line, max: count(max) });

/** Text from the file as a message quotes it: long text cut short, so a message never carries a file. */
export const quoted = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The line (counted from 1, breaks as an editor counts them) that the character at `index` is on. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) line += 1;
  }
  return line;
}
