import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../../platform/uids';
import { getConfig } from '../../platform/config/get-config';
import { conflict, fieldErrors, notFound } from '../../platform/errors';
import { orderTotals, priceLine } from './rules/pricing';
import { addOnColumns, messageAddOns } from './message-add-on';
import { statesAllowing, transition } from './rules/order-state';
import { WAITING_STATES } from '../../platform/deliveries/delivery-state';
import type { OrderStatus } from '../../platform/enums';
import { orderStore } from './order-store';
import { orderView, OrderView } from './serializer';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { ecardExtras, validateCartItem } from './cart-item-validation';
import { ownedCardRecipientAndCart } from './owned-records';
import { pagedRowsCountingLast } from '../../platform/db/paged-rows';
import type { PageRequest } from '../../platform/http/pagination';
import type { AddToCartInput } from './rules/cart-input';
import { ownedOrder as findOwnedOrder, viewOrder } from './owned-order';
import { releaseSession } from '../../platform/providers/payment/payment-session';
import { query, tableOf, type Row } from '../../platform/db/query';
import { insertTogether, writeTogether } from '../../platform/db/bulk-rows';
import { getService } from '../../platform/get-service';
import { bulkLines, cartEntries, cartFull, validateBulk } from './bulk-send';
import type { Locale } from '../../platform/i18n/locales';
import { msg } from '../../platform/i18n/format-message';
import { isSqlite, isPostgres } from '../../platform/db/dialect';

