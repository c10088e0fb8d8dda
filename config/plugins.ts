import { secret } from '../src/config-helpers/secrets';

export default ({ env }: { env: any }) => ({
  'users-permissions': {
    config: {
      jwtSecret: secret(env, 'JWT_SECRET', 'dev-users-permissions-jwt-secret'),
      jwt: { expiresIn: '7d' },
      ratelimit: { enabled: env.bool('AUTH_RATE_LIMIT', true) },
    },
  },
  // The product. Every SERVICE_* environment variable is read by the plugin itself;
  // settings given here win over the environment.
  'greeting-cards': {
    enabled: true,
    resolve: './plugins/greeting-cards',
    config: {},
  },
});
