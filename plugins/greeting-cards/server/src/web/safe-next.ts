// Where to send someone after signing in: only a path on this site, never another origin
// ("//evil.example", "/\\evil.example", "https://...") and never back to the sign-in pages.

export const DEFAULT_AFTER_LOGIN = '/library/';

export function safeNext(raw: unknown, fallback = DEFAULT_AFTER_LOGIN): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > 2000) return fallback;
  if (/[\u0000-\u001f\\]/.test(raw) || raw.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, 'http://shop.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://shop.invalid') return fallback;
  if (/^\/(login|register|logout)\//.test(url.pathname)) return fallback;
  return url.pathname + url.search;
}
