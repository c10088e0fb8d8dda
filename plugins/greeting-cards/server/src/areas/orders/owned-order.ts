import type { Core } from '@strapi/strapi';
import { notFound } from '../../platform/errors';
import { orderView, type OrderView } from './serializer';
import { orderStore } from './order-store';
import type { Row } from '../../platform/db/query';

// Reads shared by the orders, checkout and payments services, so none of them has to call another
// service for them (which made orders and payments depend on each other).

/** The user's order, or the 404 error (another user's order is "not found" too). */
export async function ownedOrder(strapi: Core.Strapi, userId: number, uuid: string): Promise<Row> {
  const order = await orderStore(strapi).byUuidOwned(userId, uuid);
  if (!order) throw notFound();
  return order;
}

/** The order with its items, in the wire format. */
export async function viewOrder(strapi: Core.Strapi, order: Row): Promise<OrderView> {
  return orderView(order, await orderStore(strapi).items(order.id));
}
