// Where to send someone after signing in: only a path on this site, never another origin
// ("//evil.example", "/\\evil.example", "https://...") and never back to the sign-in pages.
// The value is normalised first (dot segments, %2e, as a browser resolves them) and judged after:
// "/.//evil.example" passes a check on the raw text but normalises to "//evil.example", which a
// browser reads as another host.

export const DEFAULT_AFTER_LOGIN = '/library/';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const BASE = 'http://shop.invalid';

/** The path and query a browser would request for `raw` on this site, or null when it leaves it. */
function normalisedPath(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search;
  // After normalisation the path must still start with exactly one slash; "//x" and "/\x" are
  // scheme-relative to a browser. Encoded slashes and backslashes (%2f, %5c) stay encoded in a
  // Location header and are harmless, but nothing of ours needs them either.
  if (!/^\/(?![/\\])/.test(path) || /%(2f|5c)/i.test(url.pathname)) return null;
  // Judged once more, the result must be itself: nothing left for a second normalisation to undo.
  try {
    const again = new URL(path, BASE);
    if (again.origin !== BASE || again.pathname + again.search !== path) return null;
  } catch {
    return null;
  }
  return path;
}

/**
 * `base` is the storefront's base path ('' at the root, `/shop`): the fallback is its library page and
 * its sign-in pages are refused. Any other path of this site stays allowed (it may be the host's).
 */
export function safeNext(raw: unknown, base = ''): string {
  const fallback = `${base}${DEFAULT_AFTER_LOGIN}`;
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > 2000) return fallback;
  // Control characters are dropped by URL parsing (so "/\t/x" would become "//x"); backslashes are
  // read as slashes by browsers. Refused before parsing, as they have no place in our own links.
  if (/[\u0000-\u001f\u007f\\]/.test(raw) || raw.startsWith('//')) return fallback;
  const path = normalisedPath(raw);
  if (!path) return fallback;
  if (new RegExp(`^${escapeRegExp(base)}/(login|register|logout)/`, 'i').test(path)) return fallback;
  return path;
}
