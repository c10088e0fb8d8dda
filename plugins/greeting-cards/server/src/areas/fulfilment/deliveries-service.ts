import { personaliseCard } from '../../platform/designs/merge-fields';
import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { badRequest, fieldErrors, notFound, unavailable } from '../../platform/errors';
import { shopperCancelMove } from '../../platform/deliveries/delivery-state';
import { atCarrier } from './postal/carrier-cancel';
import { cancelDelivery } from './cancel-delivery';
import type { PageRequest } from '../../platform/http/pagination';
import { serializeDelivery, type SendAgainRule } from './serializer';
import { ecardCounts, sendAgainCheck, type EcardCounts } from './rules/ecard-status';
import { getConfig } from '../../platform/config/get-config';
import crypto from 'crypto';
import { pagedRows } from '../../platform/db/paged-rows';
import { readStoredPdf, signedPdfUrl, writePdf } from './delivery-files';
import { getService } from '../../platform/get-service';
import { query } from '../../platform/db/query';
import { columnsOfType, linkOf } from '../../platform/db/joined-rows';
import { msg } from '../../platform/i18n/format-message';
import { recordLocale } from '../../platform/i18n/record-locale';
import { printedMessageQr } from '../media-messages';

type Row = Record<string, any>;

const POPULATE = {
  order_item: { populate: { order: { select: ['id', 'uuid', 'locale'] }, card: true, recipient: true } },
};

/** Statuses in which a delivery's card may be seen through its token. */
const VIEWABLE = ['sent', 'delivered'];

