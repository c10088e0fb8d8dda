import {
  boundariesOf,
  isAvailable,
  lastBoundaryPassed,
} from '../../plugins/greeting-cards/server/src/areas/catalogue/rules/availability';

describe('seasonal windows: what is shown when, and when the catalogue changes', () => {
  const t = (iso: string) => new Date(iso).getTime();
  const christmas = { available_from: '2026-11-01T00:00:00.000Z', available_until: '2026-12-27T00:00:00.000Z' };

  it('shows an entry from its start (inclusive) until its end (exclusive); either end may be open', () => {
    expect(isAvailable(christmas, t('2026-10-31T23:59:59.999Z'))).toBe(false);
    expect(isAvailable(christmas, t('2026-11-01T00:00:00.000Z'))).toBe(true);
    expect(isAvailable(christmas, t('2026-12-26T23:59:59.999Z'))).toBe(true);
    expect(isAvailable(christmas, t('2026-12-27T00:00:00.000Z'))).toBe(false);
    expect(isAvailable({}, 0)).toBe(true);
    expect(isAvailable({ available_from: null, available_until: null }, 0)).toBe(true);
    expect(isAvailable({ available_until: new Date(10) }, 9)).toBe(true);
    expect(isAvailable({ available_until: new Date(10) }, 10)).toBe(false);
    expect(isAvailable({ available_from: 10 }, 9)).toBe(false);
  });

  it('collects distinct boundaries in order and finds the latest one passed', () => {
    const boundaries = boundariesOf([
      christmas,
      { available_from: christmas.available_from },
      { available_until: '2026-02-15T00:00:00.000Z' },
      {},
    ]);
    expect(boundaries).toEqual([
      t('2026-02-15T00:00:00.000Z'),
      t(christmas.available_from),
      t(christmas.available_until),
    ]);
    expect(lastBoundaryPassed(boundaries, t('2026-01-01T00:00:00.000Z'))).toBeNull();
    expect(lastBoundaryPassed(boundaries, t('2026-02-15T00:00:00.000Z'))).toBe(boundaries[0]);
    expect(lastBoundaryPassed(boundaries, t('2026-11-30T00:00:00.000Z'))).toBe(boundaries[1]);
    expect(lastBoundaryPassed(boundaries, t('2027-01-01T00:00:00.000Z'))).toBe(boundaries[2]);
    expect(lastBoundaryPassed([], 5)).toBeNull();
  });

  it('changes the latest boundary passed exactly when visibility can change', () => {
    const windows = [christmas, { available_from: '2026-06-01T00:00:00.000Z' }];
    const boundaries = boundariesOf(windows);
    const seen = (now: number) => windows.map((w) => isAvailable(w, now)).join();
    for (let now = t('2026-05-01T00:00:00.000Z'); now < t('2027-01-10T00:00:00.000Z'); now += 6 * 3600_000) {
      const next = now + 6 * 3600_000;
      if (seen(now) !== seen(next))
        expect(lastBoundaryPassed(boundaries, next)).not.toBe(lastBoundaryPassed(boundaries, now));
    }
  });
});
