import crypto from 'crypto';
import { promisedWindows } from './promised-windows';
import { getService } from '../../platform/get-service';
import type { OrderView } from './serializer';
import { isHtmx, renderPage, renderPartial, type Toast } from '../../platform/web/render';
import { formBody, formErrors, idParam, refusalText } from '../../platform/web/form-input';
import { privateRoute, redirect, type PrivateContext, type WebRouteDef, shopUrl } from '../../platform/web/web-route';
import { limitedPage } from '../../platform/web/page-limits';
import { ApiError, notFound } from '../../platform/errors';
import type { RefundView } from './refunds-service';
import { helpersFor } from '../../platform/web/view-helpers';
import { refundDue } from './rules/refund-shares';
import type { Translate } from '../../platform/i18n/translate';
import { withCardFronts } from './card-fronts';
import { itemsPreflight, type ItemPreflight } from './checkout-preflight';
import { requestLocale } from '../../platform/i18n/request-locale';
import { localizePreflight } from '../../platform/i18n/preflight-text';
import { localizeErrorText } from '../../platform/i18n/error-messages';
import { getConfig } from '../../platform/config/get-config';
import { cardTitlesIn } from '../../platform/db/card-titles';
import type { Core } from '@strapi/strapi';
import type { Locale } from '../../platform/i18n/locales';
import { paymentMode } from '../../platform/providers/payment';
import { cartVat, cartWithVat } from './cart-vat';

/** Orders with their cards' titles in the shopper's language (a card named after its template). */
async function localTitles<O extends { items: Array<{ card: number | null; card_title: string }> }>(
  strapi: Core.Strapi,
  orders: O[],
  locale: Locale,
): Promise<O[]> {
  const titleOf = await cardTitlesIn(
    strapi,
    orders.flatMap((o) => o.items.map((i) => i.card)),
    locale,
  );
  return orders.map((o) => ({
    ...o,
    items: o.items.map((i) => ({ ...i, card_title: titleOf(i.card, i.card_title) })),
  }));
}

// Checking a code, checkout and payment count as writes, as POST /api/orders/{uuid}/checkout/ and pay do.
const checksPromo = (ctx: { query: Record<string, unknown> }) =>
  typeof ctx.query.promo === 'string' && ctx.query.promo.trim() !== '';

// Basket, checkout, payment and orders. Every step calls the services the API uses: removing an item,
// the promo rules (a preview in the basket; checkout applies them again under the order lock), checkout,
// payment (demo completes at once, the provider answers with its hosted page) and the order views.

interface CartState {
  promo?: { code: string; discount_pence: number } | null;
  promoValue?: string;
  errors?: Record<string, string[]> | null;
  toast?: Toast | null;
}

async function cartData({ strapi, user, t, ctx }: PrivateContext, state: CartState) {
  const [bare, orders, zone] = await Promise.all([
    getService(strapi, 'orders').getCart(user.id),
    getService(strapi, 'orders').list(user.id, { page: 1, pageSize: 20, offset: 0 }),
    // Send times on the shopper's clock.
    getService(strapi, 'timeZones').ofUser(user.id),
  ]);
  const locale = requestLocale(strapi, ctx);
  // Prices entered net: every line as checkout will charge it, VAT added (cart-vat.ts).
  const priced = await cartWithVat(strapi, user.id, bare);
  const [cart] = await localTitles(strapi, [await withCardFronts(strapi, priced.cart)], locale);
  const checks = (await itemsPreflight(strapi, cart.items)).map((c) => ({
    ...c,
    errors: localizePreflight(c.errors, locale),
    warnings: localizePreflight(c.warnings, locale),
  }));
  const discount = Math.min(state.promo?.discount_pence ?? 0, cart.subtotal_pence);
  return {
    title: t('shop.cart.title'),
    cart,
    zone,
    // Per item id: when a posted card arrives if paid now (or the window its arrive-by date was priced with).
    windows: await promisedWindows(
      strapi,
      cart.items.map((i) => i.id as number),
    ),
    // Orders checked out but not paid (for example after cancelling on the payment page).
    unpaid: orders.results.filter((o) => o.status === 'pending_payment'),
    promo: state.promo ?? null,
    promoValue: state.promoValue ?? state.promo?.code ?? '',
    discount,
    total: cart.subtotal_pence - discount,
    // Prices entered net: the VAT checkout will add, shown as "plus VAT" (null with gross prices).
    vat: priced.rates ? cartVat(priced.cart, priced.rates, discount) : null,
    errors: state.errors ?? null,
    toast: state.toast ?? null,
    // Per item id: the print check of posted and printed cards, shown before payment.
    preflight: Object.fromEntries(checks.map((c) => [c.itemId, c])) as Record<number, ItemPreflight>,
    preflightWarnings: checks.some((c) => c.warnings.length > 0),
    preflightErrors: checks.some((c) => c.errors.length > 0),
  };
}

