// Where a design's images may come from: our local uploads (/uploads/..., optionally written with the
// public URL in front) or a remote upload provider's URLs, judged against an allow-list of URL
// prefixes. The allow-list is derived from the upload provider's config (upload-origins.ts) plus the
// uploadImageOrigins setting. Pure: no I/O.

/** What the design checks, the renderer and cropping need to judge an image src. */
export interface ImageSourceRules {
  /** SERVICE_PUBLIC_URL: `{publicUrl}/uploads/...` is a local upload too. */
  publicUrl: string;
  /** Absolute URL prefixes (scheme, host, port, path ending in /) a remote image must start with. */
  remotePrefixes: readonly string[];
}

export type ImageSource = { kind: 'local'; path: string } | { kind: 'remote'; url: string };

const LOCAL_PATH = /^\/uploads\/[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;
// A provider's object key: no query, fragment, credentials, encoded slashes or dot segments.
const REMOTE_PATH = /^\/[A-Za-z0-9._~%+-]+(?:\/[A-Za-z0-9._~%+-]+)*$/;

/** Normalises a prefix setting or derived value: absolute http(s), ending in exactly one slash. */
export function normalisePrefix(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash)
    return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/`;
}

/** Classifies an image src; null when it is neither one of our uploads nor an allowed remote URL. */
export function classifyImageSource(src: unknown, rules: ImageSourceRules): ImageSource | null {
  if (typeof src !== 'string' || src.length > 2048) return null;
  const base = rules.publicUrl.replace(/\/+$/, '');
  const local = base && src.startsWith(`${base}/`) ? src.slice(base.length) : src;
  if (LOCAL_PATH.test(local) && !local.split('/').includes('..')) return { kind: 'local', path: local };
  if (!/^https?:\/\//i.test(src)) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  // The URL must be written in its normal form, so what we check is exactly what gets fetched.
  if (url.href !== src || url.username || url.password || url.search || url.hash) return null;
  if (
    !REMOTE_PATH.test(url.pathname) ||
    /%2f|%5c|%2e/i.test(url.pathname) ||
    url.pathname.split('/').some((s) => s === '.' || s === '..')
  )
    return null;
  return rules.remotePrefixes.some((prefix) => src.startsWith(prefix)) ? { kind: 'remote', url: src } : null;
}

/** True when `url` is an image the renderer may fetch from a remote upload provider. */
export function isAllowedRemoteImage(url: string, rules: ImageSourceRules): boolean {
  return classifyImageSource(url, rules)?.kind === 'remote';
}
