import type { Core } from '@strapi/strapi';
import { registerWebhookRoutes } from './routes/webhooks';

const register = ({ strapi }: { strapi: Core.Strapi }) => {
  registerWebhookRoutes(strapi);
};

export default register;
