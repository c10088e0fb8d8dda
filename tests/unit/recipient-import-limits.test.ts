import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import {
  importTable,
  previewImport,
  UnreadableFile,
} from '../../plugins/greeting-cards/server/src/areas/people/import/rules';
import { checkCsvShape } from '../../plugins/greeting-cards/server/src/areas/people/import/rules/csv-shape';
import { hostileImports, ordinaryFile, warmUpFile } from '../helpers/hostile-imports';

// Security issue 39: reading an address-book file takes time in proportion to its size, whatever its
// shape, and what a row holds that cannot be saved is a problem of that row.

/**
 * The CPU seconds `run` takes: the least of two readings, since the machine's other work (and, the first
 * time, the runtime compiling code a shape of file takes) only ever adds to a reading.
 */
const cpuSeconds = (run: () => void) => {
  const readings = [0, 1].map(() => {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1e6;
  });
  return Math.min(...readings);
};

/** What reading `text` comes to: the preview's rows, or the reason it was refused. */
function read(
  text: string,
): { rows: Array<{ row: number; problems: string[]; values: Record<string, unknown> }> } | { refused: string } {
  try {
    const result = previewImport(importTable(text), undefined, []);
    if ('problems' in result) throw new Error(`mapping problems: ${result.problems.join(' ')}`);
    return { rows: result.preview.rows };
  } catch (error) {
    if (error instanceof UnreadableFile) return { refused: error.message };
    throw error;
  }
}

describe('reading hostile address-book files', () => {
  // The yardstick, measured in the same run: an ordinary file as large as an import may be (5,000
  // contacts of eleven filled columns). A fixed second held on one machine and failed on a slower one
  // (an ordinary file alone took 1.0 s there); a hostile shape that costs more than its size, as the
  // square of a line's length, say, takes tens of times the yardstick. The widest file allowed takes
  // about 1.5 times it alone, and up to 2.3 times in CI beside two other test runs: hence four.
  let ordinarySeconds = 0;
  beforeAll(() => {
    // As a server that has read files before: the first read builds the country names and the
    // validators, and the first thousand rows run before the runtime has compiled the code they take.
    read(warmUpFile());
    const ordinary = ordinaryFile();
    ordinarySeconds = cpuSeconds(() => {
      read(ordinary);
    });
  });

  it.each(hostileImports().map((file) => [file.name, file] as const))(
    '%s: read or refused within four times the CPU of an ordinary full file',
    (_name, file) => {
      const text = file.text();
      let outcome = '';
      const seconds = cpuSeconds(() => {
        // Only what came of it is kept: a preview of 5,000 rows left alive would slow the next reading.
        outcome = 'refused' in read(text) ? 'refused' : 'read';
      });
      const budget = Math.max(0.5, 4 * ordinarySeconds);
      expect(seconds < budget ? 'within budget' : `${seconds.toFixed(2)} s (budget ${budget.toFixed(2)} s)`).toBe(
        'within budget',
      );
      expect(outcome).toBe(file.refused ? 'refused' : 'read');
    },
  );
});

describe('the limits of a CSV file', () => {
  const header = (n: number) => Array.from({ length: n }, (_, i) => `Column ${i + 1}`).join(',');

  it('takes 100 columns and refuses 101, naming the line', () => {
    expect(read(`${header(100)}\nSam\n`)).toEqual({ rows: [expect.objectContaining({ row: 2 })] });
    expect(read(`${header(101)}\nSam\n`)).toEqual({
      refused:
        'Line 1 of the file has more than 100 columns. Delete the columns you do not need and save the file again.',
    });
    // A row wider than its header counts too; quoted separators are not columns.
    expect(read(`First name,Notes\n"a,b,c",x\nSam${','.repeat(100)}\n`)).toEqual({
      refused: expect.stringMatching(/^Line 3 of the file has more than 100 columns/),
    });
    expect(read(`First name,Notes\nSam,"${','.repeat(500)}"\n`)).toEqual({
      rows: [expect.objectContaining({ row: 2 })],
    });
  });

  it('takes lines of 50,000 characters and refuses longer, naming the line a row starts on', () => {
    const ok = read(`First name,Notes\nSam,${'x'.repeat(50_000 - 4)}\n`);
    expect(ok).toEqual({
      rows: [expect.objectContaining({ problems: [expect.stringMatching(/^Notes: .*2000 characters/)] })],
    });
    expect(read(`First name,Notes\nSam,${'x'.repeat(50_000 - 3)}\n`)).toEqual({
      refused: 'Line 2 of the file is longer than 50,000 characters. Check that it is a CSV or vCard file of contacts.',
    });
    // A row over several lines (a quoted cell with line breaks) is one row: its length is theirs together.
    expect(read(`First name,Notes\r\nAda,ok\r\nSam,"${'x\r\n'.repeat(20_000)}"\r\n`)).toEqual({
      refused: expect.stringMatching(/^Line 3 of the file is longer than 50,000 characters/),
    });
  });

  it('counts columns and lengths exactly as csv-parse then splits the records', () => {
    // Random text of separators, quotes, line breaks and blanks: the scan agrees with the parser on the
    // widest record whenever the parser reads the text at all.
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', ',', ';', '"', '"', '\n', '\r', '\r\n', ' ', '\t', '\u00a0', '\u3000'),
      maxLength: 60,
    });
    fc.assert(
      fc.property(text, fc.constantFrom(',', ';'), (csv, delimiter) => {
        let records: string[][];
        try {
          records = parse(csv, { delimiter, relax_column_count: true, relax_quotes: true, trim: true }) as string[][];
        } catch {
          return;
        }
        const widest = Math.max(1, ...records.map((r) => r.length));
        expect(() => checkCsvShape(csv, delimiter, { columns: widest, lineLength: 1000 })).not.toThrow();
        if (widest > 1)
          expect(() => checkCsvShape(csv, delimiter, { columns: widest - 1, lineLength: 1000 })).toThrow(
            UnreadableFile,
          );
      }),
      { numRuns: Number(process.env.FUZZ_RUNS || 2000) },
    );
  });
});

