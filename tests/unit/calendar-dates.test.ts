import { spawnSync } from 'child_process';
import { buildSync } from 'esbuild';
import path from 'path';
import {
  isRealDate,
  nextOccurrence,
  toDateString,
} from '../../plugins/greeting-cards/server/src/platform/time/calendar-dates';

describe('calendar dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2023-04-31')).toBe(false);
    expect(isRealDate('2023-13-01')).toBe(false);
    expect(isRealDate('2023-1-01')).toBe(false);
    expect(isRealDate('01/02/2023')).toBe(false);
    expect(isRealDate('2023-01-01T00:00:00Z')).toBe(false);
    // Never accepted before (Date read them as 19xx): a four-digit year from 0100 on.
    expect(isRealDate('0099-12-31')).toBe(false);
    expect(isRealDate('0100-01-01')).toBe(true);
  });

  it("does not move a day with the server's time zone", () => {
    // Samoa skipped 30 December 2011: a calendar in the server's local time would lose that birthday.
    // The zone is fixed when a process starts, so the module runs in a child process set to Samoa.
    const plugin = path.resolve(__dirname, '../../plugins/greeting-cards');
    const { outputFiles } = buildSync({
      entryPoints: [path.join(plugin, 'server/src/platform/time/calendar-dates.ts')],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'cjs',
      write: false,
    });
    const probe = `${outputFiles[0].text}
      console.log(JSON.stringify([new Date(2011, 11, 30).getDate(), isRealDate('2011-12-30'), nextOccurrence('2000-12-30', true, '2011-12-01')]));`;
    const child = spawnSync(process.execPath, ['-e', probe], {
      cwd: plugin,
      env: { ...process.env, TZ: 'Pacific/Apia' },
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    // 31: the zone is in force in the child.
    expect(JSON.parse(child.stdout)).toEqual([31, true, '2011-12-30']);
  });

  it('finds the next yearly occurrence, today included', () => {
    expect(nextOccurrence('1990-03-14', true, '2026-03-13')).toBe('2026-03-14');
    expect(nextOccurrence('1990-03-14', true, '2026-03-14')).toBe('2026-03-14');
    expect(nextOccurrence('1990-03-14', true, '2026-03-15')).toBe('2027-03-14');
    expect(nextOccurrence('1990-12-31', true, '2026-12-31')).toBe('2026-12-31');
    expect(nextOccurrence('1990-01-01', true, '2026-12-31')).toBe('2027-01-01');
  });

  it('puts a 29 February event on the 28th in common years', () => {
    expect(nextOccurrence('2000-02-29', true, '2026-01-10')).toBe('2026-02-28');
    expect(nextOccurrence('2000-02-29', true, '2027-03-01')).toBe('2028-02-29');
  });

  it('gives a one-off event until it has passed', () => {
    expect(nextOccurrence('2026-05-01', false, '2026-04-30')).toBe('2026-05-01');
    expect(nextOccurrence('2026-05-01', false, '2026-05-01')).toBe('2026-05-01');
    expect(nextOccurrence('2026-05-01', false, '2026-05-02')).toBeNull();
    expect(nextOccurrence(null, true, '2026-05-02')).toBeNull();
  });

  it('reads what databases return for a date column', () => {
    expect(toDateString('1985-07-09')).toBe('1985-07-09');
    expect(toDateString(new Date(Date.UTC(1985, 6, 9)))).toBe('1985-07-09');
    expect(toDateString('1985-07-09T00:00:00.000Z')).toBe('1985-07-09');
    expect(toDateString('')).toBeNull();
    expect(toDateString(null)).toBeNull();
    expect(toDateString('not a date')).toBeNull();
  });
});
