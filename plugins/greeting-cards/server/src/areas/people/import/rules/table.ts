import { englishText, type Text } from '../../../../platform/i18n/format-message';

/** A file read as a table: its column names and, for each record, its cells and its number. */
export interface ImportTable {
  format: 'csv' | 'vcard';
  headers: string[];
  rows: ImportRow[];
}

export interface ImportRow {
  /** What the person sees in their spreadsheet: the header is row 1; for vCard files, the card's number. */
  row: number;
  cells: string[];
}

/** A file that cannot be read at all; its message goes back under `file`. */
export class UnreadableFile extends Error {
  constructor(readonly text: Text) {
    super(englishText(text));
  }
}
