import { parse } from 'csv-parse/sync';
import { UnreadableFile, type ImportTable } from './table';

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
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: guessDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      // One more than allowed, so an oversized file is told apart from one exactly at the limit.
      to: maxRows + 2,
    }) as string[][];
  } catch (error) {
    throw new UnreadableFile(`The file could not be read as CSV: ${(error as Error).message}`);
  }
  if (!records.length) throw new UnreadableFile('The file is empty.');
  const [head, ...body] = records;
  return {
    format: 'csv',
    headers: head.map((h, i) => h || `Column ${i + 1}`),
    rows: body.map((r, i) => ({ row: i + 2, cells: r })),
  };
}
