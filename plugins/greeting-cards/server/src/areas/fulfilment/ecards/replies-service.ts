import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { shopRows } from '../../../platform/db/localized';
import { getConfig } from '../../../platform/config/get-config';
import { getService } from '../../../platform/get-service';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { conflict, fieldError, forbidden, msg, notFound } from '../../../platform/errors';
import { recordLocale } from '../../../platform/i18n/record-locale';
import type { Locale } from '../../../platform/i18n/locales';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { errorText } from '../../../platform/deliveries/delivery-retry';
import { parseBody } from '../../../platform/http/body';
import { signerAddresses } from '../../group-cards';
import { editableUntil, replyEditable, replyInput, REPLY_EDIT_WINDOW_MS } from '../rules/reply-rules';
import { replyEmail } from './reply-email';

// A thank-you back (issue 45 item 5): the recipient of a card replies from its view page (found by the
// view token), once per card; the reply can be changed for a day. The first reply is e-mailed to the
// sender and, for a group card, to each signer who signed in (their account holds an address): once,
// claimed by a conditional UPDATE. Changes are not mailed again; the order page and the library show
// the reply as it stands. SERVICE_ECARD_REPLIES=false turns it all off (404 with a message).

export interface ReplySticker {
  id: number;
  name: string;
  emoji: string | null;
  image_url: string | null;
}

export interface ReplyView {
  message: string;
  sticker: ReplySticker | null;
  recipient_name: string;
  sent_at: string;
  edited_at: string | null;
  editable_until: string;
  editable: boolean;
}

const POPULATE = { sticker: { populate: ['image'] } };

const stickerView = (asset: Row | null | undefined): ReplySticker | null =>
  asset
    ? { id: asset.id, name: String(asset.name ?? ''), emoji: asset.emoji || null, image_url: asset.image?.url || null }
    : null;

const sentAtOf = (row: Row): Date => new Date(row.sent_at ?? row.createdAt);

export function replyView(row: Row, now = new Date()): ReplyView {
  const sent = sentAtOf(row);
  return {
    message: String(row.message ?? ''),
    sticker: stickerView(row.sticker),
    recipient_name: String(row.recipient_name ?? ''),
    sent_at: sent.toISOString(),
    edited_at: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    editable_until: editableUntil(sent).toISOString(),
    editable: replyEditable(sent, now),
  };
}

