import type { Core } from '@strapi/strapi';
import { secret } from '../src/config-helpers/secrets';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  auth: { secret: secret(env, 'ADMIN_JWT_SECRET', 'dev-admin-jwt-secret') },
  apiToken: { salt: secret(env, 'API_TOKEN_SALT', 'dev-api-token-salt') },
  transfer: { token: { salt: secret(env, 'TRANSFER_TOKEN_SALT', 'dev-transfer-token-salt') } },
  secrets: { encryptionKey: secret(env, 'ENCRYPTION_KEY', 'dev-encryption-key-0123456789abcdef') },
  flags: { nps: false, promoteEE: false },
  // The Content Manager's preview panel for card templates frames the shop's template page: a draft's
  // through the plugin's signed, short-lived preview token, a published one at its shop address.
  // Strapi asks for the URL through an admin-only route, so shoppers never get a draft's link. The URL
  // is absolute on the admin's own origin (the same server serves both), which 'self' lets the admin
  // frame (Strapi adds allowedOrigins to its CSP frame-src) and the shop lets frame it.
  preview: {
    enabled: env.bool('ADMIN_PREVIEW_ENABLED', true),
    config: {
      allowedOrigins: ["'self'"],
      async handler(uid: string, { documentId, status }: { documentId: string; locale?: string; status?: string }) {
        if (uid !== 'plugin::greeting-cards.template') return null;
        const catalogue = strapi.plugin('greeting-cards').service('catalogue');
        const link = await catalogue.previewLink(documentId, status === 'published' ? 'published' : 'draft');
        return link?.page_url ?? null;
      },
    },
  },
});
