import type { Core } from '@strapi/strapi';
import { getConfig } from './config/get-config';
import { loginSyncMiddleware } from './http/login-sync';
import { specErrorShapeMiddleware } from './http/spec-error-shape';
import { loadUserDetailsAdapter } from './providers/user-details/load-adapter';
import { registerDevMailbox } from './web/dev-mailbox';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerCardViewRoutes } from './web/card-view';
import { registerStaticFiles } from './web/static-files';
import { registerEditorRoutes } from './web/editor/routes';

const register = ({ strapi }: { strapi: Core.Strapi }) => {
  registerDevMailbox(strapi);
  // Loading the adapter here makes a wrong SERVICE_USER_DETAILS_ADAPTER stop boot, not the first request.
  loadUserDetailsAdapter(strapi, getConfig(strapi));
  strapi.server.use(loginSyncMiddleware(strapi));
  strapi.server.use(specErrorShapeMiddleware());
  registerWebhookRoutes(strapi);
  registerCardViewRoutes(strapi);
  registerStaticFiles(strapi);
  registerEditorRoutes(strapi);
};

export default register;
