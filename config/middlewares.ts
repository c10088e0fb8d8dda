import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams) => [
  // Strapi's request log, with e-card view tokens masked (they are passwords to the cards).
  'plugin::greeting-cards.access-log',
  'strapi::errors',
  'strapi::security',
  // This app's own CORS (its admin API, users-permissions...). CORS_ORIGINS: comma-separated origins;
  // unset, Strapi's default. The plugin's routes follow SERVICE_CORS_ORIGINS instead.
  { name: 'strapi::cors', config: { origin: env.array('CORS_ORIGINS', ['*']) } },
  'strapi::poweredBy',
  'strapi::query',
  // The plugin's Stripe webhook checks a signature over the exact request text, which Strapi keeps only
  // with includeUnparsed (the plugin refuses to boot with Stripe configured and this missing).
  { name: 'strapi::body', config: { includeUnparsed: true } },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
