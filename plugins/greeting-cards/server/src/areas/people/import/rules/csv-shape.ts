import { IMPORT_LIMITS, lineAt, lineTooLong, tooManyColumns } from './limits';
import { UnreadableFile } from './table';

// csv-parse reads a record whole before handing it over, and a record of a million cells takes it
// seconds; so the text is walked once before parsing, splitting records as csv-parse will, and a record
// with too many columns or characters is refused where it starts. The rules are csv-parse's with the
// options csv-table.ts gives it (trim, relax_quotes): a quote opens a quoted cell only where the cell
// has nothing but blanks yet; inside, "" is a quote and any other quote ends the quoted part; the
// record separator is the first line break found outside quotes (\r\n, \n or \r), and only that one.
// tests/unit/recipient-import-limits.test.ts holds the two to the same records on random text.

const QUOTE = 34;
// The characters csv-parse trims are JavaScript's white space.
const BLANK = /\s/;

export interface CsvLimits {
  columns: number;
  lineLength: number;
}

/** Refuses (UnreadableFile) the first record wider or longer than `limits`, naming its line. */
export function checkCsvShape(text: string, delimiter: string, limits: CsvLimits = IMPORT_LIMITS): void {
  const separator = delimiter.charCodeAt(0);
  let recordEnd = '';
  let recordStart = 0;
  let fields = 1;
  // Characters the current cell keeps so far: leading blanks are trimmed away, quotes are not counted.
  let kept = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      if (ch !== QUOTE) kept += 1;
      else if (text.charCodeAt(i + 1) === QUOTE) {
        i += 1;
        kept += 1;
      } else quoted = false;
    } else {
      recordEnd ||= text.startsWith('\r\n', i) ? '\r\n' : ch === 10 ? '\n' : ch === 13 ? '\r' : '';
      if (ch === QUOTE && kept === 0) quoted = true;
      else if (recordEnd && text.startsWith(recordEnd, i)) {
        i += recordEnd.length - 1;
        recordStart = i + 1;
        fields = 1;
        kept = 0;
        continue;
      } else if (ch === separator) {
        fields += 1;
        kept = 0;
        if (fields > limits.columns)
          throw new UnreadableFile(tooManyColumns(lineAt(text, recordStart), limits.columns));
      } else if (kept > 0 || !BLANK.test(text[i])) kept += 1;
    }
    if (i - recordStart >= limits.lineLength)
      throw new UnreadableFile(lineTooLong(lineAt(text, recordStart), limits.lineLength));
  }
}
