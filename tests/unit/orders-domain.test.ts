import { orderTotals, priceLine } from '../../plugins/greeting-cards/server/src/areas/orders/rules/pricing';
import { msg } from '../../plugins/greeting-cards/server/src/platform/i18n/format-message';
import {
  builtInFirstCard,
  discountFor,
  evaluatePromo,
  PromoDefinition,
} from '../../plugins/greeting-cards/server/src/areas/orders/rules/promo-rules';
import {
  ORDER_TRANSITIONS,
  statesAllowing,
  transition as transitionByCode,
} from '../../plugins/greeting-cards/server/src/areas/orders/rules/order-state';
import {
  parseAddToCart as parseAddToCartByCode,
  parseScheduledFor as parseScheduledForByCode,
} from '../../plugins/greeting-cards/server/src/areas/orders/rules/cart-input';
import { deliveryRuleErrors as deliveryRuleErrorsByCode } from '../../plugins/greeting-cards/server/src/areas/orders/rules/cart-rules';
import { english } from '../helpers/in-english';
import { actionFor } from '../../plugins/greeting-cards/server/src/platform/providers/payment/stripe/stripe-events';
import { createInMemoryPaymentProvider } from '../../plugins/greeting-cards/server/src/platform/providers/payment/in-memory-payment-provider';
import { checkoutLines, returnUrl } from '../../plugins/greeting-cards/server/src/areas/payments/rules/payment-lines';

const transition = english(transitionByCode);
const parseAddToCart = english(parseAddToCartByCode);
const parseScheduledFor = english(parseScheduledForByCode);
const deliveryRuleErrors = english(deliveryRuleErrorsByCode);

const prices = { ecardPrice: 299, postedCardPrice: 399, printPrice: 0, giftWrapPrice: 199 };
const now = new Date('2030-06-01T12:00:00Z');

describe('pricing', () => {
  it('prices each method from settings; extras only on posted cards', () => {
    expect(priceLine({ delivery_method: 'ecard', gift_wrap: false, gift_addon_price_pence: null }, prices)).toEqual({
      unit_price_pence: 299,
      line_total_pence: 299,
    });
    expect(priceLine({ delivery_method: 'post', gift_wrap: true, gift_addon_price_pence: 350 }, prices)).toEqual({
      unit_price_pence: 399,
      line_total_pence: 948,
    });
    expect(
      priceLine(
        { delivery_method: 'print', gift_wrap: true, gift_addon_price_pence: 350 },
        { ...prices, printPrice: 99 },
      ),
    ).toEqual({ unit_price_pence: 99, line_total_pence: 99 });
  });
  it('caps the discount at the subtotal and spreads it over lines', () => {
    expect(orderTotals([299, 399], 1000)).toEqual({ subtotal_pence: 698, discount_pence: 698, total_pence: 0 });
    expect(orderTotals([299], -5)).toEqual({ subtotal_pence: 299, discount_pence: 0, total_pence: 299 });
    // The provider's lines: each at its share of the total (refund-shares.ts), adding up to it exactly.
    const lines = checkoutLines(
      [
        { id: 3, line_total_pence: 100 },
        { id: 4, line_total_pence: 299 },
        { id: 5, line_total_pence: 50 },
      ],
      350,
    );
    expect(lines.map((l) => l.amount_pence)).toEqual([22, 66, 11]);
  });
});

describe('promo rules', () => {
  const lines = [
    { delivery_method: 'post' as const, unit_price_pence: 399, line_total_pence: 598 },
    { delivery_method: 'ecard' as const, unit_price_pence: 299, line_total_pence: 299 },
  ];
  const promo = (p: Partial<PromoDefinition>): PromoDefinition => ({ code: 'X', kind: 'fixed', is_active: true, ...p });
  const none = { total: 0, byUser: 0 };
  it('computes fixed, percent (capped) and free e-card discounts', () => {
    expect(discountFor(promo({ amount_pence: 5000 }), lines)).toEqual({ ok: true, code: 'X', discount_pence: 897 });
    expect(discountFor(promo({ kind: 'percent', percent: 10 }), lines)).toMatchObject({ discount_pence: 89 });
    expect(discountFor(promo({ kind: 'percent', percent: 90, cap_pence: 300 }), lines)).toMatchObject({
      discount_pence: 300,
    });
    expect(discountFor(builtInFirstCard(299), lines)).toMatchObject({ discount_pence: 299 });
    expect(discountFor(builtInFirstCard(299), [lines[0]])).toEqual({
      ok: false,
      message: msg('error.promo_needs_ecard'),
    });
  });
  it('checks activity, the validity window and both usage limits', () => {
    expect(evaluatePromo(promo({ is_active: false }), none, lines, now)).toMatchObject({ ok: false });
    expect(evaluatePromo(promo({ valid_from: '2030-06-02T00:00:00Z' }), none, lines, now)).toEqual({
      ok: false,
      message: msg('error.promo_not_yet'),
    });
    expect(evaluatePromo(promo({ valid_to: '2030-05-31T00:00:00Z' }), none, lines, now)).toEqual({
      ok: false,
      message: msg('error.promo_expired'),
    });
    expect(evaluatePromo(promo({ max_uses_total: 3 }), { total: 3, byUser: 0 }, lines, now)).toEqual({
      ok: false,
      message: msg('error.promo_used_up'),
    });
    expect(evaluatePromo(promo({ max_uses_per_user: 1 }), { total: 9, byUser: 1 }, lines, now)).toEqual({
      ok: false,
      message: msg('error.promo_already_used'),
    });
    expect(
      evaluatePromo(
        promo({ amount_pence: 10, max_uses_total: 3, max_uses_per_user: 1 }),
        { total: 2, byUser: 0 },
        lines,
        now,
      ),
    ).toMatchObject({ ok: true, discount_pence: 10 });
  });
});

