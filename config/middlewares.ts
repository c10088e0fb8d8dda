import type { Core } from '@strapi/strapi';

// With media on S3 (config/plugins.ts, UPLOAD_S3_*), pages show pictures from the bucket: its origins
// join img-src and media-src, as Strapi's S3 provider documentation asks.
function bucketOrigins(env: Core.Config.Shared.ConfigParams['env']): string[] {
  const bucket = env('UPLOAD_S3_BUCKET', '');
  const base = env('UPLOAD_S3_BASE_URL', '') || env('UPLOAD_S3_ENDPOINT', '');
  if (!bucket) return [];
  if (!base)
    return [
      `https://${bucket}.s3.amazonaws.com`,
      `https://${bucket}.s3.${env('UPLOAD_S3_REGION', 'us-east-1')}.amazonaws.com`,
    ];
  const url = new URL(base);
  const virtualHost = !env('UPLOAD_S3_BASE_URL', '') && !env.bool('UPLOAD_S3_FORCE_PATH_STYLE', false);
  return virtualHost ? [url.origin, `${url.protocol}//${bucket}.${url.host}`] : [url.origin];
}

function security(env: Core.Config.Shared.ConfigParams['env']) {
  const origins = bucketOrigins(env);
  if (origins.length === 0) return 'strapi::security';
  const sources = ["'self'", 'data:', 'blob:', 'market-assets.strapi.io', ...origins];
  return {
    name: 'strapi::security',
    config: { contentSecurityPolicy: { useDefaults: true, directives: { 'img-src': sources, 'media-src': sources } } },
  };
}

export default ({ env }: Core.Config.Shared.ConfigParams) => [
  // Strapi's request log, with e-card view tokens masked (they are passwords to the cards).
  'plugin::greeting-cards.access-log',
  'strapi::errors',
  security(env),
  // This app's own CORS (its admin API, users-permissions...). CORS_ORIGINS: comma-separated origins;
  // unset, Strapi's default. The plugin's routes follow SERVICE_CORS_ORIGINS instead.
  { name: 'strapi::cors', config: { origin: env.array('CORS_ORIGINS', ['*']) } },
  'strapi::poweredBy',
  'strapi::query',
  // The plugin's Stripe webhook checks a signature over the exact request text, which Strapi keeps only
  // with includeUnparsed (the plugin refuses to boot with Stripe configured and this missing).
  { name: 'strapi::body', config: { includeUnparsed: true } },
  // Strapi's default for the session cookie's `secure` is read from NODE_ENV once, when its module is
  // first loaded, and then holds for every later boot in that process; read here, it follows each boot's
  // own environment (a production boot in a test process left every later boot's provider sign-in
  // unable to set its cookie over http). Same value as Strapi's default.
  { name: 'strapi::session', config: { secure: env('NODE_ENV', 'development') === 'production' } },
  'strapi::favicon',
  'strapi::public',
];
