import { checkRecipient, EMPTY_RECIPIENT, recipientFields, type RecipientFields } from '../recipient-input';
import { splitTagList, tagProblems, uniqueTags } from '../recipient-tags';
import { countryCode, importDate, splitFullName } from './cell-values';
import { FIELD_LABELS, type ColumnMapping, type ImportField } from './columns';
import type { ImportRow } from './table';

/** One row of the file as an address-book entry, with what stops it from being imported. */
export interface ImportCandidate {
  row: number;
  values: RecipientFields & { tags: string[] };
  problems: string[];
}

/** The row's cells by field, through the mapping. */
function cellsByField(headers: readonly string[], mapping: ColumnMapping, cells: readonly string[]): Partial<Record<ImportField, string>> {
  const out: Partial<Record<ImportField, string>> = {};
  headers.forEach((header, i) => {
    const field = mapping[header];
    if (field) out[field] = (cells[i] ?? '').trim();
  });
  return out;
}

export function rowToCandidate(headers: readonly string[], mapping: ColumnMapping, source: ImportRow): ImportCandidate {
  const cells = cellsByField(headers, mapping, source.cells);
  const problems: string[] = [];
  const raw: Record<string, unknown> = { ...EMPTY_RECIPIENT };
  for (const field of Object.keys(EMPTY_RECIPIENT)) if (cells[field as ImportField]) raw[field] = cells[field as ImportField];
  // A full-name column fills the names only where the file has no separate first and last names.
  if (cells.full_name && !cells.first_name && !cells.last_name) Object.assign(raw, splitFullName(cells.full_name));
  if (cells.country) {
    const code = countryCode(cells.country);
    if (code) raw.country = code;
    else problems.push(`Country: "${cells.country}" is not a country we know (use a name or a code such as GB).`);
  }
  for (const field of ['birthday', 'anniversary'] as const) {
    const date = importDate(cells[field] ?? '');
    if (date === undefined) problems.push(`${FIELD_LABELS[field]}: "${cells[field]}" is not a date (use 1990-12-31 or 31/12/1990).`);
    raw[field] = date ?? null;
  }
  if (problems.some((p) => p.startsWith('Country'))) raw.country = 'GB';
  const tags = uniqueTags(splitTagList(cells.tags ?? ''));
  problems.push(...tagProblems(tags).map((p) => `${FIELD_LABELS.tags}: ${p}`));

  const parsed = recipientFields.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      problems.push(`${FIELD_LABELS[field as ImportField] ?? field}: ${issue.message}`);
    }
  }
  // The rules across fields (a name, the postcode of the country) hold for the cells as given too.
  const checked = checkRecipient(parsed.success ? parsed.data : ({ ...EMPTY_RECIPIENT, ...raw } as RecipientFields));
  for (const [field, messages] of Object.entries(checked.errors)) {
    const label = field === 'first_name' ? 'Name' : FIELD_LABELS[field as ImportField] ?? field;
    problems.push(...messages.map((m) => `${label}: ${m}`));
  }
  const values = checked.value;
  return { row: source.row, values: { ...values, tags }, problems: [...new Set(problems)] };
}
