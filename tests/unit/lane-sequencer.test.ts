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

describe('lane sequencer: the database files split once for both databases', () => {
  const { twoDatabaseShards } = require('../helpers/lane-sequencer') as {
    twoDatabaseShards: (
      files: string[],
      sqliteWeight: (f: string) => number,
      postgresWeight: (f: string) => number,
      coverageFactor: number,
      pinned?: Map<string, number>,
    ) => { shardOf: Map<string, number>; totals: number[] };
  };
  // Sixty files of 2-60 s on SQLite, 1.1-2.9 times that on PostgreSQL (a fixed pseudo-random sequence);
  // `free` is database-free: it runs on SQLite only, pinned to shard 1.
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const sqlite: Record<string, number> = { free: 30 };
  const postgres: Record<string, number> = { free: 0 };
  for (let n = 0; n < 60; n += 1) {
    sqlite[`f${n}`] = Math.round(2 + next() * 58);
    postgres[`f${n}`] = Math.round(sqlite[`f${n}`] * (1.1 + next() * 1.8));
  }
  const files = Object.keys(sqlite);

  it("balances each database's two runs with the measured shard's instrumentation counted", () => {
    const factor = 1.6;
    const { shardOf, totals } = twoDatabaseShards(
      files,
      (f) => sqlite[f],
      (f) => postgres[f],
      factor,
      new Map([['free', 0]]),
    );
    expect(shardOf.size).toBe(files.length);
    expect(shardOf.get('free')).toBe(0);
    // The totals are what the four runs cost: shard 1 measured on SQLite, shard 2 on PostgreSQL.
    const run = (shard: number, weights: Record<string, number>, scale: number) =>
      files.filter((f) => shardOf.get(f) === shard).reduce((sum, f) => sum + weights[f] * scale, 0);
    expect(totals[0]).toBeCloseTo(run(0, sqlite, factor));
    expect(totals[1]).toBeCloseTo(run(1, sqlite, 1));
    expect(totals[2]).toBeCloseTo(run(0, postgres, 1));
    expect(totals[3]).toBeCloseTo(run(1, postgres, factor));
    // The old split (one weight a file, no factor) left PostgreSQL's measured run far the longest;
    // this one's longest run is shorter, and no run is longer than a balanced pair's plus one file.
    const mean = (f: string) => (sqlite[f] + postgres[f]) / 2;
    const { shardOf: oldSplit } = balancedShards(files, mean, 2, new Map([['free', 0]]));
    const runsOf = (split: Map<string, number>) => [
      files.filter((f) => split.get(f) === 0).reduce((sum, f) => sum + sqlite[f] * factor, 0),
      files.filter((f) => split.get(f) === 1).reduce((sum, f) => sum + sqlite[f], 0),
      files.filter((f) => split.get(f) === 0).reduce((sum, f) => sum + postgres[f], 0),
      files.filter((f) => split.get(f) === 1).reduce((sum, f) => sum + postgres[f] * factor, 0),
    ];
    const old = runsOf(oldSplit);
    expect(Math.max(...totals)).toBeLessThan(Math.max(...old) - 100);
    const heaviest = Math.max(...files.map((f) => postgres[f] * factor));
    expect(Math.max(...totals)).toBeLessThanOrEqual((totals[2] + totals[3]) / 2 + heaviest);
    expect(Math.max(totals[0], totals[1])).toBeLessThanOrEqual(Math.max(...totals));
  });

  it('gives the same split to both databases: it depends on the weights only', () => {
    const once = twoDatabaseShards(
      files,
      (f) => sqlite[f],
      (f) => postgres[f],
      1.4,
    ).shardOf;
    const again = twoDatabaseShards(
      [...files].reverse(),
      (f) => sqlite[f],
      (f) => postgres[f],
      1.4,
    ).shardOf;
    expect([...again].sort()).toEqual([...once].sort());
  });
});

describe('lane sequencer: the weights file', () => {
  const { loadWeights } = require('../helpers/lane-sequencer') as {
    loadWeights: () => { sqlite: Record<string, number>; postgres: Record<string, number>; coverageFactor: number };
  };
  it('reads seconds per pass and the coverage factor', () => {
    const weights = loadWeights();
    expect(weights.coverageFactor).toBeGreaterThanOrEqual(1);
    expect(Object.keys(weights.sqlite).length).toBeGreaterThan(50);
    expect(Object.keys(weights.postgres).length).toBeGreaterThan(50);
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

describe("CI's queue of runs (scripts/ci-queue.js)", () => {
  type Run = { entry: string; seconds: number; browser: boolean };
  const { simulate, bestOrder } = require('../../scripts/ci-queue') as {
    simulate: (order: Run[], adminReady: number) => { end: number; free: number[]; lanes: string[][] };
    bestOrder: (runs: Run[], adminReady: number) => { order: Run[]; result: { end: number } };
  };
  // CI's seven runs as long as they were on 2026-12-01 (seconds), in the fixed order it used then.
  const runs: Run[] = [
    { entry: 'postgres 2 yes', seconds: 1478, browser: false },
    { entry: 'sqlite 1 yes', seconds: 863, browser: false },
    { entry: 'postgres 1 no', seconds: 860, browser: false },
    { entry: 'browser 3 yes', seconds: 770, browser: true },
    { entry: 'sqlite 2 no', seconds: 878, browser: false },
    { entry: 'browser 1 yes', seconds: 704, browser: true },
    { entry: 'browser 2 yes', seconds: 834, browser: true },
  ];

  it('simulates three checkouts each taking the next run when free', () => {
    const { lanes, end } = simulate(runs, 0);
    expect(lanes).toEqual([
      ['postgres 2 yes', 'browser 1 yes'],
      ['sqlite 1 yes', 'sqlite 2 no'],
      ['postgres 1 no', 'browser 3 yes', 'browser 2 yes'],
    ]);
    expect(end).toBe(860 + 770 + 834);
    // A browser run waits for the admin panel.
    expect(simulate([runs[3]], 100).end).toBe(100 + 770);
  });

  it('finds an order that ends no later than the fixed one, with every run in it once', () => {
    const { order, result } = bestOrder(runs, 0);
    expect(order.map((run) => run.entry).sort()).toEqual(runs.map((run) => run.entry).sort());
    expect(result.end).toBeLessThanOrEqual(simulate(runs, 0).end);
    expect(result.end).toBe(simulate(order, 0).end);
    expect(result.end).toBeLessThan(2464);
  });

  it('orders the queue and shard counts .ci/run passes, and refuses what is not an entry', () => {
    const { execFileSync } = require('child_process') as typeof import('child_process');
    const { parseShards } = require('../../scripts/ci-queue') as { parseShards(text: string): Record<string, number> };
    expect(parseShards('database=3,browser=2')).toEqual({ database: 3, browser: 2 });
    expect(() => parseShards('browser=none')).toThrow(/--shards/);
    const script = require('path').join(__dirname, '../../scripts/ci-queue.js') as string;
    const given = ['sqlite 1 yes', 'sqlite 2 no', 'browser 1 yes', 'browser 2 yes'];
    const out = execFileSync(process.execPath, [script, '--shards', 'database=2,browser=2', ...given], {
      encoding: 'utf8',
    });
    expect(out.trim().split('\n').sort()).toEqual([...given].sort());
    expect(() =>
      execFileSync(process.execPath, [script, 'sqlite one yes'], { encoding: 'utf8', stdio: 'pipe' }),
    ).toThrow(/not a queue entry/);
  });
});