async function promoPreview(web: PrivateContext, cart: OrderView, raw: string) {
  const lines = cart.items.map((i) => ({
    delivery_method: i.delivery_method,
    unit_price_pence: i.unit_price_pence,
    line_total_pence: i.line_total_pence,
  }));
  return getService(web.strapi, 'promotions').evaluate(raw, web.user.id, lines);
}

async function promoState(web: PrivateContext, raw: string, cart?: OrderView): Promise<CartState> {
  // Prices entered net: the promo is taken on the lines with their VAT, as checkout takes it.
  const current = (
    await cartWithVat(web.strapi, web.user.id, cart ?? (await getService(web.strapi, 'orders').getCart(web.user.id)))
  ).cart;
  if (!current.items.length) return { promoValue: raw, errors: { promo_code: [web.t('shop.cart.promoEmptyBasket')] } };
  const result = await promoPreview(web, current, raw);
  return result.ok
    ? { promo: { code: result.code, discount_pence: result.discount_pence } }
    : { promoValue: raw, errors: { promo_code: [localizeErrorText(result.message, web.ctx.state.gcLocale)] } };
}

const removeItem = async (web: PrivateContext) => {
  const id = idParam(web.ctx.params.item_id);
  let toast: Toast = { kind: 'success', text: web.t('shop.cart.removed') };
  let failed = false;
  try {
    if (id === null) throw new Error('not an id');
    await getService(web.strapi, 'orders').removeCartItem(web.user.id, id);
  } catch (error) {
    if (id !== null && !formErrors(error, web.ctx.state.gcLocale)) throw error;
    failed = true;
    toast = { kind: 'error', text: web.t('shop.cart.itemGone') };
  }
  if (isHtmx(web.ctx))
    return renderPartial(web.ctx, 'partials/cart-panel', await cartData(web, { toast }), failed ? 400 : 200);
  redirect(web.ctx, shopUrl(web.ctx, '/cart/'));
};

async function orderPage(web: PrivateContext, uuid: string) {
  const [order] = await localTitles(
    web.strapi,
    [await withCardFronts(web.strapi, await getService(web.strapi, 'orders').get(web.user.id, uuid))],
    requestLocale(web.strapi, web.ctx),
  );
  // Deliveries of this order as GET /api/orders/{uuid}/ lists them; times on the buyer's clock.
  const zone = await getService(web.strapi, 'timeZones').ofUser(web.user.id);
  // One key per page shown: its "Send again" forms carry it, so a form posted twice sends once.
  const titleOf = await cardTitlesIn(
    web.strapi,
    order.deliveries.map((d) => d.card?.id),
    requestLocale(web.strapi, web.ctx),
  );
  // A recipient's thank-you back (issue 45 item 5) shows under their card.
  const replies = await getService(web.strapi, 'ecardReplies').forDeliveries(order.deliveries.map((d) => d.id));
  const deliveries = order.deliveries.map((d) => ({
    ...(d.card ? { ...d, card: { ...d.card, title: titleOf(d.card.id, d.card.title ?? '') } } : d),
    reply: replies.get(d.id) ?? null,
  }));
  const documents = {
    ...(await getService(web.strapi, 'invoices').forOrderPage(order)),
    net_prices: !getConfig(web.strapi).pricesIncludeVat,
  };
  // Posted cards' promised arrival, from the day the order was paid (not yet paid: from now).
  const windows = await promisedWindows(
    web.strapi,
    order.items.map((i) => i.id as number),
    order.paid_at ? new Date(order.paid_at) : null,
  );
  return { order, deliveries, zone, documents, windows, pressKey: crypto.randomBytes(16).toString('base64url') };
}