describe('order state machine', () => {
  it('allows only the listed moves', () => {
    expect(transition('cart', 'checkout')).toEqual({ ok: true, to: 'pending_payment' });
    expect(transition('pending_payment', 'pay')).toEqual({ ok: true, to: 'paid' });
    expect(transition('paid', 'fulfil')).toEqual({ ok: true, to: 'fulfilled' });
    expect(transition('fulfilled', 'refund')).toEqual({ ok: true, to: 'refunded' });
    expect(transition('paid', 'cancel')).toMatchObject({ ok: false });
    expect(transition('cancelled', 'pay')).toMatchObject({ ok: false, reason: expect.stringContaining('cancelled') });
    expect(Object.values(ORDER_TRANSITIONS.refunded)).toEqual([]);
    expect(statesAllowing('refund').sort()).toEqual(['fulfilled', 'paid', 'partially_refunded']);
  });
  it('gives part of a payment back, then the rest; a partly refunded order is never fulfilled', () => {
    expect(transition('paid', 'partial_refund')).toEqual({ ok: true, to: 'partially_refunded' });
    expect(transition('fulfilled', 'partial_refund')).toEqual({ ok: true, to: 'partially_refunded' });
    expect(transition('partially_refunded', 'refund')).toEqual({ ok: true, to: 'refunded' });
    expect(transition('partially_refunded', 'fulfil')).toMatchObject({ ok: false });
    expect(transition('refunded', 'partial_refund')).toEqual({
      ok: false,
      reason: 'Only a paid or fulfilled order can be refunded in part. This order is refunded.',
    });
    expect(transition('cancelled', 'refund')).toEqual({
      ok: false,
      reason: 'Only a paid, fulfilled or partially refunded order can be refunded. This order is cancelled.',
    });
    expect(transition('partially_refunded', 'pay')).toEqual({
      ok: false,
      reason: 'Only an order awaiting payment can be paid. This order is partially refunded.',
    });
    expect(statesAllowing('partial_refund').sort()).toEqual(['fulfilled', 'paid']);
  });
});

describe('add-to-cart input and delivery rules', () => {
  it('parses API and form values', () => {
    expect(parseAddToCart({ card_id: '7', recipient_id: 3, gift_wrap: 'on', delivery_method: 'post' }, now)).toEqual({
      ok: true,
      value: {
        card_id: 7,
        recipient_id: 3,
        recipient_ids: null,
        delivery_method: 'post',
        scheduled_for: null,
        scheduled_date: null,
        gift_addon_id: null,
        gift_wrap: true,
      },
    });
    expect(parseAddToCart({ card_id: -1 }, now)).toEqual({
      ok: false,
      errors: { card_id: ['A valid integer is required.'] },
    });
    expect(parseAddToCart({ card_id: 7, recipient_ids: '4, 5' }, now)).toMatchObject({
      ok: true,
      value: { recipient_id: null, recipient_ids: [4, 5] },
    });
    expect(parseAddToCart(null, now)).toMatchObject({ ok: false });
  });
  it('accepts only UTC ISO times in the next year', () => {
    expect(parseScheduledFor('2030-06-02T08:30:00.250Z', now)).toEqual({
      ok: true,
      value: new Date('2030-06-02T08:30:00.250Z'),
    });
    expect(parseScheduledFor('2030-06-02T08:30:00+00:00', now)).toMatchObject({ ok: true });
    expect(parseScheduledFor('2030-06-02 08:30', now)).toMatchObject({ ok: false });
    expect(parseScheduledFor('2031-06-01T12:00:01Z', now)).toMatchObject({ ok: false });
  });
  it('states what each method needs', () => {
    expect(deliveryRuleErrors('print', null, { gift_addon: false, gift_wrap: false })).toEqual({});
    expect(
      deliveryRuleErrors(
        'post',
        { address_line_1: 'x', city: 'y', postcode: 'SW1A 1AA', country: 'GB' },
        { gift_addon: true, gift_wrap: true },
      ),
    ).toEqual({});
    // A posted card's address must also be one that can be posted to (postal-address.test.ts has the details).
    expect(
      Object.keys(
        deliveryRuleErrors(
          'post',
          { address_line_1: 'x', city: 'y', postcode: 'z', country: 'GB' },
          { gift_addon: false, gift_wrap: false },
        ),
      ),
    ).toEqual(['recipient_id']);
    expect(Object.keys(deliveryRuleErrors('ecard', { email: ' ' }, { gift_addon: true, gift_wrap: false }))).toEqual([
      'recipient_id',
      'gift_addon_id',
    ]);
  });
});

