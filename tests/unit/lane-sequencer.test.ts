// CI's shard split (tests/helpers/lane-sequencer.js): balanced by weight, and pinned files stay on the
// shard named for them whatever the weights, so coverage taken per shard does not move with the balance.
const { balancedShards, parseChunk } = require('../helpers/lane-sequencer') as {
  balancedShards: (
    files: string[],
    weightOf: (f: string) => number,
    count: number,
    pinned?: Map<string, number>,
  ) => { shardOf: Map<string, number>; totals: number[] };
  parseChunk: (value: string | undefined) => { index: number; count: number } | undefined;
};

describe('lane sequencer: shards by weight', () => {
  const weights: Record<string, number> = { a: 50, b: 40, c: 30, d: 20, e: 10, f: 10 };
  const weightOf = (f: string) => weights[f];

  it('splits files into shards of nearly equal weight', () => {
    const { totals, shardOf } = balancedShards(Object.keys(weights), weightOf, 2);
    expect(totals[0] + totals[1]).toBe(160);
    expect(Math.abs(totals[0] - totals[1])).toBeLessThanOrEqual(10);
    expect(shardOf.size).toBe(6);
  });

  it('keeps a pinned file on its shard and balances the rest around it', () => {
    // Unpinned, the heaviest file goes to the first shard.
    expect(balancedShards(Object.keys(weights), weightOf, 2).shardOf.get('a')).toBe(0);
    const { shardOf, totals } = balancedShards(Object.keys(weights), weightOf, 2, new Map([['a', 1]]));
    expect(shardOf.get('a')).toBe(1);
    expect(Math.abs(totals[0] - totals[1])).toBeLessThanOrEqual(10);
  });
});

describe('lane sequencer: a shard run as chunks (TEST_CHUNK)', () => {
  it('reads i/k and refuses anything else', () => {
    expect(parseChunk(undefined)).toBeUndefined();
    expect(parseChunk('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0']) expect(() => parseChunk(bad)).toThrow(/TEST_CHUNK/);
  });
});

describe('lane sequencer: database-free files (TEST_DATABASE_FREE)', () => {
  const { usesDatabase } = require('../helpers/lane-sequencer') as {
    usesDatabase(file: string, rootDir: string): boolean;
  };
  const fs = require('fs') as typeof import('fs');
  const os = require('os') as typeof import('os');
  const path = require('path') as typeof import('path');
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-lanes-'));
    write('tests/helpers/strapi.ts', 'export async function startApp() {}\n');
    write('tests/helpers/png.ts', 'export const decode = 1;\n');
    write('tests/helpers/fixtures.ts', "import { startApp } from './strapi';\nexport const x = startApp;\n");
    write(
      'tests/unit/pure.test.ts',
      "import { decode } from '../helpers/png';\nimport { y } from '../../plugins/p/src/y';\n",
    );
    write('tests/unit/boots.test.ts', "import { startApp } from '../helpers/strapi';\n");
    write('tests/unit/through-helper.test.ts', "import { x } from '../helpers/fixtures';\n");
    write('tests/unit/reads-url.test.ts', 'const url = process.env.TEST_DATABASE_URL;\n');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('counts a file as database-free only when neither it nor a test helper it imports boots or opens a database', () => {
    expect(usesDatabase('tests/unit/pure.test.ts', root)).toBe(false);
    expect(usesDatabase('tests/unit/boots.test.ts', root)).toBe(true);
    expect(usesDatabase('tests/unit/through-helper.test.ts', root)).toBe(true);
    expect(usesDatabase('tests/unit/reads-url.test.ts', root)).toBe(true);
    expect(usesDatabase('tests/unit/missing.test.ts', root)).toBe(true);
  });
});
