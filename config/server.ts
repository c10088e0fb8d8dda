import type { Core } from '@strapi/strapi';
import { secret } from '../src/config-helpers/secrets';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  // Behind a proxy or load balancer that ends TLS, set TRUST_PROXY=true: Koa then reads
  // X-Forwarded-Proto (so the session cookie is Secure) and X-Forwarded-For (the client address the
  // rate limits count). Strapi 5 reads `proxy.koa`; Strapi 4's `proxy: true` is ignored. Only the last
  // TRUST_PROXY_HOPS addresses of X-Forwarded-For are believed (one per proxy of yours), so a client
  // cannot pick its own address by sending the header itself.
  proxy: { koa: env.bool('TRUST_PROXY', false), maxIpsCount: env.int('TRUST_PROXY_HOPS', 1) },
  logger: {
    updates: { enabled: false },
    startup: { enabled: env.bool('STRAPI_STARTUP_LOG', true) },
  },
  app: {
    keys: secret(env, 'APP_KEYS', 'dev-app-key-one,dev-app-key-two').split(','),
  },
});
