// The preview's problems are English text in a success body (the spec's words), written from the codes.
import { englishText, msg } from '../../../../platform/i18n/format-message';
import { z } from 'zod';
import { checkRecipient, EMPTY_RECIPIENT, recipientFields, type RecipientFields } from '../../rules/recipient-input';
import { splitTagList, tagProblems, uniqueTags } from '../../rules/recipient-tags';
import { countryCode, importDate, splitFullName } from './cell-values';
import { FIELD_LABELS, type ColumnMapping, type ImportField } from './columns';
import { quoted } from './limits';
import type { ImportRow } from './table';

/** One row of the file as an address-book entry, with what stops it from being imported. */
export interface ImportCandidate {
  row: number;
  values: RecipientFields & { tags: string[] };
  problems: string[];
}

/** A column the mapping reads: its position in each row and the field it fills. */
export interface MappedColumn {
  index: number;
  field: ImportField;
}

/**
 * The columns the mapping reads, in file order: rows are read through these alone, never by walking
 * every header (security issue 39: 60,000 headers walked for each of 5,000 rows took seconds).
 */
export function mappedColumns(headers: readonly string[], mapping: ColumnMapping): MappedColumn[] {
  const columns: MappedColumn[] = [];
  headers.forEach((header, index) => {
    const field = mapping[header];
    if (field) columns.push({ index, field });
  });
  return columns;
}

/** The row's cells by field; of two columns with one field (a header written twice), the later. */
function cellsByField(
  columns: readonly MappedColumn[],
  cells: readonly string[],
): Partial<Record<ImportField, string>> {
  const out: Partial<Record<ImportField, string>> = {};
  for (const { index, field } of columns) out[field] = (cells[index] ?? '').trim();
  return out;
}

// Control characters (C0 but tab and line breaks, DEL, C1): PostgreSQL refuses U+0000 in text, and no
// field of an entry has a use for any of them. Tabs and line breaks are text (a note over two lines).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_PROBLEM =
  'has a control character (such as a null character), which cannot be saved. Remove it and import the file again.';

// zod's safeParse builds an Error for each failure (a stack, a JSON message, bound methods), which took
// a file of 5,000 bad rows most of a second; the import wants only the issues. zod's core parses with
// whatever error class it is given, so here it is given a plain list.
class IssueList {
  constructor(readonly issues: z.core.$ZodIssue[]) {}
}
const checkFields = z.core._safeParse(IssueList as unknown as z.core.$ZodErrorClass);

export function rowToCandidate(columns: readonly MappedColumn[], source: ImportRow): ImportCandidate {
  const cells = cellsByField(columns, source.cells);
  const problems: string[] = [];
  for (const [field, text] of Object.entries(cells))
    if (CONTROL.test(text)) problems.push(`${FIELD_LABELS[field as ImportField]}: ${CONTROL_PROBLEM}`);
  const raw: Record<string, unknown> = { ...EMPTY_RECIPIENT };
  for (const field of Object.keys(EMPTY_RECIPIENT))
    if (cells[field as ImportField]) raw[field] = cells[field as ImportField];
  // A full-name column fills the names only where the file has no separate first and last names.
  if (cells.full_name && !cells.first_name && !cells.last_name) Object.assign(raw, splitFullName(cells.full_name));
  if (cells.country) {
    const code = countryCode(cells.country);
    if (code) raw.country = code;
    else problems.push(englishText(msg('error.import_country', { value: quoted(cells.country) })));
  }
  for (const field of ['birthday', 'anniversary'] as const) {
    const date = importDate(cells[field] ?? '');
    if (date === undefined)
      problems.push(
        englishText(msg('error.import_date', { label: FIELD_LABELS[field], value: quoted(cells[field] ?? '') })),
      );
    raw[field] = date ?? null;
  }
  if (problems.some((p) => p.startsWith('Country'))) raw.country = 'GB';
  const tags = uniqueTags(splitTagList(cells.tags ?? ''));
  problems.push(...tagProblems(tags).map((p) => `${FIELD_LABELS.tags}: ${englishText(p)}`));

  const parsed = checkFields(recipientFields, raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      problems.push(`${FIELD_LABELS[field as ImportField] ?? field}: ${englishText(issue.message)}`);
    }
  }
  // The rules across fields (a name, the postcode of the country) hold for the cells as given too.
  const checked = checkRecipient(parsed.success ? parsed.data : ({ ...EMPTY_RECIPIENT, ...raw } as RecipientFields));
  for (const [field, messages] of Object.entries(checked.errors)) {
    const label = field === 'first_name' ? 'Name' : (FIELD_LABELS[field as ImportField] ?? field);
    problems.push(...messages.map((m) => `${label}: ${englishText(m)}`));
  }
  const values = checked.value;
  return { row: source.row, values: { ...values, tags }, problems: [...new Set(problems)] };
}
