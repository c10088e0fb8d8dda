import { ADDRESS_FIELDS } from '../../domain/address';
import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { getConfig } from '../../config/get-config';
import { conflict, fieldError, fieldErrors } from '../../errors';
import { checkoutItemProblems } from './cart-item-validation';
import { transition } from '../../domain/order-state';
import { orderTotals, priceLine } from '../../domain/pricing';
import type { OrderStatus } from '../../domain/enums';
import { orderStore } from './order-store';
import { recipientName, type ItemSnapshot, type OrderView } from '../../serializers/order';
import { getService } from '../get-service';
import type { OrderCheckoutInput } from '../../http/inputs';
import { ownedOrder, viewOrder } from './owned-order';
import { query, type Row } from '../../db/query';

const snapshotRecipient = (r: Row | null): Record<string, string> | null =>
  r
    ? Object.fromEntries(
        ['first_name', 'last_name', 'email', ...ADDRESS_FIELDS].map((k) => [k, r[k] ?? '']),
      )
    : null;

// Checkout: reprices the cart from settings, applies a promo code, freezes each item (snapshot) and
// moves the cart to pending_payment. The cart_key is cleared, so the next add_to_cart starts a new cart.
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async checkout(userId: number, uuid: string, input: OrderCheckoutInput): Promise<OrderView> {
    const store = orderStore(strapi);
    const order = await ownedOrder(strapi, userId, uuid);
    const move = transition(order.status as OrderStatus, 'checkout');
    if (!move.ok) throw conflict(move.reason);

    const raw = input.promo_code;

    // Under the order's row lock, so no add_to_cart or removal lands between pricing and freezing.
    await store.withLockedOrder(order.id, async (status) => {
      const current = transition((status ?? order.status) as OrderStatus, 'checkout');
      if (!current.ok) throw conflict(current.reason);
      const items = await store.items(order.id);
      if (!items.length) throw conflict('The cart is empty.');
      const problems = checkoutItemProblems(items);
      if (problems.length) throw fieldErrors({ items: problems });
      const config = getConfig(strapi);
      const priced = items.map((item) => ({
        item,
        ...priceLine(
          { delivery_method: item.delivery_method, gift_wrap: Boolean(item.gift_wrap), gift_addon_price_pence: item.gift_addon ? item.gift_addon.price_pence : null },
          config,
        ),
      }));

      let discount = 0;
      let promoCode: string | null = null;
      if (typeof raw === 'string' && raw.trim() !== '') {
        const lines = priced.map((p) => ({ delivery_method: p.item.delivery_method, unit_price_pence: p.unit_price_pence, line_total_pence: p.line_total_pence }));
        const result = await getService(strapi, 'promotions').evaluate(raw, userId, lines);
        if (!result.ok) throw fieldError('promo_code', result.message);
        discount = result.discount_pence;
        promoCode = result.code;
      }
      const frozenAt = new Date().toISOString();
      for (const { item, unit_price_pence, line_total_pence } of priced) {
        const snapshot: ItemSnapshot = {
          card_title: item.card?.title ?? '',
          recipient_name: recipientName(item.recipient),
          recipient: snapshotRecipient(item.recipient),
          gift_addon_name: item.gift_addon?.name ?? null,
          gift_addon_price_pence: item.gift_addon?.price_pence ?? null,
          frozen_at: frozenAt,
        };
        await query(strapi, UID.orderItem).update({ where: { id: item.id }, data: { unit_price_pence, line_total_pence, snapshot } });
      }
      const totals = orderTotals(priced.map((p) => p.line_total_pence), discount);
      await store.moveIf(order.id, ['cart'], { status: current.to, cart_key: null, promo_code: promoCode, ...totals });
      // In the same transaction: when no use is left, the 400 rolls the whole checkout back.
      await getService(strapi, 'promotions').reserve({ id: order.id, promo_code: promoCode }, userId);
    });
    return viewOrder(strapi, (await store.byId(order.id))!);
  },
});
