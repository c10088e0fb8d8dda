import { msg, type Message } from '../../../../platform/i18n/format-message';
import { decodeText, type TextEncoding } from './decode';
import { readCsv } from './csv-table';
import { looksLikeVcard, readVcard } from './vcard-table';
import { UnreadableFile, type ImportTable } from './table';
import { applyMapping, type ColumnMapping } from './columns';
import { mappedColumns, rowToCandidate } from './row-values';
import { IMPORT_LIMITS, TOO_LARGE, TOO_MANY_ROWS } from './limits';
import { planCounts, planImport, type ExistingEntry, type PlannedRow } from './plan';

// Importing an address book, as pure steps: bytes -> text -> table -> candidate entries -> a plan
// that says, row by row, what importing would do and why. The service reads the file and the
// address book, and writes the plan.

export { IMPORT_LIMITS, TOO_LARGE, TOO_MANY_ROWS } from './limits';

export { UnreadableFile } from './table';
export type { ImportTable } from './table';
export { IMPORT_FIELDS, FIELD_LABELS, guessMapping, type ColumnMapping, type ImportField } from './columns';
export { mergeEntry, entryChanged, SYSTEM_ENTRY_MATCH, type Entry, type ExistingEntry, type PlannedRow } from './plan';

/** Text of an uploaded file (UTF-8, else Windows-1252), refusing files over the size limit. */
export function importText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if (bytes.length > IMPORT_LIMITS.bytes) throw new UnreadableFile(TOO_LARGE);
  return decodeText(bytes);
}

/** The file's text as a table (vCard when it holds cards, CSV otherwise), refusing too many rows. */
export function importTable(text: string): ImportTable {
  if (!text.trim()) throw new UnreadableFile(msg('error.import_empty'));
  const table = looksLikeVcard(text) ? readVcard(text, IMPORT_LIMITS.rows) : readCsv(text, IMPORT_LIMITS.rows);
  if (table.rows.length > IMPORT_LIMITS.rows) throw new UnreadableFile(TOO_MANY_ROWS);
  if (!table.rows.length) throw new UnreadableFile(msg('error.import_no_rows'));
  return table;
}

export interface ImportPreview {
  format: ImportTable['format'];
  headers: string[];
  mapping: ColumnMapping;
  rows: PlannedRow[];
  counts: ReturnType<typeof planCounts>;
}

/** What importing `table` with the chosen mapping would do; mapping problems come back instead. */
export function previewImport(
  table: ImportTable,
  chosen: Record<string, unknown> | undefined,
  existing: readonly ExistingEntry[],
): { problems: Message[] } | { preview: ImportPreview } {
  const { mapping, problems } = applyMapping(table.headers, chosen);
  if (problems.length) return { problems };
  const columns = mappedColumns(table.headers, mapping);
  const rows = planImport(
    table.rows.map((row) => rowToCandidate(columns, row)),
    existing,
  );
  return { preview: { format: table.format, headers: table.headers, mapping, rows, counts: planCounts(rows) } };
}
