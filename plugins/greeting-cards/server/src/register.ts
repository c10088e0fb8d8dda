import type { Core } from '@strapi/strapi';
import { loginSyncMiddleware } from './http/login-sync';
import { specErrorShapeMiddleware } from './http/spec-error-shape';
import { corsOriginsMiddleware } from './http/cors-origins';
import { providers } from './providers/registry';
import { registerDevMailbox } from './web/dev-mailbox';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerStorefront } from './web';
import { registerEditorRoutes } from './web/editor/routes';
import { checkUnparsedBodyForWebhooks } from './host/raw-body';
import { requireUsersPermissions } from './host/users-permissions';
import { requireSupportedDatabase } from './host/database-client';
import { limitUsersPermissionsAuthRoutes } from './http/auth-rate-limit';
import { registerCustomFields } from './custom-fields';
import { registerTemplateDesignRules } from './content-manager/template-design-rules';
import { registerKeepLinksOnUnpublish } from './content-manager/keep-links-on-unpublish';
import { applyApiPrefix } from './mount/api-prefix';
import { checkOverrideDir } from './web/view-files';
import { useEmailViewsOf } from './emails/views';

const register = ({ strapi }: { strapi: Core.Strapi }) => {
  requireUsersPermissions(strapi);
  requireSupportedDatabase(strapi);
  limitUsersPermissionsAuthRoutes(strapi);
  checkUnparsedBodyForWebhooks(strapi);
  // The mount points first: every route registered below is placed by them.
  applyApiPrefix(strapi);
  checkOverrideDir(strapi);
  useEmailViewsOf(strapi);
  registerCustomFields(strapi);
  registerDevMailbox(strapi);
  // Loading the adapter here makes a wrong SERVICE_USER_DETAILS_ADAPTER stop boot, not the first request.
  providers(strapi).build(['userDetails']);
  strapi.server.use(corsOriginsMiddleware(strapi));
  strapi.server.use(loginSyncMiddleware(strapi));
  strapi.server.use(specErrorShapeMiddleware(strapi));
  registerWebhookRoutes(strapi);
  registerStorefront(strapi);
  registerEditorRoutes(strapi);
  registerTemplateDesignRules(strapi);
  registerKeepLinksOnUnpublish(strapi);
};

export default register;
