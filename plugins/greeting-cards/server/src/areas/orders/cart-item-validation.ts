import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { fieldErrors, msg, type FieldErrors, type Text } from '../../platform/errors';
import { resolveScheduledDate, type AddToCartInput } from './rules/cart-input';
import { zoneOr } from '../../platform/time/time-zones';
import { getConfig } from '../../platform/config/get-config';
import { deliveryRuleErrors } from './rules/cart-rules';
import { findOwnedCard, findOwnedRecipient } from './owned-records';
import { query, type Row } from '../../platform/db/query';
import { PUBLISHED } from '../../platform/db/published';
import { envelopeBySlug, type EnvelopeChoice } from '../catalogue';

export interface ValidCartItem {
  input: AddToCartInput;
  card: Row;
  recipient: Row | null;
  addon: Row | null;
  /** The e-card's envelope as the line keeps it (null: none chosen). */
  envelope: EnvelopeChoice | null;
  /** When it goes out: the time given, or a date given resolved on the recipient's clock. */
  scheduledFor: Date | null;
}

const missing = (id: number) => msg('error.invalid_pk', { id });

/**
 * Checks a parsed add-to-cart input against the database: own card (not archived), own recipient, active
 * add-on, and what the delivery method needs. Throws every field error at once.
 */
export async function validateCartItem(
  strapi: Core.Strapi,
  userId: number,
  input: AddToCartInput,
  owned?: { card: Row | null; recipient: Row | null },
): Promise<ValidCartItem> {
  const errors: FieldErrors = {};
  const add = (field: string, message: Text) => (errors[field] ??= []).push(message);

  // Independent reads, so at once (on PostgreSQL each on its own pooled connection): the step waits for
  // the slowest of them, not their sum. `owned`: the card and recipient, when the caller read them.
  const [card, recipient, addon] = await Promise.all([
    owned ? owned.card : findOwnedCard(strapi, userId, input.card_id),
    !input.recipient_id ? null : owned ? owned.recipient : findOwnedRecipient(strapi, userId, input.recipient_id),
    input.gift_addon_id
      ? query(strapi, UID.giftAddon).findOne({ where: { id: input.gift_addon_id, is_active: true, ...PUBLISHED } })
      : null,
  ]);
  if (!card) add('card_id', missing(input.card_id));
  else if (card.status === 'archived') add('card_id', msg('error.archived_card'));
  if (input.recipient_id && !recipient) add('recipient_id', missing(input.recipient_id));
  if (input.gift_addon_id && !addon) add('gift_addon_id', missing(input.gift_addon_id));

  const envelope = await chosenEnvelope(strapi, input, add);

  // Method rules only make sense once the recipient reference itself is valid.
  if (!input.recipient_id || recipient) {
    const rules = deliveryRuleErrors(input.delivery_method, recipient, {
      gift_addon: Boolean(input.gift_addon_id),
      gift_wrap: input.gift_wrap,
    });
    for (const [field, messages] of Object.entries(rules)) if (!errors[field]) messages.forEach((m) => add(field, m));
  }
  // A date without a time goes at the send hour where the recipient lives (the shop's clock without one).
  let scheduledFor = input.scheduled_for;
  if (input.scheduled_date && (!input.recipient_id || recipient)) {
    const config = getConfig(strapi);
    const resolved = resolveScheduledDate(
      input.scheduled_date,
      zoneOr(recipient?.time_zone, config.shopTimeZone),
      config.scheduledSendHour,
      new Date(),
    );
    if (resolved.ok) scheduledFor = resolved.value;
    else add('scheduled_for', resolved.message);
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return { input, card: card!, recipient, addon, envelope, scheduledFor };
}

/** The envelope asked for, as the line keeps it: a published, active one, else a field error. */
export async function chosenEnvelope(
  strapi: Core.Strapi,
  input: AddToCartInput,
  add: (field: string, message: Text) => void,
): Promise<EnvelopeChoice | null> {
  if (!input.envelope) return null;
  const envelope = await envelopeBySlug(strapi, input.envelope);
  if (!envelope) add('envelope', msg('error.envelope_unknown', { slug: input.envelope }));
  return envelope;
}

/** The order line's columns for the e-card's envelope and reminder. */
export const ecardExtras = (input: AddToCartInput, envelope: EnvelopeChoice | null) => ({
  envelope: envelope ?? null,
  remind_unopened: Boolean(input.remind_unopened),
});

/**
 * At checkout, each cart item again: what was valid when it was added may not be now (the recipient
 * deleted, its e-mail or address removed, the card archived). One message per broken item, naming it,
 * so no money is taken for a card that cannot be delivered.
 */
export function checkoutItemProblems(items: Row[]): Text[] {
  const problems: Text[] = [];
  for (const item of items) {
    const label = `Item ${item.id}${item.card?.title ? ` ("${item.card.title}")` : ''}`;
    if (!item.card) problems.push(msg('error.item_card_gone', { label }));
    else if (item.card.status === 'archived') problems.push(msg('error.item_card_archived', { label }));
    const rules = deliveryRuleErrors(item.delivery_method, item.recipient ?? null, {
      gift_addon: Boolean(item.gift_addon),
      gift_wrap: Boolean(item.gift_wrap),
    });
    for (const messages of Object.values(rules))
      for (const message of messages) problems.push(msg('error.item_problem', { label, message }));
  }
  return problems;
}
