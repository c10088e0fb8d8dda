// Seasonal windows of catalogue entries (templates, occasions): pure rules shared by the catalogue's
// query, its version and the tests.

export interface AvailabilityWindow {
  available_from?: Date | string | number | null;
  available_until?: Date | string | number | null;
}

const instant = (value: AvailabilityWindow['available_from']): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? time : null;
};

/** Shown at `now`: from <= now < until, each end optional. An entry comes down at its `until`. */
export function isAvailable(window: AvailabilityWindow, now: number): boolean {
  const from = instant(window.available_from);
  const until = instant(window.available_until);
  return (from === null || from <= now) && (until === null || now < until);
}

/** Every distinct boundary instant of these windows, ascending (ms since the epoch). */
export function boundariesOf(windows: AvailabilityWindow[]): number[] {
  const times = new Set<number>();
  for (const window of windows) {
    for (const time of [instant(window.available_from), instant(window.available_until)])
      if (time !== null) times.add(time);
  }
  return [...times].sort((a, b) => a - b);
}

/**
 * The latest boundary at or before `now` (null when none has passed yet). What the catalogue shows
 * changes only when this value does, so it is folded into the catalogue version: every instance
 * computes the same value from the same rows and clock, with no write and no message between them.
 */
export function lastBoundaryPassed(sortedBoundaries: readonly number[], now: number): number | null {
  let low = 0;
  let high = sortedBoundaries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sortedBoundaries[mid] <= now) low = mid + 1;
    else high = mid;
  }
  return low === 0 ? null : sortedBoundaries[low - 1];
}
