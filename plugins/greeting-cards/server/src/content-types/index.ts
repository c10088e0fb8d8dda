import { defineType, rel, str, text, int, bool, json, dt, date, enumeration } from './define';
import { UID } from '../uids';
import { LEGACY_PRODUCT, PRODUCT_CODES } from '../domain/print-products/products';
import { CANVAS_DATA_FIELD_UID } from '../custom-fields';
import { groupCard, groupSignature } from './group-cards';
import { addressRequestLink } from './address-requests';
import { recipientTag } from './recipient-tags';
import { mailAllowance } from './mail-allowance';
import {
  TEMPLATE_STYLES, ASSET_TYPES, CARD_STATUSES, LIBRARY_TYPES, REMINDER_TYPES, PROMO_KINDS, ORDER_STATUSES,
  DELIVERY_METHODS, PAYMENT_ISSUE_KINDS, DELIVERY_STATUSES, SUBSCRIPTION_STATUSES, PLAN_INTERVALS,
} from '../domain/enums';

const occasion = defineType({
  singular: 'occasion', plural: 'occasions', displayName: 'Occasion', curated: true, publishable: true,
  description: 'A reason to send a card (birthday, Christmas...). Seasonal ones have a month and day.',
  localized: ['name'],
  attributes: {
    name: str({ required: true }),
    slug: { type: 'uid', targetField: 'name', required: true },
    sort_order: int({ default: 0 }),
    month: int({ min: 1, max: 12 }),
    day: int({ min: 1, max: 31 }),
    // Seasonal window (both optional): shown in the shop only from / until these instants.
    available_from: dt(),
    available_until: dt(),
  },
  indexed: ['available_from', 'available_until'],
});

const template = defineType({
  singular: 'template', plural: 'templates', displayName: 'Card template', curated: true, publishable: true,
  description: 'A ready-made design shoppers personalise.',
  localized: ['name', 'description'],
  attributes: {
    name: str({ required: true }),
    slug: { type: 'uid', targetField: 'name', required: true },
    description: text(),
    occasion: rel.manyToOne(UID.occasion),
    style: enumeration(TEMPLATE_STYLES, 'traditional'),
    // The card size it prints as (domain/print-products/products.ts); its design's canvas follows it.
    product: enumeration(PRODUCT_CODES, LEGACY_PRODUCT),
    // A custom field over json (see custom-fields.ts): same column and API value, a preview in the admin.
    canvas_data: { type: 'customField', customField: CANVAS_DATA_FIELD_UID, required: true },
    thumbnail: { type: 'media', multiple: false, allowedTypes: ['images'] },
    thumbnail_url: str({ configurable: false }),
    is_premium: bool(false),
    is_active: bool(true),
    popularity: int({ default: 0 }),
    // Seasonal window (both optional): listed and personalisable only from / until these instants.
    available_from: dt(),
    available_until: dt(),
  },
  indexed: ['available_from', 'available_until'],
});

// One row whose token changes whenever anything shoppers see in the catalogue changes. Every instance
// reads it (one indexed-free single-row SELECT) to validate ETags and its small answer cache, so an
// editor's change is visible on the next request on every instance, with no cross-process messages.
const catalogueVersion = defineType({
  singular: 'catalogue-version', plural: 'catalogue-versions', displayName: 'Catalogue version', curated: false,
  description: 'Changes whenever the public catalogue changes (validator for HTTP caching).',
  attributes: {
    token: str({ required: true }),
  },
});

const asset = defineType({
  singular: 'asset', plural: 'assets', displayName: 'Design asset', curated: true, publishable: true,
  description: 'Stickers, backgrounds, frames, fonts and patterns for the editor.',
  localized: ['name'],
  attributes: {
    name: str({ required: true }),
    asset_type: enumeration(ASSET_TYPES, 'sticker'),
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    emoji: str(),
    svg: text(),
    tags: json(),
    is_premium: bool(false),
    is_active: bool(true),
  },
});

const card = defineType({
  singular: 'card', plural: 'cards', displayName: 'Card', curated: false,
  description: 'A shopper\'s design.',
  attributes: {
    owner: rel.user(),
    title: str({ default: '' }),
    template: rel.manyToOne(UID.template),
    occasion: rel.manyToOne(UID.occasion),
    status: enumeration(CARD_STATUSES, 'draft'),
    // Fixed when the card is made: its template's product, or SERVICE_DEFAULT_PRODUCT for a blank card.
    // Empty on cards made before products existed: they print as their template's, else as A5.
    product: enumeration(PRODUCT_CODES),
    canvas_data: json(),
    inside_message: text({ default: '' }),
    preview_url: str(),
    preview_hash: str(),
    // Bumped by every change to canvas_data; preview_revision is the revision the preview shows. A
    // preview is written only over an older revision's, so a slow render never replaces a newer one.
    design_revision: int({ default: 0 }),
    preview_revision: int({ default: 0 }),
    is_favorite: bool(false),
    sent_at: dt(),
  },
});

