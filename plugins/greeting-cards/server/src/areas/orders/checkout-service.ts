import { ADDRESS_FIELDS } from '../../platform/addresses/address';
import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { getConfig } from '../../platform/config/get-config';
import { conflict, fieldError, fieldErrors } from '../../platform/errors';
import { checkoutItemProblems } from './cart-item-validation';
import { itemsPreflight, preflightErrorMessages } from './checkout-preflight';
import { recheckShipping } from './checkout-shipping';
import { transition } from './rules/order-state';
import { orderTotals, priceLine } from './rules/pricing';
import { addOnColumns, messageAddOns } from './message-add-on';
import type { OrderStatus } from '../../platform/enums';
import { orderStore } from './order-store';
import type { Locale } from '../../platform/i18n/locales';
import { orderView, recipientName, type ItemSnapshot, type OrderView } from './serializer';
import { getService } from '../../platform/get-service';
import type { OrderCheckoutInput } from '../../platform/http/inputs';
import type { Knex } from 'knex';
import { query, tableOf, type Row } from '../../platform/db/query';
import { msg } from '../../platform/i18n/format-message';
import { grossLines, withVat } from './invoices/order-vat';
import { isPostgres } from '../../platform/db/dialect';

/** Lines written in the same statement as checkout's move at most (each UPDATE adds a few bindings). */
const TOGETHER = 50;

const snapshotRecipient = (r: Row | null): Record<string, string> | null =>
  r ? Object.fromEntries(['first_name', 'last_name', 'email', ...ADDRESS_FIELDS].map((k) => [k, r[k] ?? ''])) : null;

