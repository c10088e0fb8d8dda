import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../uids';
import { getConfig } from '../config/get-config';
import { badRequest, conflict, notFound } from '../http/errors';
import { orderTotals, priceLine } from '../domain/pricing';
import { statesAllowing, transition } from '../domain/order-state';
import type { OrderStatus } from '../domain/enums';
import { orderStore } from './order-store';
import { orderView, OrderView } from './order-view';
import { isUniqueViolation } from './db-errors';
import { validateCartItem } from './cart-item-validation';
import { getService } from './get-service';

type Row = Record<string, any>;

// The cart and the order list. Checkout and payment live in services/checkout.ts and payments.ts.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = orderStore(strapi);
  const q = (uid: string) => strapi.db.query(uid as any);

  async function view(order: Row): Promise<OrderView> {
    return orderView(order, await store.items(order.id));
  }

  /** The user's cart, created when missing. The unique cart_key index settles a race: the loser re-reads. */
  async function cartOf(userId: number): Promise<Row> {
    const existing = await store.cartOf(userId);
    if (existing) return existing;
    try {
      return await q(UID.order).create({
        data: { uuid: crypto.randomUUID(), user: userId, status: 'cart', cart_key: userId, currency: getConfig(strapi).currency },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await store.cartOf(userId);
      if (!winner) throw error;
      return winner;
    }
  }

  /** Call under the cart's row lock (store.withLockedOrder). */
  async function recomputeCartTotals(orderId: number): Promise<void> {
    // Select the id too: with a relation filter Strapi de-duplicates rows over the selected columns,
    // so two items of the same price would otherwise count once.
    const items: Row[] = await q(UID.orderItem).findMany({ where: { order: { id: orderId } }, select: ['id', 'line_total_pence'] });
    await q(UID.order).update({ where: { id: orderId }, data: { ...orderTotals(items.map((i) => i.line_total_pence)), promo_code: null } });
  }

  async function ownedOrder(userId: number, uuid: string): Promise<Row> {
    const order = await store.byUuidOwned(userId, uuid);
    if (!order) throw notFound();
    return order;
  }

  return {
    view,
    cartOf,
    ownedOrder,

    async getCart(userId: number): Promise<OrderView> {
      return view(await cartOf(userId));
    },

    /** The one add-to-cart operation, shared by the API and the editor's send form. */
    async addToCart(userId: number, body: unknown, now = new Date()): Promise<OrderView> {
      const { input, recipient, addon } = await validateCartItem(strapi, userId, body, now);
      const price = priceLine(
        { delivery_method: input.delivery_method, gift_wrap: input.gift_wrap, gift_addon_price_pence: addon ? addon.price_pence : null },
        getConfig(strapi),
      );
      // Under the cart's row lock: a checkout either happened before (the order is no longer a cart,
      // so try the user's new cart) or waits until this item and the totals are in.
      for (let attempt = 0; attempt < 3; attempt++) {
        const cart = await cartOf(userId);
        const added = await store.withLockedOrder(cart.id, async (status) => {
          if (status !== 'cart') return false;
          // Counted under the lock, so parallel adds cannot overshoot the limit.
          const max = getConfig(strapi).cartMaxItems;
          if ((await q(UID.orderItem).count({ where: { order: { id: cart.id } } })) >= max) {
            throw badRequest(`A cart holds at most ${max} items. Check out or remove some first.`);
          }
          await q(UID.orderItem).create({
            data: {
              order: cart.id,
              card: input.card_id,
              recipient: recipient ? recipient.id : null,
              delivery_method: input.delivery_method,
              scheduled_for: input.scheduled_for,
              gift_addon: addon ? addon.id : null,
              gift_wrap: input.gift_wrap,
              ...price,
            },
          });
          await recomputeCartTotals(cart.id);
          return true;
        });
        if (added) return view((await store.byId(cart.id))!);
      }
      throw conflict('The cart is changing too fast. Please try again.');
    },

    async removeCartItem(userId: number, itemId: number): Promise<OrderView> {
      const cart = await store.cartOf(userId);
      if (!cart) throw notFound();
      const removed = await store.withLockedOrder(cart.id, async (status) => {
        const item = status === 'cart' ? await q(UID.orderItem).findOne({ where: { id: itemId, order: { id: cart.id } } }) : null;
        if (!item) return false;
        await q(UID.orderItem).delete({ where: { id: item.id } });
        await recomputeCartTotals(cart.id);
        return true;
      });
      if (!removed) throw notFound();
      return view((await store.byId(cart.id))!);
    },

    async list(userId: number, offset: number, limit: number): Promise<{ count: number; results: OrderView[] }> {
      const where = { user: { id: userId } };
      const [count, orders] = await Promise.all([
        q(UID.order).count({ where }),
        q(UID.order).findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset, limit }),
      ]);
      const items = await store.itemsByOrder(orders.map((o: Row) => o.id));
      return { count: Number(count), results: orders.map((o: Row) => orderView(o, items.get(o.id) ?? [])) };
    },

    /**
     * For fulfilment: once every delivery of a paid order is dispatched (sent or delivered), the order
     * becomes fulfilled. Safe to call after each dispatch and concurrently; true only for the call that
     * made the change.
     */
    async markFulfilledIfDispatched(orderId: number): Promise<boolean> {
      const items = await store.items(orderId);
      if (!items.length) return false;
      const deliveries: Row[] = await q(UID.delivery).findMany({ where: { order_item: { id: { $in: items.map((i) => i.id) } } }, select: ['id', 'status'] });
      const dispatched = deliveries.length === items.length && deliveries.every((d) => d.status === 'sent' || d.status === 'delivered');
      if (!dispatched) return false;
      return store.moveIf(orderId, statesAllowing('fulfil'), { status: 'fulfilled', fulfilled_at: new Date() });
    },

    async get(userId: number, uuid: string): Promise<OrderView> {
      return view(await ownedOrder(userId, uuid));
    },

    /**
     * Cancels a cart or an order awaiting payment. It is simply cancelled (never turned back into a
     * cart): a hosted payment page may still be open for it, and a cancelled order cannot be paid.
     */
    async cancel(userId: number, uuid: string): Promise<OrderView> {
      const order = await ownedOrder(userId, uuid);
      const move = transition(order.status as OrderStatus, 'cancel');
      if (!move.ok) throw conflict(move.reason);
      const done = await store.moveIf(order.id, [order.status], { status: move.to, cart_key: null, cancelled_at: new Date() });
      if (!done) throw conflict('This order changed while it was being cancelled. Please reload it.');
      await getService(strapi, 'payments').releaseSession(order);
      return view((await store.byId(order.id))!);
    },
  };
};