const libraryEntry = defineType({
  singular: 'library-entry', plural: 'library-entries', displayName: 'Library entry', curated: false,
  description: 'A card as it appears in a user\'s library.',
  attributes: {
    user: rel.user(),
    card: rel.manyToOne(UID.card),
    type: enumeration(LIBRARY_TYPES, 'draft'),
    is_pinned: bool(false),
    // For `received`: the address the card was delivered to (shown only while the user has proven it).
    received_address: str(),
  },
});

const recipient = defineType({
  singular: 'recipient', plural: 'recipients', displayName: 'Recipient', curated: false,
  description: 'An address-book entry.',
  unique: ['system_owner_key', 'link_email_key'],
  attributes: {
    owner: rel.user(),
    first_name: str({ default: '' }),
    last_name: str({ default: '' }),
    email: str({ default: '' }),
    phone: str({ default: '' }),
    address_line_1: str({ default: '' }),
    address_line_2: str({ default: '' }),
    city: str({ default: '' }),
    county: str({ default: '' }),
    postcode: str({ default: '' }),
    country: str({ default: 'GB' }),
    birthday: date(),
    anniversary: date(),
    notes: text({ default: '' }),
    is_system_user: bool(false),
    // IANA zone (Europe/London) whose clock a card scheduled for a date follows; on the system entry,
    // the shopper's own zone (reminders, dates on their pages). Null: the shop's SERVICE_TIME_ZONE.
    time_zone: str(),
    // Equals the owner's id on the is_system_user entry, null elsewhere: a unique index on it
    // makes "at most one system entry per owner" hold even when two syncs race.
    system_owner_key: int(),
    // Issue 24: 'address_link' on entries a friend filled in through the shopper's address link, null
    // on the shopper's own. link_email_key is "<owner id>:<lower-case e-mail>" on those entries: a
    // unique index on it makes a second submission from the same e-mail update the entry, never add one.
    source: str(),
    link_email_key: str({ unique: true }),
    link_submitted_at: dt(),
    // Security issue 39: a later answer through the link for the same e-mail never overwrites the
    // entry (whoever holds the link could otherwise move a friend). It waits here, the submitted
    // fields as JSON, for the owner to accept or reject; a newer one replaces a waiting one.
    pending_change: json(),
    pending_change_at: dt(),
  },
});

const reminder = defineType({
  singular: 'reminder', plural: 'reminders', displayName: 'Reminder', curated: false,
  description: 'A yearly or one-off nudge to send a card.',
  attributes: {
    user: rel.user(),
    recipient: rel.manyToOne(UID.recipient),
    occasion: rel.manyToOne(UID.occasion),
    type: enumeration(REMINDER_TYPES, 'birthday'),
    title: str({ default: '' }),
    event_date: date(),
    days_before: json(),
    is_active: bool(true),
    last_sent_at: dt(),
    last_sent_key: str(),
    // The owner's shop language when they set the reminder up: its e-mail is written in it (null: English).
    locale: str(),
  },
});

const giftAddon = defineType({
  singular: 'gift-addon', plural: 'gift-addons', displayName: 'Gift add-on', curated: true, publishable: true,
  description: 'A small gift sent with a posted card. Price in pence.',
  attributes: {
    name: str({ required: true }),
    description: text(),
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    price_pence: int({ required: true, min: 0 }),
    is_active: bool(true),
  },
});

const promoCode = defineType({
  singular: 'promo-code', plural: 'promo-codes', displayName: 'Promo code', curated: true,
  description: 'Discount codes. Amounts in pence; percent codes may have a cap in pence.',
  attributes: {
    code: str({ required: true, unique: true }),
    description: text(),
    kind: enumeration(PROMO_KINDS, 'fixed'),
    amount_pence: int({ min: 0 }),
    percent: int({ min: 0, max: 100 }),
    cap_pence: int({ min: 0 }),
    valid_from: dt(),
    valid_to: dt(),
    max_uses_total: int({ min: 0 }),
    max_uses_per_user: int({ min: 0 }),
    is_active: bool(true),
  },
});

const promoUse = defineType({
  singular: 'promo-use', plural: 'promo-uses', displayName: 'Promo use', curated: false,
  description: 'A promo code use held by an order from checkout on; released when the order is cancelled.',
  unique: ['slot_key'],
  attributes: {
    code: str({ required: true }),
    order_id: int({ required: true }),
    user_key: int(),
    // Which limit this row counts against ("CODE#use", "CODE#total", "CODE#user#7") and its numbered
    // slot in it: a unique index on slot_key means two checkouts can never hold the same last use.
    slot_group: str({ required: true }),
    slot_key: str({ required: true, unique: true }),
  },
});

