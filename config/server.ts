import type { Core } from '@strapi/strapi';
import { secret } from '../src/config-helpers/secrets';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  logger: {
    updates: { enabled: false },
    startup: { enabled: env.bool('STRAPI_STARTUP_LOG', true) },
  },
  app: {
    keys: secret(env, 'APP_KEYS', 'dev-app-key-one,dev-app-key-two').split(','),
  },
});