/** The buyer's posted card on this order, for the cancel confirmation; not theirs or not on it: 404. */
async function cancellableDelivery(web: PrivateContext) {
  const data = await orderPage(web, String(web.ctx.params.uuid));
  const id = idParam(web.ctx.params.delivery_id);
  const delivery = data.deliveries.find((d) => d.id === id);
  if (!delivery) throw notFound();
  const item = data.order.items.find(
    (i) => i.card === delivery.card?.id && i.recipient_name === delivery.recipient_name && i.delivery_method === 'post',
  );
  // What cancelling gives back: the card's share of what the order paid (a promo spread over every line).
  const price = item ? refundDue(data.order.total_pence, data.order.items, item.id) : 0;
  return { ...data, delivery, price_pence: price };
}

const refundText = (web: PrivateContext, refund: RefundView | null, currency: string) => {
  const t: Translate = web.t;
  if (!refund) return t('shop.order.cancelled');
  const amount = helpersFor(web.ctx.state.gcLocale).money(refund.amount_pence, currency);
  if (refund.status === 'succeeded') return t('shop.order.refundSucceeded', { amount });
  if (refund.status === 'manual') return t('shop.order.refundManual', { amount });
  return t('shop.order.refundPending', { amount });
};

/** The invoice or a credit note of the buyer's order as a PDF (the same service as GET /api/orders/{uuid}/invoice/). */
const documentPdf = (kind: 'invoice' | 'credit_note') => async (web: PrivateContext) => {
  const number = kind === 'credit_note' ? idParam(web.ctx.params.number) : undefined;
  const { pdf, filename } = await getService(web.strapi, 'invoices').pdfForOwner(
    web.user.id,
    String(web.ctx.params.uuid),
    kind,
    number ?? undefined,
  );
  web.ctx.type = 'application/pdf';
  web.ctx.set('Content-Disposition', `inline; filename="${filename}"`);
  web.ctx.set('Cache-Control', 'private, no-store');
  web.ctx.body = pdf;
};

