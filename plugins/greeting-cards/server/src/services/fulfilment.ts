import type { Core } from '@strapi/strapi';

// Fulfilment sends what a paid order bought. Payment completion calls startOrder exactly once per
// order, after the order and its delivery records are committed. Sending itself comes later.
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async startOrder(orderId: number): Promise<void> {
    strapi.log.info(`[greeting-cards] fulfilment started for order ${orderId}`);
  },
});