describe('payment events dispatch', () => {
  const ev = (type: string, object: Record<string, unknown>) => ({ id: 'evt_1', type, data: { object } });
  it('turns provider events into neutral actions', () => {
    expect(
      actionFor(
        ev('checkout.session.completed', {
          id: 'cs_1',
          mode: 'payment',
          payment_status: 'paid',
          client_reference_id: 'u1',
          payment_intent: 'pi_1',
          amount_total: 299,
          currency: 'gbp',
        }),
      ),
    ).toEqual({
      kind: 'paid',
      orderUuid: 'u1',
      sessionId: 'cs_1',
      paymentId: 'pi_1',
      amountPence: 299,
      currency: 'gbp',
    });
    // Without an amount the webhook cannot check it: the order is then not paid (amount_mismatch).
    expect(
      actionFor(
        ev('checkout.session.completed', {
          id: 'cs_1',
          mode: 'payment',
          payment_status: 'paid',
          client_reference_id: 'u1',
        }),
      ),
    ).toMatchObject({ amountPence: null, currency: null });
    expect(
      actionFor(
        ev('checkout.session.completed', { mode: 'payment', payment_status: 'unpaid', metadata: { order_uuid: 'u1' } }),
      ).kind,
    ).toBe('not_supported');
    expect(
      actionFor(
        ev('checkout.session.completed', {
          mode: 'subscription',
          client_reference_id: '4',
          subscription: { id: 'sub_1' },
          customer: 'cus_1',
          metadata: { plan_slug: 'monthly', n: 1 },
        }),
      ),
    ).toEqual({
      kind: 'subscription_checkout_completed',
      userRefs: ['4', undefined],
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      metadata: { plan_slug: 'monthly' },
    });
    expect(actionFor(ev('checkout.session.expired', { mode: 'subscription' }))).toMatchObject({
      kind: 'not_supported',
      reason: 'checkout.session.expired',
    });
    expect(
      actionFor(ev('checkout.session.expired', { id: 'cs_1', mode: 'payment', metadata: { order_uuid: 'u2' } })),
    ).toEqual({ kind: 'expired', orderUuid: 'u2', sessionId: 'cs_1' });
    expect(actionFor(ev('charge.refunded', { payment_intent: { id: 'pi_9' }, refunded: true }))).toEqual({
      kind: 'refunded',
      paymentId: 'pi_9',
      fullyRefunded: true,
    });
    expect(actionFor(ev('customer.subscription.deleted', { id: 'sub_1' }))).toMatchObject({
      kind: 'subscription_deleted',
      subscription: { provider_subscription_id: 'sub_1' },
    });
    expect(actionFor(ev('customer.subscription.updated', {}))).toMatchObject({
      kind: 'not_supported',
      reason: 'no subscription id',
    });
    expect(actionFor(ev('invoice.payment_failed', { subscription: 'sub_3' }))).toEqual({
      kind: 'invoice_payment_failed',
      subscriptionId: 'sub_3',
    });
    expect(actionFor(ev('invoice.paid', {})).kind).toBe('not_supported');
  });
});

describe('payment provider double and return URLs', () => {
  it('records requests and honours idempotency keys', async () => {
    const p = createInMemoryPaymentProvider('s');
    const req = { orderUuid: 'u', currency: 'GBP', lines: [], successUrl: 'a', cancelUrl: 'b', idempotencyKey: 'k' };
    const one = await p.startOrderCheckout(req);
    expect(await p.startOrderCheckout(req)).toEqual(one);
    expect(p.requests).toHaveLength(2);
    expect(() => p.parseWebhook('{}', 'forged')).toThrow('Invalid signature');
  });
  it('fills {uuid} and resolves relative settings against the public URL', () => {
    expect(returnUrl(undefined, '/orders/{uuid}/', 'abc', { publicUrl: 'https://x.test/shop' })).toBe(
      'https://x.test/shop/orders/abc/',
    );
    expect(returnUrl('https://given.test/', '/x', 'abc', { publicUrl: 'https://x.test' })).toBe('https://given.test/');
  });
});
