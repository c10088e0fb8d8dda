import { defineType, rel, str, int, bool, json, dt, enumeration } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { DELIVERY_METHODS } from '../../../../platform/enums';

const orderItem = defineType({
  singular: 'order-item',
  plural: 'order-items',
  displayName: 'Order item',
  curated: false,
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
    // Posted cards (issue 44): the provider's shipping method, what the shop charges for it (in the line
    // total), whether that price came from the provider's quote or the settings' table, the arrive-by
    // date asked for and the promised arrival window ('YYYY-MM-DD').
    shipping_method: str(),
    shipping_pence: int({ default: 0 }),
    shipping_price_source: str(),
    arrive_by: str(),
    arrives_from: str(),
    arrives_to: str(),
    line_total_pence: int({ default: 0 }),
    // The card's video or voice message as the line pays for it (in the line total; null: none or free
    // for everyone), and whether it is free because the buyer is a premium member (areas/orders/message-add-on.ts).
    media_message_pence: int(),
    media_message_free: bool(false),
    // Lines added together by a bulk send share this; the cart's item limit counts the group once.
    bulk_group: str(),
    // E-cards (issue 45): the envelope it arrives in, as it was when chosen (slug and colours, see
    // areas/catalogue/rules/envelopes.ts; null: none), and the sender's wish to have it sent once more
    // if nobody opened it (areas/fulfilment/ecards/unopened-reminder-service.ts).
    envelope: json(),
    remind_unopened: bool(false),
    // Frozen at checkout so later edits to the card or recipient cannot change what was paid for.
    snapshot: json(),
  },
});

export default orderItem;