// Checkout: reprices the cart from settings, applies a promo code, freezes each item (snapshot) and
// moves the cart to pending_payment. The cart_key is cleared, so the next add_to_cart starts a new cart.
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * `order` is the uuid of one of the user's orders (found and locked in one read), or that order's row
   * when the caller has just read it. `input`: the body, or a function that parses it (it runs once
   * the order is known to be the user's: another user's order is a 404 even when the body is invalid).
   * `locale`: the shop language the buyer checks out in; the order's e-mails are written in it.
   */
  async checkout(
    userId: number,
    order: string | Row,
    input: OrderCheckoutInput | (() => OrderCheckoutInput),
    locale?: Locale,
  ): Promise<OrderView> {
    const store = orderStore(strapi);
    // Prices entered net: the buyer's country (the place of supply of e-cards), read before the lock.
    const netPrices = !getConfig(strapi).pricesIncludeVat;
    const buyerCountry = netPrices ? await getService(strapi, 'invoices').buyerCountry(userId) : '';

    // Under the order's row lock, so no add_to_cart or removal lands between pricing and freezing.
    // `read`: the items, when the read that took the lock brought them.
    const underLock = async (order: Row, status: string | null, read?: Row[]) => {
      const current = transition((status ?? order.status) as OrderStatus, 'checkout');
      const { promo_code: raw } = typeof input === 'function' ? input() : input;
      if (!current.ok) throw conflict(current.reason);
      const items = read ?? (await store.items(order.id));
      if (!items.length) throw conflict(msg('error.cart_empty'));
      const problems = checkoutItemProblems(items);
      if (problems.length) throw fieldErrors({ items: problems });
      // Checked again here, whatever the basket showed: a design that cannot print must not be paid for.
      // Warnings (placeholder text, a small photo, the safe margin) never block: the shopper may accept them.
      const blocking = preflightErrorMessages(await itemsPreflight(strapi, items), locale);
      if (blocking.length) throw fieldErrors({ items: blocking });
      const config = getConfig(strapi);
      // Posted lines' shipping asked again (checkout-shipping.ts): a changed price or date is a 400.
      const shipping = await recheckShipping(strapi, items, locale);
      // A card's video or voice message: its add-on as it stands now (settings, membership, not removed).
      const cardIdOf = (item: Row): number | null =>
        typeof item.card === 'number' ? item.card : typeof item.card?.id === 'number' ? item.card.id : null;
      const addOnOf = await messageAddOns(
        strapi,
        userId,
        items.map(cardIdOf).filter((id): id is number => id !== null),
      );
      const priced = items.map((item) => {
        const addOn = addOnOf(cardIdOf(item));
        const base = priceLine(
          {
            delivery_method: item.delivery_method,
            gift_wrap: Boolean(item.gift_wrap),
            gift_addon_price_pence: item.gift_addon ? item.gift_addon.price_pence : null,
            media_message_pence: addOn?.pence,
          },
          config,
        );
        // The shipping chosen is part of the line (what refunds and invoices read).
        const ship = shipping.get(Number(item.id));
        return {
          item,
          ship,
          addOn,
          ...base,
          line_total_pence: base.line_total_pence + (ship?.shipping_pence ?? 0),
        };
      });
      // Prices entered net: each line gets its VAT now, per line, at its place of supply, and is frozen
      // gross with its rate; the promo, the totals, the payment and refunds then all work on the gross.
      const vatAdded = !netPrices
        ? null
        : grossLines(
            config,
            priced.map((p) => ({
              method: String(p.item.delivery_method),
              recipientCountry: p.item.recipient?.country ?? null,
              amount: p.line_total_pence,
            })),
            buyerCountry,
          );
      if (vatAdded)
        priced.forEach((p, i) => {
          p.unit_price_pence = withVat(p.unit_price_pence, vatAdded[i].rateBp);
          p.line_total_pence = vatAdded[i].gross;
        });

      let discount = 0;
      let promoCode: string | null = null;
      if (typeof raw === 'string' && raw.trim() !== '') {
        const lines = priced.map((p) => ({
          delivery_method: p.item.delivery_method,
          unit_price_pence: p.unit_price_pence,
          line_total_pence: p.line_total_pence,
        }));
        const result = await getService(strapi, 'promotions').evaluate(raw, userId, lines);
        if (!result.ok) throw fieldError('promo_code', result.message);
        discount = result.discount_pence;
        promoCode = result.code;
      }
      const frozenAt = new Date().toISOString();
      const frozenItems: Row[] = [];
      const lineWrites: Array<{ id: number; data: Row }> = [];
      for (const [index, { item, ship, addOn, unit_price_pence, line_total_pence }] of priced.entries()) {
        const added = vatAdded?.[index];
        const snapshot: ItemSnapshot = {
          card_title: item.card?.title ?? '',
          recipient_name: recipientName(item.recipient),
          recipient: snapshotRecipient(item.recipient),
          gift_addon_name: item.gift_addon?.name ?? null,
          gift_addon_price_pence: item.gift_addon?.price_pence ?? null,
          ...(addOn ? { media_message_pence: addOn.pence, media_message_free: addOn.free } : {}),
          frozen_at: frozenAt,
          ...(added ? { vat_rate_bp: added.rateBp, vat_country: added.country, net_pence: added.net } : {}),
        };
        const dates = ship
          ? {
              arrives_from: ship.arrives_from,
              arrives_to: ship.arrives_to,
              ...(ship.submit_at && ship.submit_at > new Date() ? { scheduled_for: ship.submit_at } : {}),
            }
          : {};
        const columns = addOnColumns(addOn);
        frozenItems.push({ ...item, unit_price_pence, line_total_pence, ...columns, snapshot, ...dates });
        lineWrites.push({
          id: item.id as number,
          data: { unit_price_pence, line_total_pence, ...columns, snapshot, ...dates },
        });
      }
      // PostgreSQL, a cart of up to TOGETHER lines: written with the move (below). Otherwise each line with
      // updateMany (one UPDATE, no read back); on SQLite a statement is not a network hop.
      const together = isPostgres(strapi) && lineWrites.length <= TOGETHER;
      if (!together)
        for (const { id, data } of lineWrites) await query(strapi, UID.orderItem).updateMany({ where: { id }, data });
      const totals = orderTotals(
        priced.map((p) => p.line_total_pence),
        discount,
      );
      const changes = {
        status: current.to,
        cart_key: null,
        promo_code: promoCode,
        ...totals,
        ...(locale ? { locale } : {}),
      };
      // PostgreSQL: each line's price and snapshot written with the move, in one statement (column names
      // are the attributes' here); a move that does not happen throws, and the transaction takes the
      // lines' writes back with it.
      const itemsTable = tableOf(strapi, UID.orderItem);
      const freeze = together
        ? (knex: Knex) =>
            lineWrites.map(({ id, data }) =>
              knex(itemsTable)
                .where({ id })
                .update({ ...data, snapshot: JSON.stringify(data.snapshot) }),
            )
        : undefined;
      if (!(await store.moveIf(order.id, ['cart'], changes, freeze)))
        throw conflict(msg('error.order_changed_checkout'));
      // In the same transaction: when no use is left, the 400 rolls the whole checkout back.
      await getService(strapi, 'promotions').reserve({ id: order.id, promo_code: promoCode }, userId);
      return { order: { ...order, ...changes }, items: frozenItems };
    };
    // A uuid: the order is found and locked in one read. A row the caller read: its status is checked
    // before the lock is taken, and again under it.
    const lockedRow = (row: Row) => {
      const move = transition(row.status as OrderStatus, 'checkout');
      if (!move.ok) throw conflict(move.reason);
      return store.withLockedOrder(row.id, (status) => underLock(row, status));
    };
    const frozen =
      typeof order === 'string'
        ? await store.withLockedOwnedOrder(userId, order, (owned, items) => underLock(owned, null, items))
        : await lockedRow(order);
    // What was just written under the lock is the order's state: no need to read it back.
    return orderView(frozen.order, frozen.items);
  },
});
