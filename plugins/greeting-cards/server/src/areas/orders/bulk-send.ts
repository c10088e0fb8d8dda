import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../../platform/uids';
import { getConfig } from '../../platform/config/get-config';
import { badRequest, fieldErrors, msg, type FieldErrors, type Text } from '../../platform/errors';
import { resolveScheduledDate, type AddToCartInput } from './rules/cart-input';
import { zoneOr } from '../../platform/time/time-zones';
import { deliveryRuleErrors } from './rules/cart-rules';
import { mergeFieldsIn } from '../../platform/designs/merge-fields';
import { query, type Row } from '../../platform/db/query';
import { PUBLISHED } from '../../platform/db/published';
import { chosenEnvelope, ecardExtras } from './cart-item-validation';
import type { EnvelopeChoice } from '../catalogue';

// Bulk send: one card to many recipients, one basket line each (the same delivery, schedule and
// add-on), added together or not at all. The lines share a `bulk_group`, and the cart's item limit
// (SERVICE_CART_MAX_ITEMS) counts a group as one entry; a group holds at most
// SERVICE_BULK_SEND_MAX_RECIPIENTS lines. A card whose text holds merge fields ({first_name}...) is
// drawn for each recipient with their name (platform/designs/merge-fields.ts).

const missing = (id: number) => msg('error.invalid_pk', { id });
const nameOf = (r: Row) => [r.first_name, r.last_name].filter(Boolean).join(' ') || `Recipient ${r.id}`;
// Enough to say what is wrong without an answer the size of the address book.
const MAX_MESSAGES = 20;

/** The entries a cart's item limit counts: each single line, and each bulk group once. */
export function cartEntries(items: Array<{ bulk_group?: string | null }>): number {
  const groups = new Set<string>();
  let singles = 0;
  for (const item of items) {
    if (item.bulk_group) groups.add(item.bulk_group);
    else singles += 1;
  }
  return singles + groups.size;
}

export interface ValidBulk {
  card: Row;
  recipients: Row[];
  /** When each recipient's copy goes (by recipient id): a date resolves on each one's own clock. */
  scheduledFor: Map<number, Date | null>;
  addon: Row | null;
  envelope: EnvelopeChoice | null;
  bulkGroup: string;
}

/** Checks a bulk add against the database: own card, every recipient own and deliverable. */
export async function validateBulk(strapi: Core.Strapi, userId: number, input: AddToCartInput): Promise<ValidBulk> {
  const ids = input.recipient_ids ?? [];
  const max = getConfig(strapi).bulkSendMaxRecipients;
  if (ids.length > max) throw fieldErrors({ recipient_ids: [msg('error.bulk_max', { max })] });
  const errors: FieldErrors = {};
  const add = (field: string, message: Text) => {
    const list = (errors[field] ??= []);
    if (list.length < MAX_MESSAGES) list.push(message);
  };

  // With its design: the merge fields it uses decide what each recipient needs.
  const card: Row | null = await query(strapi, UID.card).findOne({
    where: { id: input.card_id, owner: { id: userId } },
    select: ['id', 'title', 'status', 'canvas_data', 'inside_message'],
  });
  if (!card) add('card_id', missing(input.card_id));
  else if (card.status === 'archived') add('card_id', msg('error.archived_card'));

  const addon = input.gift_addon_id
    ? await query(strapi, UID.giftAddon).findOne({ where: { id: input.gift_addon_id, is_active: true, ...PUBLISHED } })
    : null;
  if (input.gift_addon_id && !addon) add('gift_addon_id', missing(input.gift_addon_id));
  const envelope = await chosenEnvelope(strapi, input, add);

  // One query for all of them; another user's recipient reads as missing, as for a single line.
  const found: Row[] = await query(strapi, UID.recipient).findMany({
    where: { id: { $in: ids }, owner: { id: userId } },
  });
  const byId = new Map(found.map((r) => [r.id, r]));
  for (const id of ids) if (!byId.has(id)) add('recipient_ids', missing(id));
  const recipients = ids.map((id) => byId.get(id)).filter((r): r is Row => Boolean(r));
  for (const recipient of recipients) {
    const rules = deliveryRuleErrors(input.delivery_method, recipient, {
      gift_addon: Boolean(input.gift_addon_id),
      gift_wrap: input.gift_wrap,
    });
    for (const messages of Object.values(rules))
      for (const message of messages)
        add('recipient_ids', msg('error.item_problem', { label: nameOf(recipient), message }));
  }
  if (card && mergeFieldsIn(card.canvas_data, card.inside_message).includes('first_name')) {
    for (const recipient of recipients) {
      if (!String(recipient.first_name ?? '').trim())
        add('recipient_ids', msg('error.bulk_no_first_name', { name: nameOf(recipient) }));
    }
  }
  // A date without a time goes at the send hour where each recipient lives: one card, many clocks.
  const config = getConfig(strapi);
  const scheduledFor = new Map<number, Date | null>();
  for (const recipient of recipients) {
    if (!input.scheduled_date) {
      scheduledFor.set(recipient.id, input.scheduled_for);
      continue;
    }
    const resolved = resolveScheduledDate(
      input.scheduled_date,
      zoneOr(recipient.time_zone, config.shopTimeZone),
      config.scheduledSendHour,
      new Date(),
    );
    if (resolved.ok) scheduledFor.set(recipient.id, resolved.value);
    else add('scheduled_for', msg('error.item_problem', { label: nameOf(recipient), message: resolved.message }));
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return { card: card!, recipients, addon, envelope, scheduledFor, bulkGroup: crypto.randomUUID() };
}

/** The lines of a bulk add, ready to insert into the cart `orderId`. */
export function bulkLines(orderId: number, input: AddToCartInput, bulk: ValidBulk, price: object): Row[] {
  return bulk.recipients.map((recipient) => ({
    order: orderId,
    card: input.card_id,
    recipient: recipient.id,
    delivery_method: input.delivery_method,
    scheduled_for: bulk.scheduledFor.get(recipient.id) ?? null,
    gift_addon: bulk.addon ? bulk.addon.id : null,
    gift_wrap: input.gift_wrap,
    ...ecardExtras(input, bulk.envelope),
    bulk_group: bulk.bulkGroup,
    ...price,
  }));
}

/** The 400 for a cart already holding its most entries. */
export const cartFull = (max: number) => badRequest(msg('error.cart_full', { max }));
