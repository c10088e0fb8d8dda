import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';

// Stripe signs the exact bytes it sent, so the webhook needs the request text as received, which
// Strapi's body middleware keeps only with `includeUnparsed`. A new app's config/middlewares lists a
// bare 'strapi::body'. The host's middleware list is the host's: the plugin does not rewrite it (that
// would change what every route of the app keeps in memory), it checks it at boot and says what to add.

const BODY = 'strapi::body';
export const UNPARSED_BODY_ENTRY = "{ name: 'strapi::body', config: { includeUnparsed: true } }";

export type MiddlewareEntry = string | { name?: string; resolve?: string; config?: Record<string, unknown> };

/** What the host's middleware list lacks for the webhook, or null when it has it. */
export function unparsedBodyProblem(middlewares: unknown): string | null {
  // No list at all: Strapi's defaults, whose bare strapi::body does not keep the text.
  const list: MiddlewareEntry[] = Array.isArray(middlewares) ? middlewares : [BODY];
  const body = list.find(
    (entry) => entry === BODY || (typeof entry === 'object' && entry !== null && entry.name === BODY),
  );
  if (typeof body === 'object' && body.config?.includeUnparsed === true) return null;
  const change = body
    ? `replace 'strapi::body' with ${UNPARSED_BODY_ENTRY}`
    : `add ${UNPARSED_BODY_ENTRY} (there is no 'strapi::body': no request body reaches the API either)`;
  return `config/middlewares.ts (or .js): ${change}. The payment webhook checks Stripe's signature over the exact request text, which Strapi keeps only with includeUnparsed.`;
}

/** Stops boot when Stripe is configured and its webhook could never verify; otherwise warns once. */
export function checkUnparsedBodyForWebhooks(strapi: Core.Strapi): void {
  const problem = unparsedBodyProblem(strapi.config.get('middlewares'));
  if (!problem) return;
  const config = getConfig(strapi);
  // Webhooks are verified whenever a webhook secret is set, in demo mode too.
  if (config.stripeSecretKey || config.stripeWebhookSecret) throw new Error(`[greeting-cards] ${problem}`);
  strapi.log.warn(
    `[greeting-cards] ${problem} Needed before Stripe payments are turned on (SERVICE_STRIPE_SECRET_KEY).`,
  );
}
