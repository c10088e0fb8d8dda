import { defineType, rel, str, int, dt, enumeration } from '../../../../platform/db/define-content-type';
import { ORDER_STATUSES } from '../../../../platform/enums';

const order = defineType({
  singular: 'order',
  plural: 'orders',
  displayName: 'Order',
  curated: false,
  description: 'A cart, then a paid order.',
  unique: ['cart_key', 'uuid'],
  attributes: {
    uuid: str({ required: true, unique: true }),
    user: rel.user(),
    status: enumeration(ORDER_STATUSES, 'cart'),
    // Equals the owner's id while the order is a cart, null otherwise: a unique index on it means
    // a user never has two carts, even when two requests race.
    cart_key: int(),
    subtotal_pence: int({ default: 0 }),
    discount_pence: int({ default: 0 }),
    total_pence: int({ default: 0 }),
    currency: str({ default: 'GBP' }),
    promo_code: str(),
    payment_provider: str(),
    provider_session_id: str(),
    provider_payment_id: str(),
    paid_at: dt(),
    fulfilled_at: dt(),
    cancelled_at: dt(),
    refunded_at: dt(),
    // The shop language the buyer used when they added to the cart and checked out ('en', 'de'):
    // the order's e-mails (the e-card to each recipient, print-ready) are written in it. Null on
    // orders older than it means English.
    locale: str(),
    // Set when the buyer's order confirmation is claimed (areas/orders/confirmation): once per order.
    confirmation_sent_at: dt(),
    // The VAT in total_pence (areas/orders/invoices): set by checkout when prices are net, by the
    // payment when Stripe Tax computed it ('stripe'), else when the invoice is issued ('rules').
    vat_pence: int(),
    vat_source: str(),
    // The number of the order's invoice, set in the transaction that issues it.
    invoice_number: int(),
  },
});

export default order;