// Reading deliveries: the buyer's list and PDFs, and the public e-card page by token.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = () => query(strapi, UID.delivery);
  const ownedWhere = (userId: number) => ({ order_item: { order: { user: { id: userId } } } });

  async function pdfOf(delivery: Row): Promise<Buffer> {
    const stored = await readStoredPdf(strapi, delivery.pdf_path);
    if (stored) return stored;
    // SERVICE_ROLE=web draws nothing: a 503 the buyer's browser can retry (print-at-home files are
    // drawn and stored by the worker that sends them).
    if (!getService(strapi, 'rendering').drawsHere()) throw unavailable(msg('error.pdf_preparing'));
    const card: Row = personaliseCard(
      delivery.order_item?.card ?? {},
      delivery.order_item?.snapshot?.recipient ?? delivery.order_item?.recipient ?? null,
    );
    // A posted or printed card's video or voice message gets its QR code on the back; an e-card's PDF stays as it was.
    const item: Row = delivery.order_item ?? {};
    const messageQr =
      item.delivery_method === 'ecard'
        ? null
        : await printedMessageQr(strapi, item.card?.id, recordLocale(item.order?.locale, getConfig(strapi).shopLocale));
    const pdf = await getService(strapi, 'rendering').cardPdf(
      { canvasData: card.canvas_data, insideMessage: card.inside_message ?? '', product: card.product, messageQr },
      { owner: `delivery:${delivery.id}` },
    );
    // Keep it for next time; a PDF that cannot be stored is still served.
    const path = await writePdf(strapi, delivery.id, pdf).catch(() => null);
    if (path) await q().update({ where: { id: delivery.id }, data: { pdf_path: path } });
    return pdf;
  }

  const rule = (now: Date = new Date()): SendAgainRule => ({
    now,
    afterDays: getConfig(strapi).resendUnopenedAfterDays,
  });
  const view = (d: Row) => serializeDelivery(d, rule());

  /**
   * The buyer sends their e-card again (POST /api/deliveries/{id}/send-again/): a failed one, or one
   * nobody opened within SERVICE_RESEND_UNOPENED_AFTER_DAYS. The card goes back in the queue by one
   * conditional UPDATE on the status read, and the fulfilment machinery sends it (as an operator's
   * retry does). `key` names the press (the page's form carries one, an API client may send one): a
   * repeated request with the key of the last press sends nothing more and answers as the first did.
   * Only a buyer with a confirmed address or a paid order (403), within the day's e-mails to others (429).
   */
  async function sendAgainForOwner(userId: number, deliveryId: number, key: string | null) {
    const find = () => q().findOne({ where: { id: deliveryId, ...ownedWhere(userId) }, populate: POPULATE });
    const delivery = await find();
    if (!delivery) throw notFound();
    if (key !== null && !/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw fieldErrors({ key: [msg('error.idempotency_key')] });
    if (key && delivery.send_again_key === key) return view(delivery);
    const method = delivery.order_item?.delivery_method ?? null;
    const check = sendAgainCheck(
      {
        status: delivery.status,
        delivery_method: method,
        sent_at: delivery.sent_at,
        opened_at: delivery.opened_at,
        send_again_count: delivery.send_again_count,
      },
      new Date(),
      rule().afterDays,
    );
    if (!check.ok) throw badRequest(check.reason);
    // An e-mail to an address the buyer typed, once more (security issue 39): a confirmed address or a
    // paid order, and one of the day's e-mails to others (given back if this press sends nothing).
    const mail = getService(strapi, 'mailToOthers');
    const day = await mail.allow(userId, 1);
    const { count } = await q().updateMany({
      // On the values read (a column added later is null on older rows), so two presses change it once.
      where: { id: deliveryId, status: delivery.status, send_again_count: delivery.send_again_count ?? null },
      data: {
        status: 'pending',
        next_attempt_at: null,
        claimed_by: null,
        claimed_at: null,
        failure_notified_at: null,
        failed_mail_sent_at: null,
        send_again_key: key ?? crypto.randomUUID(),
        send_again_count: Number(delivery.send_again_count ?? 0) + 1,
      },
    });
    if (count !== 1) {
      await mail.giveBack(userId, 1, day);
      // Another press got there first: the same press (its key) is answered as it was; any other waits.
      const now = await find();
      if (key && now?.send_again_key === key) return view(now);
      throw badRequest(msg('error.ecard_resending'));
    }
    const fulfilment = getService(strapi, 'fulfilment');
    await fulfilment.recordEvent({ deliveryId, source: 'retry', status: 'pending', detail: 'sent again by the buyer' });
    fulfilment.dispatchInBackground(deliveryId);
    return view((await find()) ?? delivery);
  }

  return {
    async listForUser(userId: number, page: PageRequest) {
      const where = ownedWhere(userId);
      const { count, rows } = await pagedRows(
        page,
        () => q().count({ where }),
        () =>
          q().findMany({
            where,
            populate: POPULATE,
            orderBy: [{ id: 'desc' }],
            offset: page.offset,
            limit: page.pageSize,
          }),
      );
      return { count, results: rows.map(view) };
    },

    /** The deliveries of one of the buyer's orders (its detail page and GET /api/orders/{uuid}/), oldest first. */
    async listForOrder(userId: number, orderId: number) {
      const rows: Row[] = await q().findMany({
        where: { order_item: { order: { id: orderId, user: { id: userId } } } },
        populate: POPULATE,
        orderBy: [{ id: 'asc' }],
      });
      return rows.map(view);
    },

    sendAgainForOwner,

    /** Per card of the buyer's: how its e-cards stand (sent, opened, failed), for the library. */
    async ecardCountsByCard(userId: number, cardIds: number[]): Promise<Map<number, EcardCounts>> {
      if (!cardIds.length) return new Map();
      // One joined query (the engine's populate took three): the library page reads it per request.
      const delivery = columnsOfType(strapi, UID.delivery);
      const item = columnsOfType(strapi, UID.orderItem);
      const toItem = linkOf(strapi, UID.delivery, 'order_item');
      const toCard = linkOf(strapi, UID.orderItem, 'card');
      const toOrder = linkOf(strapi, UID.orderItem, 'order');
      const toUser = linkOf(strapi, UID.order, 'user');
      const raw: Row[] = await strapi.db
        .connection(`${delivery.table} as d`)
        .join(`${toItem.table} as di`, `di.${toItem.own}`, 'd.id')
        .join(`${item.table} as i`, 'i.id', `di.${toItem.other}`)
        .join(`${toCard.table} as ic`, `ic.${toCard.own}`, 'i.id')
        .join(`${toOrder.table} as io`, `io.${toOrder.own}`, 'i.id')
        .join(`${toUser.table} as ou`, `ou.${toUser.own}`, `io.${toOrder.other}`)
        .where(`i.${item.column('delivery_method')}`, 'ecard')
        .whereIn(`ic.${toCard.other}`, cardIds)
        .where(`ou.${toUser.other}`, userId)
        .distinct({
          id: 'd.id',
          card_id: `ic.${toCard.other}`,
          status: `d.${delivery.column('status')}`,
          opened_at: `d.${delivery.column('opened_at')}`,
        });
      const byCard = new Map<number, Row[]>();
      for (const r of raw) {
        const cardId = Number(r.card_id);
        byCard.set(cardId, [
          ...(byCard.get(cardId) ?? []),
          { status: String(r.status), opened_at: r.opened_at ?? null, delivery_method: 'ecard' },
        ]);
      }
      return new Map([...byCard].map(([id, list]) => [id, ecardCounts(list as Array<{ status: string }>)]));
    },

    /** The print PDF of the buyer's own delivery; another user's is "not found". */
    async pdfForOwner(userId: number, deliveryId: number): Promise<{ pdf: Buffer; filename: string }> {
      const delivery = await q().findOne({ where: { id: deliveryId, ...ownedWhere(userId) }, populate: POPULATE });
      if (!delivery) throw notFound();
      return { pdf: await pdfOf(delivery), filename: `card-${delivery.id}.pdf` };
    },

    /** A sent delivery by its view token, with card and sender id; null when unknown or not sent yet. */
    async byToken(token: string): Promise<Row | null> {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
      const delivery = await q().findOne({
        // Also while it is being sent again: the first e-mail's link keeps working. And while a sender
        // holds it: outcomes are recorded in batches just after the mail server took the e-mail, so the
        // link may be opened (or fetched by a mail scanner) before the card reads as sent.
        where: {
          view_token: token,
          $or: [
            { status: { $in: VIEWABLE } },
            { status: { $in: ['pending', 'processing'] }, sent_at: { $notNull: true } },
            { status: 'processing', claimed_at: { $notNull: true } },
          ],
        },
        populate: {
          order_item: { populate: { card: true, recipient: true, order: { populate: { user: { select: ['id'] } } } } },
        },
      });
      return delivery ?? null;
    },

    pdfOf,

    /**
     * The buyer cancels their own posted card until the printer starts on it (POST
     * /api/deliveries/{id}/cancel/). A card queued at the print provider is cancelled there first, and the
     * provider's answer decides; then the card's share of what the order paid is refunded (see
     * cancel-delivery.ts: decided once, under the order's lock). Idempotent: cancelling a cancelled card
     * answers as the first time did (and finishes a refund left pending). Another user's card is "not
     * found".
     */
    async cancelForOwner(userId: number, deliveryId: number) {
      const find = () => q().findOne({ where: { id: deliveryId, ...ownedWhere(userId) }, populate: POPULATE });
      const delivery = await find();
      if (!delivery) throw notFound();
      const { refund } = await cancelDelivery(strapi, {
        deliveryId,
        by: 'shopper',
        rule: (d) =>
          shopperCancelMove(d.status, d.order_item?.delivery_method ?? '', atCarrier(d), d.postal_status ?? null),
        repeatAnswers: true,
        refusal: msg('error.cancel_printing'),
        detail: 'by the buyer',
      });
      return { ...view((await find()) ?? delivery), refund };
    },

    /**
     * The provider's signed, expiring URL of the delivery's PDF when a remote upload provider keeps
     * it (rendered and stored first if need be); null with local storage, where we serve the bytes.
     */
    async signedPdfUrlOf(delivery: Row): Promise<string | null> {
      if (!delivery.pdf_path) {
        await pdfOf(delivery);
        const row = await q().findOne({ where: { id: delivery.id }, select: ['id', 'pdf_path'] });
        return signedPdfUrl(strapi, row?.pdf_path);
      }
      return signedPdfUrl(strapi, delivery.pdf_path);
    },

    /**
     * Counts a view: one atomic increment, and first_viewed_at set only by the first view (a conditional
     * update), so concurrent views neither lose counts nor move the first-view time. A view by someone
     * other than the buyer (`byBuyer` false) also opens the card: opened_at, set once the same way.
     */
    async recordView(deliveryId: number, now: Date = new Date(), byBuyer = false): Promise<void> {
      const table = strapi.db.metadata.get(UID.delivery).tableName;
      await strapi.db.connection(table).where({ id: deliveryId }).increment('view_count', 1);
      await q().updateMany({ where: { id: deliveryId, first_viewed_at: null }, data: { first_viewed_at: now } });
      if (!byBuyer) await q().updateMany({ where: { id: deliveryId, opened_at: null }, data: { opened_at: now } });
    },
  };
};