describe('characters a row cannot hold', () => {
  it('makes a NUL or another control character in a used cell a problem of its row', () => {
    const csv = [
      'First name,Email,Notes,Tags,Unused',
      'Ada,ada@example.test,"Two\r\nlines\tand a tab",Family,x', // line breaks and tabs are text
      'Sa\u0000m,sam@example.test,,,',
      'Tia,tia@example.test,Bell \u0007,,',
      'Uma,uma@example.test,,Fam\u0000ily,',
      'Val,val@example.test,,,\u0000', // an unused column is not saved, so it does not matter
      'Wyn,wyn@example.test,del \u007f and c1 \u0085,,',
    ].join('\n');
    const outcome = read(csv);
    expect('rows' in outcome).toBe(true);
    const rows = 'rows' in outcome ? outcome.rows : [];
    expect(rows.map((r) => [r.row, r.problems])).toEqual([
      [2, []],
      [
        3,
        [
          'First name: has a control character (such as a null character), which cannot be saved. Remove it and import the file again.',
        ],
      ],
      [
        4,
        [
          'Notes: has a control character (such as a null character), which cannot be saved. Remove it and import the file again.',
        ],
      ],
      [
        5,
        [
          'Tags (groups): has a control character (such as a null character), which cannot be saved. Remove it and import the file again.',
        ],
      ],
      [6, []],
      [
        7,
        [
          'Notes: has a control character (such as a null character), which cannot be saved. Remove it and import the file again.',
        ],
      ],
    ]);
    expect(rows[0].values).toMatchObject({ notes: 'Two\r\nlines\tand a tab' });
  });

  it('does the same for vCard files', () => {
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Sa\u0000m Jones',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Tia Wells',
      'NOTE:Line one\\nline two',
      'END:VCARD',
      '',
    ].join('\r\n');
    const outcome = read(vcf);
    const rows = 'rows' in outcome ? outcome.rows : [];
    expect(rows.map((r) => r.problems)).toEqual([
      [expect.stringMatching(/^Full name \(split in two\): has a control character/)],
      [],
    ]);
    expect(rows[1].values).toMatchObject({ first_name: 'Tia', notes: 'Line one\nline two' });
  });
});

describe('the limits of a vCard file', () => {
  const card = (lines: string[]) =>
    ['BEGIN:VCARD', 'VERSION:3.0', 'FN:Sam Jones', ...lines, 'END:VCARD', ''].join('\r\n');

  it('refuses a property longer than 50,000 characters once unfolded, naming its line', () => {
    expect(read(card([`NOTE:${'n'.repeat(50_000 - 5)}`]))).toEqual({ rows: [expect.objectContaining({ row: 1 })] });
    const folded = `NOTE:${Array.from({ length: 1000 }, () => 'n'.repeat(50)).join('\r\n ')}`;
    expect(read(card([folded]))).toEqual({
      refused: 'Line 4 of the file is longer than 50,000 characters. Check that it is a CSV or vCard file of contacts.',
    });
  });

  it('reads a contact whose photo is larger than a line may be, and counts contacts before reading them', () => {
    const photo = `PHOTO;ENCODING=b;TYPE=JPEG:${Array.from({ length: 20_000 }, () => 'QUJD'.repeat(19)).join('\r\n ')}`;
    expect(read(card(['EMAIL:sam@example.test', photo, 'TEL:+44 20 7946 0000']))).toEqual({
      rows: [
        expect.objectContaining({
          problems: [],
          values: expect.objectContaining({ email: 'sam@example.test', phone: '+44 20 7946 0000' }),
        }),
      ],
    });
    expect(read(card([]).repeat(5001))).toEqual({
      refused: 'The file has more than 5,000 rows. Split it into smaller files.',
    });
  });
});
