import type { Core } from '@strapi/strapi';

// Stripe signs the exact bytes it sent, so the webhook needs the request text as received, which
// Strapi's body middleware keeps only with `includeUnparsed`. A new app's config/middlewares lists a
// bare 'strapi::body'. The plugin's register() runs before Strapi builds its middlewares (that happens
// in bootstrap), so turning the option on here means the host needs no change for the webhook.

const BODY = 'strapi::body';

export type MiddlewareEntry = string | { name?: string; resolve?: string; config?: Record<string, unknown> };

/** The list with `includeUnparsed: true` on strapi::body (other options kept); `found` is false when it is missing. */
export function keepUnparsedBody(middlewares: readonly MiddlewareEntry[]): { middlewares: MiddlewareEntry[]; found: boolean } {
  let found = false;
  const updated = middlewares.map((entry) => {
    if (entry === BODY) {
      found = true;
      return { name: BODY, config: { includeUnparsed: true } };
    }
    if (typeof entry === 'object' && entry !== null && entry.name === BODY) {
      found = true;
      return { ...entry, config: { ...(entry.config ?? {}), includeUnparsed: true } };
    }
    return entry;
  });
  return { middlewares: updated, found };
}

export function keepUnparsedBodyForWebhooks(strapi: Core.Strapi): void {
  const current = strapi.config.get('middlewares') as MiddlewareEntry[] | undefined;
  // No list at all: Strapi uses its defaults, which include strapi::body.
  const { middlewares, found } = keepUnparsedBody(Array.isArray(current) ? current : []);
  if (!Array.isArray(current)) return;
  if (!found) {
    strapi.log.warn(
      "[greeting-cards] config/middlewares.ts has no 'strapi::body': no request body reaches the API or the payment webhook. Add 'strapi::body' back to the list."
    );
    return;
  }
  strapi.config.set('middlewares', middlewares);
}
