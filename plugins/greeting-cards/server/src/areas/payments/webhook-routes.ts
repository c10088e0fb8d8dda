import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../platform/http/respond';
import { registerOwnRoutes } from '../../platform/http/own-routes';

type WebhookController = { webhook(ctx: Ctx): Promise<void> };

// Routes outside /api. The handler is looked up per request so it always reaches the loaded controller.
export function registerWebhookRoutes(strapi: Core.Strapi): void {
  registerOwnRoutes(strapi, [
    {
      method: 'POST',
      path: '/payments/webhook',
      handler: (ctx: Ctx) =>
        (strapi.plugin('greeting-cards').controller('payments') as unknown as WebhookController).webhook(ctx),
      config: { auth: false },
    },
  ]);
}
