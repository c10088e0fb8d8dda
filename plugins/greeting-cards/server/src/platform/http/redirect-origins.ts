import { msg, type FieldErrors } from '../errors';

// Return addresses given by callers (success_url, cancel_url, return_url) are sent to the payment
// provider, which redirects the buyer there: left open, a link to our checkout could land a shopper on
// any site. Only the public URL's origin and the listed ones are allowed; origins are compared
// exactly (scheme, host and port), so neither http:// nor a look-alike host passes.

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The allowed origins: the public URL's, then each comma-separated entry of the setting. */
export function allowedOrigins(publicUrl: string, listed: string): Set<string> {
  const origins = [publicUrl, ...listed.split(',')]
    .map((s) => s.trim())
    .filter(Boolean)
    .map(originOf);
  return new Set(origins.filter((o): o is string => o !== null));
}

/** A 400 message for each given URL that leads elsewhere. */
export function redirectErrors(urls: Record<string, string | null | undefined>, allowed: Set<string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, url] of Object.entries(urls)) {
    if (url === undefined || url === null) continue;
    const origin = originOf(url);
    if (!origin || !allowed.has(origin))
      errors[field] = [msg('error.redirect_not_allowed', { origins: [...allowed].join(' or ') })];
  }
  return errors;
}
