// Names for the country and time-zone pickers, in the shopper's language: countries by
// Intl.DisplayNames over the ISO codes the address rules accept, time zones by their city and their
// generic name ("Berlin — Mitteleuropäische Zeit"). Built once per language.
import { COUNTRY_CODES } from '../addresses/countries';

export interface PickerOption {
  value: string;
  label: string;
}

const countryCache = new Map<string, PickerOption[]>();
const zoneCache = new Map<string, PickerOption[]>();

/** Every accepted country code with its name in `intl`'s language, sorted as that language sorts. */
export function countryOptions(intl: string): PickerOption[] {
  let list = countryCache.get(intl);
  if (!list) {
    const names = new Intl.DisplayNames([intl], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(intl);
    list = [...COUNTRY_CODES]
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.label, b.label));
    countryCache.set(intl, list);
  }
  return list;
}

/** The zone's generic name in `intl`'s language ("Central European Time"), or '' when Intl has none. */
function genericName(zone: string, intl: string): string {
  try {
    const part = new Intl.DateTimeFormat(intl, { timeZone: zone, timeZoneName: 'longGeneric' })
      // A fixed recent day: some zones' names of long ago differ (Berlin in 1970 reads "Standard Time").
      .formatToParts(new Date(Date.UTC(2025, 0, 15)))
      .find((p) => p.type === 'timeZoneName');
    return part && !/^GMT[+-]/.test(part.value) ? part.value : '';
  } catch {
    return '';
  }
}

/** Every IANA zone Node knows, labelled "City — generic name" (the area too where two would read alike), sorted by label. */
export function timeZoneOptions(intl: string, zones: string[]): PickerOption[] {
  let list = zoneCache.get(intl);
  if (!list) {
    const collator = new Intl.Collator(intl);
    const named = zones.map((zone) => {
      const parts = zone.split('/');
      const city = parts[parts.length - 1].replace(/_/g, ' ');
      const generic = genericName(zone, intl);
      return {
        zone,
        area: parts.slice(0, -1).join('/').replace(/_/g, ' '),
        label: generic ? `${city} — ${generic}` : city,
      };
    });
    const seen = new Map<string, number>();
    for (const z of named) seen.set(z.label, (seen.get(z.label) ?? 0) + 1);
    // The area only where two zones would read alike ("Indiana/Vincennes" beside "Vincennes").
    list = named
      .map((z) => ({
        value: z.zone,
        label: (seen.get(z.label) ?? 0) > 1 && z.area ? `${z.label} (${z.area})` : z.label,
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
    zoneCache.set(intl, list);
  }
  return list;
}
