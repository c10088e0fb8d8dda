import type { Core } from '@strapi/strapi';
import { getConfig } from './config/get-config';
import { loginSyncMiddleware } from './http/login-sync';
import { loadUserDetailsAdapter } from './providers/user-details/load-adapter';

const register = ({ strapi }: { strapi: Core.Strapi }) => {
  const config = getConfig(strapi);
  // Loading the adapter here makes a wrong SERVICE_USER_DETAILS_ADAPTER stop boot, not the first request.
  loadUserDetailsAdapter(strapi, config);
  strapi.server.use(loginSyncMiddleware(strapi));
};

export default register;
