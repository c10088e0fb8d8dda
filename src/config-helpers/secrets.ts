import type { Core } from '@strapi/strapi';

// Development and test fall back to fixed, public secrets so `npm run develop` works with no .env.
// Every other environment (production, but also staging or a typo) must set every secret: starting
// with a published default would be a security hole.
export function secret(env: Core.Config.Shared.ConfigParams['env'], name: string, devDefault: string): string {
  const value: string = env(name, '');
  if (value) return value;
  const nodeEnv: string = env('NODE_ENV', 'development');
  if (nodeEnv !== 'development' && nodeEnv !== 'test') {
    throw new Error(`${name} must be set when NODE_ENV=${nodeEnv} (see .env.example)`);
  }
  return devDefault;
}
