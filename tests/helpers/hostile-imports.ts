// Address-book files made to stall an importer (security issue 39): each as close to the 2 MB upload
// limit as its shape allows, in every shape that once cost CPU out of proportion to its size. Shared by
// the domain's unit test (a pure parse) and the route's test (the whole request), which both hold each to
// a second of CPU. `refused`: the file is beyond a limit and is answered 400 on `file`; otherwise it is
// read and previewed (its rows may all have problems).

/** Just under the upload limit, leaving room for the few bytes around each file's repeated part. */
const SIZE = 2 * 1024 * 1024 - 200;
const fill = (unit: string, room: number) => unit.repeat(Math.max(1, Math.floor(room / unit.length)));
// vCard lines end in \n alone here (ical.js, and the import, take both): a body of hundreds of thousands
// of \n makes the multipart parser itself (formidable, before any of the plugin's code runs) write as
// many tiny chunks, at times for seconds of CPU. That is the body parser's cost, not the import's.
const card = (lines: string) => `BEGIN:VCARD\nVERSION:3.0\nFN:Sam Jones\n${lines}END:VCARD\n`;

// A column for each field the import fills, by the names it recognises.
const FIELD_HEADERS = [
  'First name',
  'Last name',
  'Name',
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
  'Notes',
  'Tags',
];

export interface HostileFile {
  name: string;
  /** Made when asked for, so a test holds one file of 2 MB at a time, not all of them. */
  text: () => string;
  filename: string;
  refused: boolean;
}

const csv = (name: string, text: () => string, refused: boolean): HostileFile => ({
  name,
  text,
  filename: `${name}.csv`,
  refused,
});
const vcf = (name: string, text: () => string, refused: boolean): HostileFile => ({
  name,
  text,
  filename: `${name}.vcf`,
  refused,
});

export function hostileImports(): HostileFile[] {
  const oneCellRows = 'x\n'.repeat(5000);
  // A quoted birthday cell that is almost all "T": a date reader that cut "T..." off the end with a
  // regular expression tried each "T" against the rest of its line.
  const longDate = `Sam,"${'T'.repeat(40_000)}\nx"\n`;
  return [
    // The issue's own example: 70 KB, 60,000 header columns, 5,000 one-cell rows.
    csv('issue-example', () => `${'a,'.repeat(60_000)}First name\n${oneCellRows}`, true),
    csv('wide-header', () => `${fill('c,', SIZE - oneCellRows.length)}\n${oneCellRows}`, true),
    // Rows far wider than their header.
    csv('wide-rows', () => `First name,Email\n${fill(`Sam${','.repeat(20_000)}\n`, SIZE)}`, true),
    // One record of empty cells, its lines joined by quoted line breaks.
    csv('quoted-line-breaks', () => `First name,Notes\n${fill('"\n",', SIZE)}\n`, true),
    csv('one-long-line', () => `First name,Notes\nSam,${'x'.repeat(SIZE)}\n`, true),
    csv('long-lines', () => `First name,Notes\n${fill(`Sam,${'x'.repeat(49_000)}\n`, SIZE)}`, false),
    csv('spaces', () => `First name,Notes\nSam,${' '.repeat(SIZE)}x\n`, true),
    csv('unclosed-quote', () => `First name\n"${'a'.repeat(SIZE)}`, true),
    csv('long-dates', () => `First name,Birthday\n${fill(longDate, SIZE)}`, false),
    // The widest file within the limits: 5,000 rows of 100 one-letter columns, every field used (and
    // each wrong: "a" is no e-mail, phone, postcode, country or date).
    csv(
      'widest-allowed',
      () =>
        `${[...FIELD_HEADERS, ...Array.from({ length: 100 - FIELD_HEADERS.length }, (_, i) => `c${i}`)].join(',')}\n${`${'a,'.repeat(99)}a\n`.repeat(5000)}`,
      false,
    ),
    csv('blank-lines', () => `First name\nSam\n${'\n'.repeat(SIZE)}`, false),
    // Parameters by the hundred thousand on one property (ical.js reads each line's parameters in
    // time that grows with their square).
    vcf('vcard-parameters', () => card(`EMAIL${fill(';A=b', SIZE - 100)}:sam@example.test\n`), true),
    vcf(
      'vcard-parameter-lines',
      () => card(fill(`EMAIL${';A=b'.repeat(12_000)}:sam@example.test\n`, SIZE - 100)),
      false,
    ),
    vcf('vcard-properties', () => card(fill('X-A:b\n', SIZE - 100)), false),
    vcf('vcard-folding', () => card(`NOTE:a${fill('\n a', SIZE - 100)}\n`), true),
    vcf('vcard-long-line', () => card(`NOTE:${'n'.repeat(SIZE - 100)}\n`), true),
    vcf('vcard-categories', () => card(`CATEGORIES:${fill('a,', SIZE - 100)}\n`), true),
    vcf('vcard-many-cards', () => fill(card(''), SIZE), true),
    vcf('vcard-nesting', () => card(`${fill('BEGIN:X\n', SIZE / 2 - 100)}${fill('END:X\n', SIZE / 2 - 100)}`), false),
  ];
}

/**
 * A thousand rows, every other one wrong in every field: what a server that has read files before has
 * already run (the country names and validators built, the code of good and bad rows compiled).
 */
export function warmUpFile(): string {
  const good = (i: number) =>
    `Sam${i},Jones,sam${i}@example.test,+44 20 7946 0000,12 Mill Lane,Bath,BA1 1AA,United Kingdom,1990-01-01,Family,Notes`;
  const rows = Array.from({ length: 1000 }, (_, i) => (i % 2 ? good(i) : 'a,a,a,a,a,a,a,a,a,a,a'));
  return `First name,Last name,Email,Phone,Address,City,Postcode,Country,Birthday,Tags,Notes\n${rows.join('\n')}\n`;
}

/** An ordinary file as large as an import may be: 5,000 contacts, every column filled. */
export function ordinaryFile(): string {
  const good = (i: number) =>
    `Sam${i},Jones,sam${i}@example.test,+44 20 7946 0000,12 Mill Lane,Bath,BA1 1AA,United Kingdom,1990-01-01,Family,Notes`;
  const rows = Array.from({ length: 5000 }, (_, i) => good(i));
  return `First name,Last name,Email,Phone,Address,City,Postcode,Country,Birthday,Tags,Notes\n${rows.join('\n')}\n`;
}