const order = defineType({
  singular: 'order', plural: 'orders', displayName: 'Order', curated: false,
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
  },
});

const orderStatusChange = defineType({
  singular: 'order-status-change', plural: 'order-status-changes', displayName: 'Order status change', curated: false,
  description: 'One move of an order through its lifecycle (the status history operators see).',
  indexed: ['order_id'],
  attributes: {
    order_id: int({ required: true }),
    status: enumeration(ORDER_STATUSES),
    at: dt(),
  },
});

const orderItem = defineType({
  singular: 'order-item', plural: 'order-items', displayName: 'Order item', curated: false,
  description: 'One card to one recipient by one delivery method.',
  attributes: {
    order: rel.manyToOne(UID.order),
    card: rel.manyToOne(UID.card),
    recipient: rel.manyToOne(UID.recipient),
    delivery_method: enumeration(DELIVERY_METHODS, 'ecard'),
    scheduled_for: dt(),
    gift_addon: rel.manyToOne(UID.giftAddon),
    gift_wrap: bool(false),
    unit_price_pence: int({ default: 0 }),
    line_total_pence: int({ default: 0 }),
    // Lines added together by a bulk send share this; the cart's item limit counts the group once.
    bulk_group: str(),
    // Frozen at checkout so later edits to the card or recipient cannot change what was paid for.
    snapshot: json(),
  },
});

const delivery = defineType({
  singular: 'delivery', plural: 'deliveries', displayName: 'Delivery', curated: false,
  description: 'The sending of one order item.',
  unique: ['view_token', 'tracking_reference'],
  attributes: {
    order_item: rel.oneToOne(UID.orderItem),
    status: enumeration(DELIVERY_STATUSES, 'pending'),
    scheduled_for: dt(),
    sent_at: dt(),
    delivered_at: dt(),
    tracking_reference: str(),
    // A print provider's news (providers/postal/): its own status word, and the carrier's tracking.
    carrier_status: str(),
    // The provider's stage in our words (accepted ... shipped, delivered, failed, cancelled): it goes on
    // after `status` stops at sent, so a card the carrier later delivers says so without a new status.
    postal_status: str(),
    tracking_number: str(),
    tracking_url: str(),
    // When the poll last asked the provider about it: the poll takes the least recently asked first.
    last_checked_at: dt(),
    // Set when the operator was e-mailed about this failure (cleared by a retry): one e-mail per failure.
    failure_notified_at: dt(),
    view_token: str({ required: true, unique: true }),
    attempts: int({ default: 0 }),
    next_attempt_at: dt(),
    claimed_by: str(),
    claimed_at: dt(),
    // A cancel asking the print provider to stop this card (services/fulfilment/cancel-delivery.ts): the
    // request's token and when it took the card, so a second cancel does not ask the provider again.
    // Apart from claimed_at, whose stale claims the dispatcher takes over to send the card.
    cancel_claim: str(),
    cancel_claimed_at: dt(),
    last_error: text(),
    first_viewed_at: dt(),
    view_count: int({ default: 0 }),
    // The first view of an e-card by someone other than its buyer (first_viewed_at counts every view).
    opened_at: dt(),
    // The buyer's "send again": the last press's key (a repeated request with it sends nothing more),
    // and how many times it was sent again (each copy gets its own Message-ID).
    send_again_key: str(),
    send_again_count: int({ default: 0 }),
    pdf_path: str(),
  },
});

const deliveryEvent = defineType({
  singular: 'delivery-event', plural: 'delivery-events', displayName: 'Delivery event', curated: false,
  description: 'One accepted step of a posted card at its print provider (submission, callback, poll, cancel, retry): the operator\'s timeline.',
  indexed: ['delivery_id'],
  attributes: {
    delivery_id: int({ required: true }),
    // submitted, callback, poll, cancelled, retry, failed, refund, migrated
    source: str({ required: true }),
    status: str(),
    postal_status: str(),
    provider_status: str(),
    detail: text(),
    at: dt(),
  },
});

const refund = defineType({
  singular: 'refund', plural: 'refunds', displayName: 'Refund', curated: false,
  description: 'Money given back for one cancelled delivery: one row per delivery (a unique index), so a retry never refunds twice.',
  unique: ['delivery_id'],
  indexed: ['order_id'],
  attributes: {
    delivery_id: int({ required: true, unique: true }),
    order_id: int({ required: true }),
    amount_pence: int({ required: true }),
    currency: str(),
    provider: str(),
    provider_refund_id: str(),
    // pending: asked for, not confirmed; succeeded: the provider made it; manual: an operator must (see payment issues).
    status: str({ default: 'pending' }),
    requested_by: str(),
  },
});

