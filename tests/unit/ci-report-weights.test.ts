import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

// scripts/ci-report.js writes the shards' weights for the next CI runs from a run's jest reports. A
// run's first file also pays for the run's start (jest, node_modules, a cold transform cache), so it
// keeps its earlier weight, and what it took beyond that becomes `run_start`, which
// scripts/ci-queue.js adds to each run's estimate.
describe("CI's weights from a run's reports (scripts/ci-report.js)", () => {
  const script = path.join(__dirname, '../../scripts/ci-report.js');

  /** Runs the report on runs (name -> [file, seconds] in order), with these earlier weights. */
  function weightsAfterRuns(previous: Record<string, unknown>, runs: Record<string, Array<[string, number]>>) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-report-'));
    try {
      fs.mkdirSync(path.join(root, '.tmp'));
      fs.mkdirSync(path.join(root, 'tests', 'helpers'), { recursive: true });
      fs.writeFileSync(path.join(root, 'tests', 'helpers', 'test-weights.json'), JSON.stringify(previous));
      for (const [name, files] of Object.entries(runs)) {
        let at = 1_000_000;
        const testResults = files.map(([file, seconds]) => {
          const startTime = at;
          at += seconds * 1000 + 100;
          return {
            name: path.join(root, file),
            startTime,
            endTime: startTime + seconds * 1000,
            assertionResults: [{ status: 'passed', duration: 50 }],
          };
        });
        fs.writeFileSync(path.join(root, '.tmp', `${name}.json`), JSON.stringify({ numFailedTests: 0, testResults }));
      }
      fs.writeFileSync(path.join(root, '.tmp', 'runs.txt'), `${Object.keys(runs).join('\n')}\n`);
      execFileSync(process.execPath, [script, '--root', root, '--runs', path.join(root, '.tmp', 'runs.txt')], {
        stdio: 'pipe',
      });
      return JSON.parse(fs.readFileSync(path.join(root, '.tmp', 'test-weights.json'), 'utf8'));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
  /** The same on one SQLite run. */
  const weightsAfter = (previous: Record<string, unknown>, files: Array<[string, number]>) =>
    weightsAfterRuns(previous, { 'sqlite-1-1': files });

  const a = 'tests/unit/a.test.ts';
  const b = 'tests/unit/b.test.ts';
  const c = 'tests/unit/c.test.ts';
  const previous = { coverage_factor: 1, sqlite: { [a]: 5, [b]: 10, [c]: 20 }, postgres: {}, browser: {} };

  it("keeps the first file's earlier weight and counts the rest of its time as the run's start", () => {
    // The machine ran twice as slowly as the weights say (b and c: 60 s against 30), and a, first, took 60 s.
    const weights = weightsAfter(previous, [
      [a, 60],
      [b, 30],
      [c, 30],
    ]);
    // b and c: the mean of this run's time and the earlier weight scaled by 2.
    expect(weights.sqlite[b]).toBeCloseTo((30 + 20) / 2, 1);
    expect(weights.sqlite[c]).toBeCloseTo((30 + 40) / 2, 1);
    // a: its earlier weight, scaled; its 60 s was 50 s of the run's start.
    expect(weights.sqlite[a]).toBeCloseTo(10, 1);
    expect(weights.run_start).toBe(50);
  });

  it("blends the run's start with the earlier one, and times a first file it has no weight for as it ran", () => {
    const weights = weightsAfter({ ...previous, run_start: 30 }, [
      [a, 60],
      [b, 30],
      [c, 30],
    ]);
    expect(weights.run_start).toBe(40);
    const fresh = weightsAfter(previous, [
      ['tests/unit/new.test.ts', 12],
      [b, 10],
      [c, 20],
    ]);
    expect(fresh.sqlite['tests/unit/new.test.ts']).toBeCloseTo(12, 1);
    expect(fresh.run_start).toBeUndefined();
  });

  it('times a file first on one database by its time on the other, so a weight an earlier first run inflated comes down', () => {
    // a ran first on SQLite (60 s) and later on PostgreSQL (10 s); its SQLite weight was inflated to 40 s.
    // c, which neither run had first, took the same on both: the passes' ratio is 1.
    const weights = weightsAfterRuns(
      {
        coverage_factor: 1,
        sqlite: { [a]: 40, [b]: 30, [c]: 30 },
        postgres: { [a]: 10, [b]: 30, [c]: 30 },
        browser: {},
      },
      {
        'sqlite-1-1': [
          [a, 60],
          [b, 30],
          [c, 30],
        ],
        'postgres-1-1': [
          [b, 45],
          [a, 10],
          [c, 30],
        ],
      },
    );
    // a on SQLite: 10 s by PostgreSQL's time, blended with its earlier 40 s: 25 (it stayed at 40 before).
    expect(weights.sqlite[a]).toBeCloseTo(25, 1);
    // b, first on PostgreSQL: its SQLite time (30 s); its 45 s there was 15 s of the run's start.
    expect(weights.postgres[b]).toBeCloseTo(30, 1);
    // The run's start: SQLite's 50 s and PostgreSQL's 15 s.
    expect(weights.run_start).toBe(33);
  });

  it("gives scripts/ci-queue.js the run's start", () => {
    const ls = require('../../tests/helpers/lane-sequencer') as { loadWeights(): { runStart?: number } };
    const fromFile = JSON.parse(fs.readFileSync(path.join(__dirname, '../helpers/test-weights.json'), 'utf8')) as {
      run_start?: number;
    };
    expect(ls.loadWeights().runStart).toBe(fromFile.run_start);
  });
});
