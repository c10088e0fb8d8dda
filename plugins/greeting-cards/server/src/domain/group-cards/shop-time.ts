// Deadlines are entered as a date and time on the shop's clock (SERVICE_SHOP_TIME_ZONE) and stored in
// UTC. Pure: Intl knows the zone's offsets, including summer time.

function offsetMinutes(utc: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(utc)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - utc.getTime()) / 60_000);
}

/** "2030-01-31T17:00" on the shop's clock as an ISO instant, or null when it is not a date and time. */
export function shopLocalToIso(local: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const naive = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(naive)) return null;
  // Twice: the offset at the guessed instant can differ from the offset at the answer around a change.
  let utc = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  utc = naive - offsetMinutes(new Date(utc), timeZone) * 60_000;
  return new Date(utc).toISOString();
}

/** An instant as "Thursday, 31 January 2030 at 17:00" on the shop's clock. */
export function shopDateTime(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(iso));
}

/** An instant as the value of a datetime-local input on the shop's clock. */
export function shopLocalValue(iso: string | Date, timeZone: string): string {
  const d = new Date(iso);
  const shifted = new Date(d.getTime() + offsetMinutes(d, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}