const subscriptionPlan = defineType({
  singular: 'subscription-plan', plural: 'subscription-plans', displayName: 'Subscription plan', curated: true, publishable: true,
  description: 'Monthly plans. The provider price id comes from the Stripe dashboard.',
  attributes: {
    name: str({ required: true }),
    slug: { type: 'uid', targetField: 'name', required: true },
    description: text(),
    provider_price_id: str(),
    amount_pence: int({ required: true, min: 0 }),
    interval: enumeration(PLAN_INTERVALS, 'month'),
    is_active: bool(true),
    grants_premium: bool(true),
  },
});

const subscription = defineType({
  singular: 'subscription', plural: 'subscriptions', displayName: 'Subscription', curated: false,
  description: 'A user\'s subscription to a plan.',
  unique: ['provider_subscription_id'],
  attributes: {
    user: rel.user(),
    plan: rel.manyToOne(UID.subscriptionPlan),
    provider: str({ default: 'demo' }),
    provider_subscription_id: str({ unique: true }),
    provider_customer_id: str(),
    status: enumeration(SUBSCRIPTION_STATUSES, 'incomplete'),
    current_period_start: dt(),
    current_period_end: dt(),
    cancel_at_period_end: bool(false),
    canceled_at: dt(),
    // `created` of the newest provider event applied: older events arriving late are ignored.
    last_event_at: dt(),
  },
});

const billingProfile = defineType({
  singular: 'billing-profile', plural: 'billing-profiles', displayName: 'Billing profile', curated: false,
  description: 'The payment provider customer of a user.',
  unique: ['user_key'],
  attributes: {
    user: rel.oneToOne('plugin::users-permissions.user'),
    // The owner's id (whatever SERVICE_USER_MODEL is): a unique index on it means one profile per
    // user even when two checkouts race to create it.
    user_key: int(),
    stripe_customer_id: str(),
    email: str(),
    name: str(),
  },
});

const paymentEvent = defineType({
  singular: 'payment-event', plural: 'payment-events', displayName: 'Payment event', curated: false,
  description: 'Each provider event recorded once: what makes webhooks idempotent.',
  unique: ['event_id'],
  attributes: {
    provider: str({ required: true }),
    event_id: str({ required: true, unique: true }),
    type: str(),
    received_at: dt(),
    processed_at: dt(),
  },
});

const paymentIssue = defineType({
  // A record, not content: hidden from the Content Manager (where it could be edited or deleted); operators
  // read it on the plugin's Payment issues page and mark it resolved there (admin API, payments.manage).
  singular: 'payment-issue', plural: 'payment-issues', displayName: 'Payment issue', curated: false,
  description: 'A payment that did not pay its order: another session, a wrong amount, or money taken for an order already paid, cancelled or refunded (refund it by hand).',
  attributes: {
    kind: enumeration(PAYMENT_ISSUE_KINDS, 'needs_refund'),
    order_uuid: str(),
    order_status: str(),
    provider: str(),
    provider_session_id: str(),
    provider_payment_id: str(),
    amount_pence: int(),
    currency: str(),
    detail: text(),
    resolved: bool(false),
  },
});

const emailProof = defineType({
  singular: 'email-proof', plural: 'email-proofs', displayName: 'E-mail proof', curated: false,
  description: 'A confirmation link sent to a shopper\'s address, and whether it was opened: what shows them received cards.',
  attributes: {
    user: rel.user(),
    email: str({ required: true }),
    // SHA-256 of the link's token: the database never holds a working link.
    token_hash: str({ unique: true }),
    expires_at: dt(),
    proven_at: dt(),
  },
});

const photo = defineType({
  singular: 'photo', plural: 'photos', displayName: 'Photo', curated: false,
  description: 'A photo a shopper uploaded or cropped in the editor: what their photo quota counts.',
  attributes: {
    owner: rel.user(),
    url: str({ required: true }),
    // The upload plugin's file, removed with this record when the photo makes room for another.
    file_id: int(),
  },
});

export default {
  occasion, template, asset, card, 'library-entry': libraryEntry, recipient, reminder, 'gift-addon': giftAddon,
  'promo-code': promoCode, 'promo-use': promoUse, order, 'order-status-change': orderStatusChange, 'order-item': orderItem, delivery, 'delivery-event': deliveryEvent, refund, 'subscription-plan': subscriptionPlan,
  subscription, 'billing-profile': billingProfile, 'payment-event': paymentEvent, 'payment-issue': paymentIssue,
  'catalogue-version': catalogueVersion, photo, 'email-proof': emailProof,
  'group-card': groupCard, 'group-signature': groupSignature,
  'address-request-link': addressRequestLink,
  'recipient-tag': recipientTag,
  'mail-allowance': mailAllowance,
};
