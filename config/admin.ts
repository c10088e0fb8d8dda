import type { Core } from '@strapi/strapi';
import { secret } from '../src/config-helpers/secrets';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  auth: { secret: secret(env, 'ADMIN_JWT_SECRET', 'dev-admin-jwt-secret') },
  apiToken: { salt: secret(env, 'API_TOKEN_SALT', 'dev-api-token-salt') },
  transfer: { token: { salt: secret(env, 'TRANSFER_TOKEN_SALT', 'dev-transfer-token-salt') } },
  secrets: { encryptionKey: secret(env, 'ENCRYPTION_KEY', 'dev-encryption-key-0123456789abcdef') },
  flags: { nps: false, promoteEE: false },
});
