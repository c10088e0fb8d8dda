import type { Core } from '@strapi/strapi';
import register from './register';
import bootstrap from './bootstrap';
import destroy from './destroy';
import config from './config';
import contentTypes from './content-types';
import routes from './routes';
import controllers from './controllers';
import services from './services';
import policies from './policies';
import { nulBytesMiddleware } from './http/nul-bytes';
import { rateLimitMiddleware } from './http/rate-limit';
import { accessLogMiddleware } from './http/access-log';
import { csrfMiddleware } from './web/csrf';

export default {
  register,
  bootstrap,
  destroy,
  config,
  contentTypes,
  routes,
  controllers,
  services,
  policies,
  middlewares: {
    'nul-bytes': (_config: unknown, { strapi }: { strapi: Core.Strapi }) => nulBytesMiddleware(strapi),
    // On every /api route of ours (routes/define.ts): decided on the route the router picked.
    csrf: csrfMiddleware,
    'rate-limit': rateLimitMiddleware,
    // Used by the host's config/middlewares.ts in place of 'strapi::logger'.
    'access-log': accessLogMiddleware,
  },
};
