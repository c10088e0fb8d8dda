// IANA time zone names as people and settings give them. Intl knows the zone database Node ships with
// (kept current with Node's updates); we only decide what we accept.

// An IANA name (Europe/London, America/Argentina/Buenos_Aires, UTC), not an offset such as +01:00 that
// Intl would also take: an offset does not follow a place's summer time.
const IANA_SHAPE = /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+)*$/;

let known: Map<string, string> | null = null;

/**
 * The zone as stored: the name given, in the zone list's spelling when it is on it (europe/london ->
 * Europe/London); null when it is not an IANA zone. Not Intl's canonical id: Node's ICU turns current
 * names into old ones (Asia/Kolkata -> Asia/Calcutta), which would surprise the person who typed it.
 */
export function canonicalTimeZone(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const name = raw.trim();
  if (!name || name.length > 64 || !IANA_SHAPE.test(name)) return null;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
  } catch {
    return null;
  }
  known ??= new Map(Intl.supportedValuesOf('timeZone').map((z) => [z.toLowerCase(), z]));
  return known.get(name.toLowerCase()) ?? name;
}

export const isTimeZone = (raw: unknown): boolean => canonicalTimeZone(raw) !== null;

export const TIME_ZONE_MESSAGE = 'error.time_zone';

/** The zone to use for a person: their own when they have a valid one, else the shop's. */
export function zoneOr(own: unknown, shopZone: string): string {
  return canonicalTimeZone(own) ?? shopZone;
}
