import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { conflict, notFound, unavailable } from '../../platform/errors';
import type { PayInput } from '../../platform/http/inputs';
import { transition } from '../orders';
import { checkoutLines, returnUrl } from './rules/payment-lines';
import type { OrderStatus } from '../../platform/enums';
import { providers } from '../../platform/providers/registry';
import { orderStore } from '../orders';
import { completeOrderPayment, paidChanges } from './payment-completion';
import { viewOrder } from '../orders';
import { releaseSession } from '../../platform/providers/payment/payment-session';
import { orderView, type OrderView } from '../orders';
import { getService } from '../../platform/get-service';
import { assertAllowedRedirects } from '../../platform/http/redirects';
import type { Row } from '../../platform/db/query';
import { msg } from '../../platform/i18n/format-message';

export type PayResult =
  { kind: 'paid'; order: OrderView } | { kind: 'redirect'; checkout_url: string; session_id: string };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function callProvider<T>(uuid: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      strapi.log.error(`[greeting-cards] payment provider failed for order ${uuid}: ${(error as Error).message}`);
      throw unavailable(msg('error.payment_unreachable'));
    }
  }
  return {
    completeOrderPayment: (orderId: number, payment: Parameters<typeof completeOrderPayment>[2]) =>
      completeOrderPayment(strapi, orderId, payment),

    /** Best effort: closes the order's open hosted session after the order was cancelled. */
    releaseSession: (order: Row): Promise<void> => releaseSession(strapi, order),

    /**
     * `owned` is the uuid of one of the user's orders (read with its items in one query), or that
     * order's row when the caller has just read it. `input`: the body, or a function that parses it
     * (run once the order is known to be the user's: another user's order is a 404 whatever the body).
     */
    async pay(
      user: { id: number; email?: string },
      owned: string | Row,
      body: PayInput | (() => PayInput),
    ): Promise<PayResult> {
      const store = orderStore(strapi);
      let order: Row;
      let read: Row[] | null = null;
      if (typeof owned === 'string') {
        const found = await store.ownedWithFrozenItems(user.id, owned);
        if (!found.order) throw notFound();
        order = found.order;
        read = found.items;
      } else order = owned;
      const input = typeof body === 'function' ? body() : body;
      const move = transition(order.status as OrderStatus, 'pay');
      if (!move.ok) throw conflict(move.reason);
      assertAllowedRedirects(getConfig(strapi), { success_url: input.success_url, cancel_url: input.cancel_url });

      // A checkout that expired gave its promo use back: take it again, or 400 when none is left.
      await getService(strapi, 'promotions').reserve({ id: order.id, promo_code: order.promo_code }, user.id);

      const paidView = async (): Promise<PayResult> => ({
        kind: 'paid',
        order: await viewOrder(strapi, (await store.byId(order.id))!),
      });
      if (order.total_pence === 0) {
        await completeOrderPayment(strapi, order.id, { provider: 'none' });
        return paidView();
      }
      const config = getConfig(strapi);
      const provider = providers(strapi).get('payment');
      if (!provider) throw unavailable(msg('error.payments_not_configured'));

      // Reuse a hosted page that is still open; otherwise start a new checkout. The idempotency key names
      // the previous session, so racing clicks share one session while a retry after expiry gets a new one.
      const previous: string | null = order.provider_session_id ?? null;
      // Past checkout: the snapshots say what the lines are (checkoutLines and the order view read them).
      const items = read ?? (await store.frozenItems(order.id));
      const start = await callProvider(order.uuid, async () => {
        if (previous) {
          const session = await provider.getSession(previous);
          if (session?.status === 'open' && session.url)
            return { kind: 'redirect' as const, sessionId: session.id, url: session.url };
          // Paid on the hosted page, webhook not here yet: a new session would charge a second time.
          if (session?.status === 'complete') return { kind: 'already_paid' as const };
        }
        return provider.startOrderCheckout({
          orderUuid: order.uuid,
          currency: order.currency || config.currency,
          lines: checkoutLines(items, order.discount_pence ?? 0),
          customerEmail: user.email,
          successUrl: returnUrl(input.success_url, config.orderSuccessUrl, order.uuid, config),
          cancelUrl: returnUrl(input.cancel_url, config.orderCancelUrl, order.uuid, config),
          idempotencyKey: `gc-order-${order.uuid}-after-${previous ?? 'none'}`,
        });
      });
      if (start.kind === 'already_paid') throw conflict(msg('error.order_paid'));
      if (start.kind === 'completed') {
        const payment = { provider: provider.name, sessionId: start.sessionId, paymentId: start.paymentId };
        const paidAt = new Date();
        if (!(await completeOrderPayment(strapi, order.id, payment, paidAt, items))) return paidView();
        // This call made the order paid, and its items are frozen since checkout: the view needs no new read.
        return { kind: 'paid', order: orderView({ ...order, ...paidChanges(payment, paidAt) }, items) };
      }
      if (start.sessionId !== previous) {
        await store.moveIf(order.id, ['pending_payment'], {
          payment_provider: provider.name,
          provider_session_id: start.sessionId,
        });
      }
      return { kind: 'redirect', checkout_url: start.url, session_id: start.sessionId };
    },
  };
};
