import { parse, type CsvError } from 'csv-parse/sync';
import { checkCsvShape } from './csv-shape';
import { IMPORT_LIMITS, lineTooLong, tooManyColumns } from './limits';
import { UnreadableFile, type ImportTable } from './table';
import { msg } from '../../../../platform/i18n/format-message';

// CSV through csv-parse (a maintained parser: quoting, embedded newlines, ragged rows), after picking
// the separator: Excel in much of Europe saves with semicolons, since the comma is the decimal mark.

/** The separator of the header line: whichever of ';' and ',' it has more of, outside quotes. */
export function guessDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas += 1;
    else if (!quoted && ch === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

export function readCsv(text: string, maxRows: number): ImportTable {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = guessDelimiter(body);
  // Before parsing: csv-parse takes seconds over a record of a million cells before handing it over.
  checkCsvShape(body, delimiter);
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      // One more than allowed, so an oversized file is told apart from one exactly at the limit.
      to: maxRows + 2,
      // The line limit again, should csv-parse ever split records differently from the scan above. It
      // counts the bytes of a record's cells: at most three per character in UTF-8.
      max_record_size: IMPORT_LIMITS.lineLength * 3,
    }) as string[][];
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    const { code, lines } = error as CsvError & { lines?: number };
    if (code === 'CSV_MAX_RECORD_SIZE') throw new UnreadableFile(lineTooLong(lines ?? 1));
    throw new UnreadableFile(`The file could not be read as CSV: ${(error as Error).message}`);
  }
  if (!records.length) throw new UnreadableFile(msg('error.import_empty'));
  // And the column limit (csv-parse's own hook for this, on_record, costs more than the whole check).
  const wide = records.findIndex((r) => r.length > IMPORT_LIMITS.columns);
  if (wide >= 0) throw new UnreadableFile(tooManyColumns(wide + 1));
  const [head, ...rows] = records;
  return {
    format: 'csv',
    headers: head.map((h, i) => h || `Column ${i + 1}`),
    rows: rows.map((r, i) => ({ row: i + 2, cells: r })),
  };
}
