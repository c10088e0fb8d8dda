// The shop's languages, and how one is chosen for a request. Every other module asks for a Locale
// from here; a language is added by adding it to SUPPORTED_LOCALES and giving it a catalogue in
// messages/ (the compiler then names every missing key).

export const SUPPORTED_LOCALES = ['en', 'de'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a shopper's choice of language (set by the shop when they pick one). */
export const LOCALE_COOKIE = 'gc_locale';

/** The Intl locale dates, numbers and money are formatted in, per shop language. */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', de: 'de-DE' };

/** Names of the languages in themselves, for a language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/** 'de', 'de-AT' and 'DE-de' are all German; anything else we do not ship is null. */
export function normaliseLocale(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

export const intlLocale = (locale: Locale): string => INTL_LOCALES[locale];

/**
 * The best shipped language of an Accept-Language header ("de-CH, de;q=0.9, en;q=0.8"), by its
 * q-values (RFC 9110 12.5.4); null when it names none we ship. q=0 means "not this one".
 */
export function fromAcceptLanguage(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.range && r.weight > 0)
    // Highest q first; equal q keeps the header's order.
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) {
    const locale = normaliseLocale(r.range);
    if (locale) return locale;
  }
  return null;
}

export interface LocaleSources {
  /** The shop's pinned language (a setting); wins when set. */
  pinned?: string | null;
  /** `?locale=` on the URL. */
  query?: unknown;
  /** The language a shopper chose earlier (a cookie set when they picked one by URL). */
  remembered?: string | null;
  /** The request's Accept-Language header. */
  acceptLanguage?: string | null;
}

/**
 * The language of a request: the shop's setting when it pins one, then the URL, then what the
 * shopper chose before, then the browser's Accept-Language, then the default.
 */
export function resolveLocale(sources: LocaleSources): Locale {
  return (
    normaliseLocale(sources.pinned) ??
    normaliseLocale(sources.query) ??
    normaliseLocale(sources.remembered) ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}