// The cart and the order list. Checkout and payment live in checkout-service.ts and payments-service.ts.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = orderStore(strapi);
  const q = (uid: string) => query(strapi, uid);

  const view = (order: Row): Promise<OrderView> => viewOrder(strapi, order);

  /** The user's cart, created when missing. The unique cart_key index settles a race: the loser re-reads. */
  async function cartOf(userId: number, locale?: Locale): Promise<Row> {
    const existing = await store.cartOf(userId);
    if (existing) return existing;
    try {
      return await q(UID.order).create({
        data: {
          uuid: crypto.randomUUID(),
          user: userId,
          status: 'cart',
          cart_key: userId,
          currency: getConfig(strapi).currency,
          locale: locale ?? null,
        },
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
    const items: Row[] = await q(UID.orderItem).findMany({
      where: { order: { id: orderId } },
      select: ['id', 'line_total_pence'],
    });
    await q(UID.order).updateMany({
      where: { id: orderId },
      data: { ...orderTotals(items.map((i) => i.line_total_pence)), promo_code: null, updatedAt: new Date() },
    });
  }

  const ownedOrder = (userId: number, uuid: string): Promise<Row> => findOwnedOrder(strapi, userId, uuid);

  /**
   * Runs `fn` on the user's cart under its row lock, with the items it holds (read under the lock, so
   * parallel adds cannot overshoot the limit, which is checked here). A checkout either happened before
   * (the order is no longer a cart, so the user's new cart is used) or waits until `fn` is done.
   * One transaction: the cart is found and locked in one read (PostgreSQL FOR UPDATE; SQLite runs one
   * write transaction at a time); when the user has none, it is made in the same transaction (its row
   * with createMany, its user link written together with the first item's, `newCart.userLink`). Two
   * first adds racing: the unique cart_key index refuses the second, whose transaction rolls back and
   * runs again on the winner's cart.
   * `unwritten`: a new cart's row is not written here but handed to `fn` as `newCart.row` (its `id`
   * undefined), for `fn` to write with its own statement (add-to-cart on PostgreSQL: one round trip).
   */
  /** A new, empty cart's row for the user (attribute names). */
  function newCartRow(userId: number, locale?: Locale): Row {
    const now = new Date();
    return {
      uuid: crypto.randomUUID(),
      status: 'cart',
      cart_key: userId,
      currency: getConfig(strapi).currency,
      locale: locale ?? null,
      subtotal_pence: 0,
      discount_pence: 0,
      total_pence: 0,
      promo_code: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  async function onLockedCart<T>(
    userId: number,
    fn: (cart: Row, items: Row[], newCart: { userLink: Array<[number, number]>; row?: Row }) => Promise<T>,
    locale?: Locale,
    unwritten = false,
  ): Promise<T> {
    const postgres = isPostgres(strapi);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await strapi.db.transaction(async () => {
          const find = strapi.db.entityManager.createQueryBuilder(UID.order).where({ cart_key: userId }).first();
          if (postgres) find.forUpdate();
          const found = (await find.execute()) as Row | null;
          const max = getConfig(strapi).cartMaxItems;
          if (found) {
            const items = await store.items(found.id);
            if (cartEntries(items) >= max) throw cartFull(max);
            return fn(found, items, { userLink: [] });
          }
          const data = newCartRow(userId, locale);
          if (unwritten) return fn({ ...data }, [], { userLink: [], row: data });
          const { ids } = (await q(UID.order).createMany({ data: [data] })) as { ids: number[] };
          const cart = { ...data, id: ids[0] };
          return fn(cart, [], { userLink: [[cart.id, userId]] });
        });
      } catch (error) {
        // Another first add made the cart meanwhile: try again on it.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw conflict(msg('error.cart_busy'));
  }

  /** Bulk send (areas/orders/bulk-send.ts): every line in, or none, under the cart's row lock. */
  async function addManyToCart(userId: number, input: AddToCartInput, locale?: Locale): Promise<OrderView> {
    const bulk = await validateBulk(strapi, userId, input);
    const addOn = (await messageAddOns(strapi, userId, [input.card_id]))(input.card_id);
    const price = {
      ...priceLine(
        {
          delivery_method: input.delivery_method,
          gift_wrap: input.gift_wrap,
          gift_addon_price_pence: bulk.addon ? bulk.addon.price_pence : null,
          media_message_pence: addOn?.pence,
        },
        getConfig(strapi),
      ),
      ...addOnColumns(addOn),
    };
    const cartId = await onLockedCart(
      userId,
      async (cart, _items, newCart) => {
        await writeTogether(strapi, [{ uid: UID.order, name: 'user', pairs: newCart.userLink }]);
        for (const data of bulkLines(cart.id, input, bulk, price)) await q(UID.orderItem).create({ data });
        await recomputeCartTotals(cart.id);
        if (locale && cart.locale !== locale)
          await q(UID.order).updateMany({ where: { id: cart.id }, data: { locale } });
        return cart.id as number;
      },
      locale,
    );
    return view((await store.byId(cartId))!);
  }

  /** Moves to fulfilled those of `orderIds` whose deliveries have all gone out; returns the ones this call moved. */
  async function fulfilDispatched(orderIds: number[]): Promise<number[]> {
    const unique = [...new Set(orderIds)];
    // One order (a lone e-card's, a bulk send's batch) on PostgreSQL, alone: the completion check is a
    // condition of the move, one statement carrying its own change notice (was a read and the move).
    if (unique.length === 1 && !isSqlite(strapi) && !strapi.db.inTransaction()) {
      const { moved } = await store.moveIfWith(
        unique[0],
        statesAllowing('fulfil'),
        { status: 'fulfilled', fulfilled_at: new Date() },
        { when: store.dispatchedCondition() },
      );
      return moved ? unique : [];
    }
    const done = await store.dispatchedAmong(unique);
    const moveAll = async () => {
      const moved: number[] = [];
      for (const id of done) {
        if (await store.moveIf(id, statesAllowing('fulfil'), { status: 'fulfilled', fulfilled_at: new Date() }))
          moved.push(id);
      }
      return moved;
    };
    // Several orders of a batch: their moves in one transaction, whose COMMIT carries the one change
    // notice on PostgreSQL (alone, each move's notice is a round trip of its own).
    return done.length > 1 && !strapi.db.inTransaction() ? strapi.db.transaction(moveAll) : moveAll();
  }

  return {
    view,
    cartOf,
    ownedOrder,

    /**
     * A card's video or voice message was saved or removed (by its owner or the shop): the card's lines
     * in a basket are repriced with or without the add-on, under the cart's lock, so the basket shows
     * what checkout will charge. Checkout reprices on its own too; orders past the cart never change.
     */
    async refreshMessageAddOn(cardId: number): Promise<void> {
      const lines: Row[] = await q(UID.orderItem).findMany({
        where: { card: { id: cardId }, order: { status: 'cart' } },
        select: ['id'],
        populate: { order: { select: ['id'], populate: { user: { select: ['id'] } } } },
      });
      const carts = new Map<number, number>();
      for (const line of lines) if (line.order?.user?.id) carts.set(line.order.id, line.order.user.id);
      for (const [orderId, userId] of carts) {
        const addOn = (await messageAddOns(strapi, userId, [cardId]))(cardId);
        await store.withLockedOrder(orderId, async (status) => {
          if (status !== 'cart') return;
          const items: Row[] = await q(UID.orderItem).findMany({
            where: { order: { id: orderId }, card: { id: cardId } },
            select: ['id', 'line_total_pence', 'media_message_pence', 'media_message_free'],
          });
          const columns = addOnColumns(addOn);
          const changed = items.filter(
            (i) =>
              (i.media_message_pence ?? null) !== columns.media_message_pence ||
              Boolean(i.media_message_free) !== columns.media_message_free,
          );
          for (const item of changed) {
            const total =
              Number(item.line_total_pence ?? 0) - Number(item.media_message_pence ?? 0) + (addOn?.pence ?? 0);
            await q(UID.orderItem).updateMany({
              where: { id: item.id },
              data: { ...columns, line_total_pence: total },
            });
          }
          if (changed.length) await recomputeCartTotals(orderId);
        });
      }
    },

    async getCart(userId: number): Promise<OrderView> {
      return view(await cartOf(userId));
    },

    /**
     * The one add-to-cart operation, shared by the API and the editor's send form. `locale` is the
     * shop language of the request: the cart keeps the latest, and its e-mails are written in it.
     */
    async addToCart(userId: number, input: AddToCartInput, locale?: Locale): Promise<OrderView> {
      if (input.recipient_tag) {
        // Everyone in a group, as they are now: the same as listing their ids.
        const people = await getService(strapi, 'recipientTags').recipientsWithTag(userId, input.recipient_tag);
        if (!people.length)
          throw fieldErrors({ recipient_tag: [msg('error.recipient_tag_nobody', { tag: input.recipient_tag })] });
        return addManyToCart(userId, { ...input, recipient_tag: null, recipient_ids: people.map((r) => r.id) }, locale);
      }
      if (input.recipient_ids?.length) return addManyToCart(userId, input, locale);
      const postgres = isPostgres(strapi);
      // PostgreSQL: the card, the recipient and whether there is a cart, in one read.
      const owned = postgres
        ? await ownedCardRecipientAndCart(strapi, userId, input.card_id, input.recipient_id ?? null)
        : null;
      const {
        card,
        recipient,
        addon,
        envelope,
        scheduledFor: asked,
      } = await validateCartItem(strapi, userId, input, owned ?? undefined);
      // A chosen method or arrive-by date: priced and dated by the shipping service (never by the client);
      // an arrive-by card waits (scheduled_for) until the day it must go to the printer.
      const shipping =
        input.delivery_method === 'post' && (input.shipping_method || input.arrive_by)
          ? await getService(strapi, 'shipping').choose({
              product: String(card.product || getConfig(strapi).defaultProduct),
              country: String(recipient?.country || 'GB').toUpperCase(),
              method: input.shipping_method,
              arriveBy: input.arrive_by,
            })
          : null;
      const scheduledFor = shipping?.arrive_by && shipping.submit_at > new Date() ? shipping.submit_at : asked;
      const addOn = (await messageAddOns(strapi, userId, [card.id as number]))(card.id as number);
      const base = priceLine(
        {
          delivery_method: input.delivery_method,
          gift_wrap: input.gift_wrap,
          gift_addon_price_pence: addon ? addon.price_pence : null,
          media_message_pence: addOn?.pence,
        },
        getConfig(strapi),
      );
      const extra = shipping?.shipping_pence ?? 0;
      const price = { ...base, line_total_pence: base.line_total_pence + extra, ...addOnColumns(addOn) };
      const writeLine = async (
        cart: Row,
        items: Row[],
        newCart: { userLink: Array<[number, number]>; row?: Row },
      ): Promise<OrderView> => {
        // The line's row in one INSERT; its relations and the cart's totals written together after it.
        const now = new Date();
        const data = {
          ...(shipping
            ? {
                shipping_method: shipping.shipping_method,
                shipping_pence: shipping.shipping_pence,
                shipping_price_source: shipping.shipping_price_source,
                arrive_by: shipping.arrive_by,
                arrives_from: shipping.arrives_from,
                arrives_to: shipping.arrives_to,
              }
            : {}),
          delivery_method: input.delivery_method,
          scheduled_for: scheduledFor,
          gift_wrap: input.gift_wrap,
          ...ecardExtras(input, envelope),
          ...price,
          createdAt: now,
          updatedAt: now,
        };
        // The cart as it now stands, from what is in hand: no need to read it back.
        const line = { ...data, card, recipient, gift_addon: addon };
        const totals = {
          ...orderTotals([...items, line].map((i) => i.line_total_pence)),
          promo_code: null,
          ...(locale ? { locale } : {}),
        };
        if (postgres) {
          // PostgreSQL: a new cart's row, the line's, their links and (an existing cart) its totals in
          // ONE statement, the new rows' ids from its answer.
          const cartRef = newCart.row ? { row: 'cart' } : (cart.id as number);
          const ids = await insertTogether(
            strapi,
            [
              ...(newCart.row ? [{ alias: 'cart', uid: UID.order, data: { ...newCart.row, ...totals } }] : []),
              { alias: 'line', uid: UID.orderItem, data },
            ],
            [
              ...(newCart.row ? [{ uid: UID.order, name: 'user', own: { row: 'cart' }, other: userId }] : []),
              { uid: UID.orderItem, name: 'order', own: { row: 'line' }, other: cartRef },
              { uid: UID.orderItem, name: 'card', own: { row: 'line' }, other: card.id as number },
              ...(recipient
                ? [{ uid: UID.orderItem, name: 'recipient', own: { row: 'line' }, other: recipient.id as number }]
                : []),
              ...(addon
                ? [{ uid: UID.orderItem, name: 'gift_addon', own: { row: 'line' }, other: addon.id as number }]
                : []),
            ],
            newCart.row
              ? undefined
              : (knex) =>
                  knex(tableOf(strapi, UID.order))
                    .where({ id: cart.id })
                    .update({ ...totals, updated_at: now }),
            now,
          );
          const id = newCart.row ? ids.cart : cart.id;
          return orderView({ ...cart, id, ...totals }, [...items, { ...line, id: ids.line }]);
        }
        const { ids } = (await q(UID.orderItem).createMany({ data: [data] })) as { ids: number[] };
        const created = { ...data, id: ids[0] };
        const all = [...items, { ...line, id: created.id }];
        const item = UID.orderItem;
        const links = [
          { uid: UID.order, name: 'user', pairs: newCart.userLink },
          { uid: item, name: 'order', pairs: [[created.id, cart.id as number]] as Array<[number, number]> },
          { uid: item, name: 'card', pairs: [[created.id, card.id as number]] as Array<[number, number]> },
          {
            uid: item,
            name: 'recipient',
            pairs: (recipient ? [[created.id, recipient.id as number]] : []) as Array<[number, number]>,
          },
          {
            uid: item,
            name: 'gift_addon',
            pairs: (addon ? [[created.id, addon.id as number]] : []) as Array<[number, number]>,
          },
        ];
        // SQLite: each link table in a statement of its own (in-process, not a network hop).
        await writeTogether(strapi, links);
        await q(UID.order).updateMany({ where: { id: cart.id }, data: { ...totals, updatedAt: now } });
        return orderView({ ...cart, ...totals }, all);
      };
      // Not inside a caller's transaction, which the index's refusal would abort for the way below.
      if (owned && owned.cartId === null && !strapi.db.inTransaction()) {
        // PostgreSQL, no cart yet (every add after a checkout): the cart and its first line in one
        // statement, which is atomic on its own, so no transaction and no lock (there is nothing to lock
        // yet). A first add racing another meets the unique cart_key index and goes the locked way below,
        // onto the winner's cart.
        const row = newCartRow(userId, locale);
        try {
          return await writeLine(row, [], { userLink: [], row });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      return onLockedCart(userId, writeLine, locale, postgres);
    },

    async removeCartItem(userId: number, itemId: number): Promise<OrderView> {
      const cart = await store.cartOf(userId);
      if (!cart) throw notFound();
      const removed = await store.withLockedOrder(cart.id, async (status) => {
        const item =
          status === 'cart' ? await q(UID.orderItem).findOne({ where: { id: itemId, order: { id: cart.id } } }) : null;
        if (!item) return false;
        await q(UID.orderItem).delete({ where: { id: item.id } });
        await recomputeCartTotals(cart.id);
        return true;
      });
      if (!removed) throw notFound();
      return view((await store.byId(cart.id))!);
    },

    async list(userId: number, page: PageRequest): Promise<{ count: number; results: OrderView[] }> {
      const where = { user: { id: userId } };
      const { count, rows: orders } = await pagedRowsCountingLast<Row>(
        page,
        async () => Number(await q(UID.order).count({ where })),
        () =>
          q(UID.order).findMany({
            where,
            orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            offset: page.offset,
            limit: page.pageSize,
          }),
      );
      const items = await store.itemsByOrder(orders.map((o) => o.id));
      return { count, results: orders.map((o) => orderView(o, items.get(o.id) ?? [])) };
    },

    /**
     * For fulfilment: once every delivery of a paid order is dispatched (sent or delivered), the order
     * becomes fulfilled. Safe to call after each dispatch and concurrently; true only for the call that
     * made the change.
     */
    async markFulfilledIfDispatched(orderId: number): Promise<boolean> {
      return (await fulfilDispatched([orderId])).length > 0;
    },

    /** markFulfilledIfDispatched for a batch's orders: one read for all, a move for each that is done. */
    markFulfilledIfDispatchedMany: fulfilDispatched,

    /**
     * A full refund made at the payment provider: the paid order becomes refunded and its deliveries
     * that have not gone out are cancelled, in one transaction. Returns what happened, for the webhook.
     */
    async refund(paymentId: string): Promise<'refunded' | 'already handled' | 'unknown payment'> {
      const order = await q(UID.order).findOne({ where: { provider_payment_id: paymentId } });
      if (!order) return 'unknown payment';
      const done = await strapi.db.transaction(async () => {
        if (!(await store.moveIf(order.id, statesAllowing('refund'), { status: 'refunded', refunded_at: new Date() })))
          return false;
        const items = await store.items(order.id);
        // updateMany cannot filter through a relation: find the rows first.
        const unsent: Row[] = await q(UID.delivery).findMany({
          where: { order_item: { id: { $in: items.map((i) => i.id) } }, status: { $in: WAITING_STATES } },
          select: ['id'],
        });
        if (unsent.length) {
          await q(UID.delivery).updateMany({
            where: { id: { $in: unsent.map((d) => d.id) }, status: { $in: WAITING_STATES } },
            data: { status: 'cancelled' },
          });
        }
        return true;
      });
      return done ? 'refunded' : 'already handled';
    },

    /** One order, with its deliveries (status, sent, opened; empty until it is paid). */
    async get(userId: number, uuid: string) {
      const order = await ownedOrder(userId, uuid);
      const [body, deliveries] = await Promise.all([
        view(order),
        order.status === 'cart' ? [] : getService(strapi, 'deliveries').listForOrder(userId, order.id),
      ]);
      return { ...body, deliveries };
    },

    /**
     * Cancels a cart or an order awaiting payment. It is simply cancelled (never turned back into a
     * cart): a hosted payment page may still be open for it, and a cancelled order cannot be paid.
     */
    async cancel(userId: number, uuid: string): Promise<OrderView> {
      const order = await ownedOrder(userId, uuid);
      const move = transition(order.status as OrderStatus, 'cancel');
      if (!move.ok) throw conflict(move.reason);
      const done = await store.moveIf(order.id, [order.status], {
        status: move.to,
        cart_key: null,
        cancelled_at: new Date(),
      });
      if (!done) throw conflict(msg('error.order_changed_cancel'));
      await getService(strapi, 'promotions').release(order.id);
      await releaseSession(strapi, order);
      return view((await store.byId(order.id))!);
    },
  };
};