export const orderRoutes: WebRouteDef[] = [
  limitedPage('renders', privateRoute('GET', '/orders/:uuid/invoice/', documentPdf('invoice'))),
  limitedPage('renders', privateRoute('GET', '/orders/:uuid/credit-notes/:number/', documentPdf('credit_note'))),
  // Cancelling a posted card: a confirmation page first (a plain form, so it works by keyboard and
  // without JavaScript), then the same service the API's POST /api/deliveries/{id}/cancel/ calls.
  privateRoute('GET', '/orders/:uuid/deliveries/:delivery_id/cancel/', async (web) => {
    const data = await cancellableDelivery(web);
    if (!data.delivery.cancellable)
      return redirect(web.ctx, shopUrl(web.ctx, `/orders/${encodeURIComponent(data.order.uuid)}/`), 302);
    renderPage(web.ctx, 'cancel-delivery', { title: web.t('shop.cancel.title'), ...data });
  }),

  limitedPage(
    'writes',
    privateRoute('POST', '/orders/:uuid/deliveries/:delivery_id/cancel/', async (web) => {
      const data = await cancellableDelivery(web);
      try {
        await getService(web.strapi, 'deliveries').cancelForOwner(web.user.id, data.delivery.id);
        // Post/redirect/get: reloading the order page never posts the cancel again.
        redirect(
          web.ctx,
          shopUrl(web.ctx, `/orders/${encodeURIComponent(data.order.uuid)}/?cancelled=${data.delivery.id}`),
        );
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const toast: Toast = { kind: 'error', text: refusalText(error, web.ctx.state.gcLocale) };
        renderPage(
          web.ctx,
          'order',
          { title: web.t('shop.order.title'), ...(await orderPage(web, data.order.uuid)), toast },
          409,
        );
      }
    }),
  ),

  // "Send again" for an e-card that failed or was not opened: the service POST
  // /api/deliveries/{id}/send-again/ calls, with the page's key (a double post sends once).
  limitedPage(
    'writes',
    privateRoute('POST', '/orders/:uuid/deliveries/:delivery_id/send-again/', async (web) => {
      const data = await orderPage(web, String(web.ctx.params.uuid));
      const delivery = data.deliveries.find((d) => d.id === idParam(web.ctx.params.delivery_id));
      if (!delivery) throw notFound();
      const key = String(formBody(web.ctx).key ?? '').trim() || null;
      try {
        await getService(web.strapi, 'deliveries').sendAgainForOwner(web.user.id, delivery.id, key);
        redirect(
          web.ctx,
          shopUrl(web.ctx, `/orders/${encodeURIComponent(data.order.uuid)}/?sent_again=${delivery.id}`),
        );
      } catch (error) {
        // Not eligible (400), no confirmed address (403), or the day's e-mails to others used (429).
        if (!(error instanceof ApiError) || ![400, 403, 429].includes(error.status)) throw error;
        if (error.retryAfter !== undefined) web.ctx.set('Retry-After', String(error.retryAfter));
        const toast: Toast = { kind: 'error', text: refusalText(error, web.ctx.state.gcLocale) };
        renderPage(
          web.ctx,
          'order',
          { title: web.t('shop.order.title'), ...(await orderPage(web, data.order.uuid)), toast },
          error.status,
        );
      }
    }),
  ),

  limitedPage(
    'writes',
    privateRoute('GET', '/cart/', async (web) => {
      const toast: Toast | null = web.ctx.query.added ? { kind: 'success', text: web.t('shop.cart.added') } : null;
      // ?promo=CODE (pushed to the address bar when a code is applied) keeps the code across reloads.
      const code = typeof web.ctx.query.promo === 'string' ? web.ctx.query.promo.trim().slice(0, 64) : '';
      renderPage(web.ctx, 'cart', await cartData(web, code ? { ...(await promoState(web, code)), toast } : { toast }));
    }),
    checksPromo,
  ),

  privateRoute('DELETE', '/cart/remove/:item_id/', removeItem),
  privateRoute('POST', '/cart/remove/:item_id/', removeItem),

  // Applies a promo code inline: the discount is previewed with the same rules checkout uses.
  limitedPage(
    'writes',
    privateRoute('POST', '/cart/promo/', async (web) => {
      const raw = String(formBody(web.ctx).promo_code ?? '').trim();
      const cart = await getService(web.strapi, 'orders').getCart(web.user.id);
      const state: CartState = raw
        ? await promoState(web, raw, cart)
        : { errors: { promo_code: [web.t('shop.cart.promoMissing')] } };
      const failed = Boolean(state.errors);
      if (state.promo) {
        state.toast = { kind: 'success', text: web.t('shop.cart.promoToast', { code: state.promo.code }) };
        web.ctx.set('HX-Push-Url', shopUrl(web.ctx, `/cart/?promo=${encodeURIComponent(state.promo.code)}`));
      }
      if (isHtmx(web.ctx))
        return renderPartial(web.ctx, 'partials/cart-panel', await cartData(web, state), failed ? 400 : 200);
      renderPage(web.ctx, 'cart', await cartData(web, state), failed ? 400 : 200);
    }),
  ),

  limitedPage(
    'writes',
    privateRoute('POST', '/cart/checkout/', async (web) => {
      const promo = String(formBody(web.ctx).promo_code ?? '').trim();
      const cart = await getService(web.strapi, 'orders').getCart(web.user.id);
      try {
        // Preflight errors are refused by the checkout service (the API's rule too). Warnings are shown in
        // the basket, whose button then says "Print them as they are: checkout": pressing it accepts them.
        const order = await getService(web.strapi, 'checkout').checkout(
          web.user.id,
          cart.uuid,
          promo ? { promo_code: promo } : {},
          requestLocale(web.strapi, web.ctx),
        );
        redirect(web.ctx, shopUrl(web.ctx, `/checkout/${encodeURIComponent(order.uuid)}/`));
      } catch (error) {
        const errors = formErrors(error, web.ctx.state.gcLocale);
        if (!errors) throw error;
        const state: CartState = {
          promoValue: promo,
          errors: errors.promo_code ? errors : { non_field_errors: Object.values(errors).flat() },
        };
        if (isHtmx(web.ctx)) return renderPartial(web.ctx, 'partials/cart-panel', await cartData(web, state), 400);
        renderPage(web.ctx, 'cart', await cartData(web, state), 400);
      }
    }),
  ),

  privateRoute('GET', '/checkout/:uuid/', async (web) => {
    const order = await getService(web.strapi, 'orders').get(web.user.id, String(web.ctx.params.uuid));
    if (order.status === 'cart') return redirect(web.ctx, shopUrl(web.ctx, '/cart/'), 302);
    if (order.status !== 'pending_payment')
      return redirect(web.ctx, shopUrl(web.ctx, `/orders/${encodeURIComponent(order.uuid)}/`), 302);
    renderPage(web.ctx, 'checkout', {
      title: web.t('shop.checkout.title'),
      order: (
        await localTitles(web.strapi, [await withCardFronts(web.strapi, order)], requestLocale(web.strapi, web.ctx))
      )[0],
      errors: null,
      demoPayments: paymentMode(getConfig(web.strapi)) === 'demo',
      // The VAT in the total before paying, as the order page and the invoice will say it.
      documents: {
        vat_pence: await getService(web.strapi, 'invoices').vatAtCheckout(order.uuid),
        // Prices entered net: the total is shown as net "plus VAT" (partials/order-lines.eta).
        net_prices: !getConfig(web.strapi).pricesIncludeVat,
      },
      windows: await promisedWindows(
        web.strapi,
        order.items.map((i) => i.id as number),
      ),
    });
  }),

  limitedPage(
    'writes',
    privateRoute('POST', '/checkout/:uuid/pay/', async (web) => {
      const uuid = String(web.ctx.params.uuid);
      try {
        // No return addresses given: the configured ones (/orders/{uuid}/ and /cart/) apply.
        const result = await getService(web.strapi, 'payments').pay(web.user, uuid, {});
        if (result.kind === 'paid')
          return redirect(web.ctx, shopUrl(web.ctx, `/orders/${encodeURIComponent(result.order.uuid)}/?paid=1`));
        redirect(web.ctx, result.checkout_url);
      } catch (error) {
        const errors = formErrors(error, web.ctx.state.gcLocale);
        if (!errors) throw error;
        const order = await getService(web.strapi, 'orders').get(web.user.id, uuid);
        renderPage(
          web.ctx,
          'checkout',
          {
            title: web.t('shop.checkout.title'),
            order: await withCardFronts(web.strapi, order),
            errors: { non_field_errors: Object.values(errors).flat() },
            demoPayments: paymentMode(getConfig(web.strapi)) === 'demo',
          },
          400,
        );
      }
    }),
  ),

  privateRoute('GET', '/orders/', async (web) => {
    const { results } = await getService(web.strapi, 'orders').list(web.user.id, { page: 1, pageSize: 100, offset: 0 });
    renderPage(web.ctx, 'orders', {
      title: web.t('shop.orders.title'),
      orders: await localTitles(
        web.strapi,
        results.filter((o) => o.status !== 'cart'),
        requestLocale(web.strapi, web.ctx),
      ),
    });
  }),

  privateRoute('GET', '/orders/:uuid/', async (web) => {
    const data = await orderPage(web, String(web.ctx.params.uuid));
    let toast: Toast | null = web.ctx.query.paid ? { kind: 'success', text: web.t('shop.order.paid') } : null;
    // Back from cancelling one of this order's cards: say what happened to the money.
    const cancelled = data.deliveries.find(
      (d) => d.id === idParam(web.ctx.query.cancelled) && d.status === 'cancelled',
    );
    if (cancelled)
      toast = {
        kind: 'success',
        text: refundText(web, await getService(web.strapi, 'refunds').ofDelivery(cancelled.id), data.order.currency),
      };
    const again = data.deliveries.find((d) => d.id === idParam(web.ctx.query.sent_again));
    if (again)
      toast = {
        kind: 'success',
        text: again.recipient_name
          ? web.t('shop.order.sentAgainTo', { name: again.recipient_name })
          : web.t('shop.order.sentAgain'),
      };
    renderPage(web.ctx, 'order', { title: web.t('shop.order.title'), ...data, toast });
  }),
];