/** The name the sender gave the recipient when the card went. */
function recipientNameOf(delivery: Row): string {
  const item = (delivery.order_item ?? {}) as Row;
  const snap = (item.snapshot ?? {}) as Row;
  const named = [item.recipient?.first_name, item.recipient?.last_name].filter(Boolean).join(' ');
  return String(snap.recipient_name ?? named ?? '').trim();
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = () => query(strapi, UID.ecardReply);
  const enabled = () => getConfig(strapi).ecardReplies;

  /** The delivery behind a view token; replies off, or a token that opens no card: 404. */
  async function deliveryOf(token: string): Promise<Row> {
    if (!enabled()) throw notFound(msg('error.replies_off'));
    const delivery = await getService(strapi, 'deliveries').byToken(token);
    if (!delivery) throw notFound();
    return delivery;
  }

  /** A free sticker of the catalogue, or none; anything else is a 400 on sticker_id. */
  async function freeSticker(id: number | null): Promise<number | null> {
    if (id === null) return null;
    const asset = (await query(strapi, UID.asset).findOne({
      where: shopRows({ id, asset_type: 'sticker', is_active: true }),
      select: ['id', 'is_premium'],
    })) as Row | null;
    if (!asset) throw fieldError('sticker_id', msg('error.invalid_pk', { id }));
    if (asset.is_premium) throw fieldError('sticker_id', msg('error.sticker_not_free'));
    return asset.id as number;
  }

  const rowOf = (deliveryId: number) =>
    q().findOne({ where: { delivery_id: deliveryId }, populate: POPULATE }) as Promise<Row | null>;

  async function send(to: string, mail: { subject: string; html: string; text: string }, replyId: number) {
    try {
      await getService(strapi, 'mailer').send({ to, ...mail, headers: { 'X-Greeting-Card-Reply': String(replyId) } });
    } catch (error) {
      strapi.log.warn(`[greeting-cards] reply ${replyId}: an e-mail about it was not sent: ${errorText(error)}`);
    }
  }

  /** The e-mails about a new reply, once: the sender, then a group card's signers, each on their own. */
  async function notify(replyId: number, delivery: Row): Promise<void> {
    const { count } = (await q().updateMany({
      where: { id: replyId, notified_at: null },
      data: { notified_at: new Date() },
    })) as { count: number };
    if (count !== 1) return;
    const reply = await q().findOne({ where: { id: replyId }, populate: POPULATE });
    if (!reply) return;
    const config = getConfig(strapi);
    const item = (delivery.order_item ?? {}) as Row;
    const order = (item.order ?? {}) as Row;
    const lang = { locale: recordLocale(order.locale, config.shopLocale), shopName: config.shopName };
    const sticker = reply.sticker ? [reply.sticker.emoji, reply.sticker.name].filter(Boolean).join(' ') : null;
    const base = { recipientName: String(reply.recipient_name ?? ''), message: String(reply.message), sticker };
    const buyerId = order.user?.id;
    const buyer = buyerId
      ? ((await query(strapi, UID.user).findOne({
          where: { id: buyerId },
          select: ['email', 'blocked'],
        })) as Row | null)
      : null;
    if (buyer?.email && !buyer.blocked)
      await send(
        String(buyer.email),
        replyEmail(
          {
            ...base,
            audience: 'sender',
            orderUrl: order.uuid ? publicShopUrl(strapi, `/orders/${order.uuid}/`) : null,
          },
          lang,
        ),
        replyId,
      );
    const cardId = typeof item.card?.id === 'number' ? (item.card.id as number) : null;
    if (cardId === null) return;
    const signerMail = replyEmail({ ...base, audience: 'signer', orderUrl: null }, lang);
    const buyerAddress = String(buyer?.email ?? '').toLowerCase();
    for (const address of await signerAddresses(strapi, cardId)) {
      if (address !== buyerAddress) await send(address, signerMail, replyId);
    }
  }

  return {
    enabled,

    /** The reply to the card behind this view token, or null; 404 for an unknown token or replies off. */
    async get(token: string): Promise<ReplyView | null> {
      const delivery = await deliveryOf(token);
      const row = await rowOf(delivery.id);
      return row ? replyView(row) : null;
    },

    /** The reply behind an already found delivery (the view page has it), or null. */
    async ofDelivery(deliveryId: number): Promise<ReplyView | null> {
      const row = await rowOf(deliveryId);
      return row ? replyView(row) : null;
    },

    /** Sends the one reply of this card (POST): a second is a 409 (change the first instead). */
    async create(token: string, body: unknown, locale: Locale): Promise<ReplyView> {
      const delivery = await deliveryOf(token);
      const input = parseBody(replyInput, body);
      const sticker = await freeSticker(input.sticker_id);
      if (await q().findOne({ where: { delivery_id: delivery.id }, select: ['id'] }))
        throw conflict(msg('error.reply_exists'));
      const item = (delivery.order_item ?? {}) as Row;
      let row: Row;
      try {
        row = await q().create({
          data: {
            delivery_id: delivery.id,
            owner_id: item.order?.user?.id ?? null,
            card_id: item.card?.id ?? null,
            message: input.message,
            sticker,
            recipient_name: recipientNameOf(delivery),
            locale,
            sent_at: new Date(),
          },
        });
      } catch (error) {
        // Two posts at once: the unique index on delivery_id lets one in.
        if (isUniqueViolation(error)) throw conflict(msg('error.reply_exists'));
        throw error;
      }
      await notify(row.id, delivery);
      return replyView((await rowOf(delivery.id)) ?? row);
    },

    /** Changes the reply (PUT) within a day of sending it; none yet is a 404, a final one a 403. */
    async edit(token: string, body: unknown): Promise<ReplyView> {
      const delivery = await deliveryOf(token);
      const existing = await rowOf(delivery.id);
      if (!existing) throw notFound(msg('error.reply_missing'));
      const input = parseBody(replyInput, body);
      const sticker = await freeSticker(input.sticker_id);
      const now = new Date();
      if (!replyEditable(sentAtOf(existing), now)) throw forbidden(msg('error.reply_locked'));
      // Conditional on the window still being open at the moment of writing; the sticker (a relation,
      // which updateMany does not write) in the same transaction.
      await strapi.db.transaction(async () => {
        const { count } = (await q().updateMany({
          where: { id: existing.id, sent_at: { $gt: new Date(now.getTime() - REPLY_EDIT_WINDOW_MS) } },
          data: { message: input.message, edited_at: now },
        })) as { count: number };
        if (count !== 1) throw forbidden(msg('error.reply_locked'));
        await q().update({ where: { id: existing.id }, data: { sticker } });
      });
      return replyView((await rowOf(delivery.id))!);
    },

    /** Replies to these deliveries, by delivery id (the buyer's order page). */
    async forDeliveries(deliveryIds: number[]): Promise<Map<number, ReplyView>> {
      if (!deliveryIds.length) return new Map();
      const rows = (await q().findMany({ where: { delivery_id: { $in: deliveryIds } }, populate: POPULATE })) as Row[];
      return new Map(rows.map((r) => [Number(r.delivery_id), replyView(r)]));
    },

    /** Per card of the buyer's: how many replies, and the latest one (the library). */
    async forCards(ownerId: number, cardIds: number[]): Promise<Map<number, { count: number; latest: ReplyView }>> {
      if (!cardIds.length) return new Map();
      const rows = (await q().findMany({
        where: { owner_id: ownerId, card_id: { $in: cardIds } },
        orderBy: [{ sent_at: 'desc' }, { id: 'desc' }],
        populate: POPULATE,
      })) as Row[];
      const byCard = new Map<number, { count: number; latest: ReplyView }>();
      for (const row of rows) {
        const id = Number(row.card_id);
        const seen = byCard.get(id);
        if (seen) seen.count += 1;
        else byCard.set(id, { count: 1, latest: replyView(row) });
      }
      return byCard;
    },
  };
};
