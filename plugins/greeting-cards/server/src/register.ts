import type { Core } from '@strapi/strapi';
import { loginSyncMiddleware } from './platform/http/login-sync';
import { specErrorShapeMiddleware } from './platform/http/spec-error-shape';
import { corsOriginsMiddleware } from './platform/http/cors-origins';
import { providers } from './platform/providers/registry';
import { registerDevMailbox } from './areas/operations/dev-mailbox';
import { registerWebhookRoutes } from './areas/payments/webhook-routes';
import { registerStorefront } from './pages';
import { registerEditorRoutes } from './areas/cards/editor/pages';
import { registerMessageRoutes } from './areas/media-messages';
import { checkUnparsedBodyForWebhooks } from './platform/host/raw-body';
import { requireUsersPermissions } from './platform/host/users-permissions';
import { requireSupportedDatabase } from './platform/host/database-client';
import { limitUsersPermissionsAuthRoutes } from './platform/http/auth-rate-limit';
import { expireUsersPermissionsResetCodes } from './areas/accounts/users-permissions-links';
import { registerCustomFields } from './platform/designs/canvas-data-field';
import { registerTemplateDesignRules } from './areas/catalogue/content-manager/template-design-rules';
import { registerKeepLinksOnUnpublish } from './areas/catalogue/content-manager/keep-links-on-unpublish';
import { applyApiPrefix } from './platform/mount/api-prefix';
import { checkOverrideDir } from './platform/web/view-files';
import { useEmailViewsOf } from './platform/email/views';
import { poolSmtpConnections } from './platform/host/smtp-pool';

const register = ({ strapi }: { strapi: Core.Strapi }) => {
  requireUsersPermissions(strapi);
  requireSupportedDatabase(strapi);
  limitUsersPermissionsAuthRoutes(strapi);
  expireUsersPermissionsResetCodes(strapi);
  checkUnparsedBodyForWebhooks(strapi);
  // The mount points first: every route registered below is placed by them.
  applyApiPrefix(strapi);
  checkOverrideDir(strapi);
  useEmailViewsOf(strapi);
  // Before the e-mail plugin's bootstrap makes its transport from these options.
  poolSmtpConnections(strapi);
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
  registerMessageRoutes(strapi);
  registerTemplateDesignRules(strapi);
  registerKeepLinksOnUnpublish(strapi);
};

export default register;
