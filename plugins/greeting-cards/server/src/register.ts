import type { Core } from '@strapi/strapi';
import { registerDevMailbox } from './web/dev-mailbox';
import { registerWebhookRoutes } from './routes/webhooks';

const register = ({ strapi }: { strapi: Core.Strapi }) => {
  registerDevMailbox(strapi);
  registerWebhookRoutes(strapi);
};

export default register;
