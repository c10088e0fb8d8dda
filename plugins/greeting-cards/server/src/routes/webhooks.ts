import type { Core } from '@strapi/strapi';

// Routes outside /api. The handler is looked up per request so it always reaches the loaded controller.
export function registerWebhookRoutes(strapi: Core.Strapi): void {
  strapi.server.routes([
    {
      method: 'POST',
      path: '/payments/webhook',
      handler: (ctx: any) => (strapi.plugin('greeting-cards').controller('payments') as any).webhook(ctx),
      config: { auth: false },
    },
  ]);
}
