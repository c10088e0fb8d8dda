import type { Core } from '@strapi/strapi';

// A host app's own order API, as many Strapi apps have: `api::order.order` with Strapi's core router
// at /api/orders. Added to the instance before it loads (startApp's beforeLoad), the way Strapi adds
// an app's src/api folders, so the host's routes are mounted exactly as a real app's would be.

export function addHostOrderApi(strapi: Core.Strapi): void {
  const { factories } = require('@strapi/strapi');
  strapi.get('apis').add('order', {
    config: {},
    contentTypes: {
      order: {
        schema: {
          kind: 'collectionType',
          collectionName: 'host_orders',
          info: { singularName: 'order', pluralName: 'orders', displayName: 'Order' },
          options: { draftAndPublish: false },
          attributes: { reference: { type: 'string' } },
        },
      },
    },
    routes: { order: factories.createCoreRouter('api::order.order') },
    controllers: { order: factories.createCoreController('api::order.order') },
    services: { order: factories.createCoreService('api::order.order') },
    policies: {},
    middlewares: {},
  });
}

/** Lets anonymous visitors list the host's orders (as a host's Public role would), so the route answers 200. */
export async function allowPublicHostOrders(strapi: Core.Strapi): Promise<void> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
  for (const action of ['api::order.order.find', 'api::order.order.findOne']) {
    await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
  }
}
