import ICAL from 'ical.js';
import { UnreadableFile, type ImportTable } from './table';
import { msg } from '../../../../platform/i18n/format-message';
import { vcardLinesToRead } from './vcard-lines';

// vCard (3.0 and 4.0, as phones and mail programs export them) through ical.js, turned into the same
// table as a CSV file with fixed column names, so one mapping and one set of row checks serve both.
// ical.js is given only the lines read here (vcard-lines.ts), held to the import's limits.

export const VCARD_HEADERS = [
  'First name',
  'Last name',
  'Full name',
  'Email',
  'Phone',
  'Address 1',
  'Address 2',
  'City',
  'County',
  'Postcode',
  'Country',
  'Birthday',
  'Anniversary',
  'Tags',
  'Notes',
] as const;

type Header = (typeof VCARD_HEADERS)[number];
// jCard (RFC 7095): a property is [name, parameters, value type, ...values].
type Property = [string, Record<string, unknown>, string, ...unknown[]];
type Card = ['vcard', Property[], unknown[]];

export const looksLikeVcard = (text: string): boolean => /^\s*BEGIN:VCARD\s*$/im.test(text.slice(0, 2000));

const str = (v: unknown) =>
  typeof v === 'string'
    ? v.trim()
    : Array.isArray(v)
      ? v
          .filter((x) => typeof x === 'string')
          .join(' ')
          .trim()
      : '';

function values(card: Card, name: string): unknown[] {
  const prop = card[1].find((p) => p[0] === name);
  return prop ? prop.slice(3) : [];
}

const first = (card: Card, name: string) => str(values(card, name)[0]);

function row(card: Card): string[] {
  const cells: Partial<Record<Header, string>> = {};
  const n = values(card, 'n')[0];
  const [family, given] = Array.isArray(n) ? n.map(str) : [str(n), ''];
  cells['First name'] = given ?? '';
  cells['Last name'] = family ?? '';
  cells['Full name'] = first(card, 'fn');
  cells.Email = first(card, 'email');
  cells.Phone = first(card, 'tel');
  const adr = values(card, 'adr')[0];
  if (Array.isArray(adr)) {
    const [, extended, street, locality, region, code, country] = adr.map(str);
    // A street of several lines (or an extended part) gives the second address line.
    const lines = (street ?? '')
      .split(/\r?\n|\\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    cells['Address 1'] = lines[0] ?? '';
    cells['Address 2'] = [...lines.slice(1), extended ?? ''].filter(Boolean).join(', ');
    cells.City = locality ?? '';
    cells.County = region ?? '';
    cells.Postcode = code ?? '';
    cells.Country = country ?? '';
  }
  cells.Birthday = first(card, 'bday');
  cells.Anniversary = first(card, 'anniversary');
  cells.Tags = values(card, 'categories').map(str).filter(Boolean).join(', ');
  cells.Notes = first(card, 'note');
  return VCARD_HEADERS.map((h) => cells[h] ?? '');
}

export function readVcard(text: string, maxRows: number): ImportTable {
  const lines = vcardLinesToRead(text, maxRows);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(lines);
  } catch (error) {
    throw new UnreadableFile(`The file could not be read as vCard: ${(error as Error).message}`);
  }
  // One card parses to one component, several to a list of them.
  const list = (Array.isArray(parsed) && parsed[0] === 'vcard' ? [parsed] : (parsed as unknown[])) as unknown[];
  const cards = list.filter((c): c is Card => Array.isArray(c) && c[0] === 'vcard' && Array.isArray(c[1]));
  if (!cards.length) throw new UnreadableFile(msg('error.import_no_vcards'));
  return {
    format: 'vcard',
    headers: [...VCARD_HEADERS],
    rows: cards.slice(0, maxRows + 1).map((card, i) => ({ row: i + 1, cells: row(card) })),
  };
}
