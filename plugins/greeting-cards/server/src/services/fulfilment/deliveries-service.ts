import { personaliseCard } from '../../domain/merge-fields';
import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { conflict, notFound } from '../../errors';
import { shopperCancelMove } from '../../domain/delivery-state';
import { atCarrier, cancelAtCarrier } from './carrier-cancel';
import type { PageRequest } from '../../http/pagination';
import { serializeDelivery } from '../../serializers/delivery';
import { pagedRows } from '../shared/paged-rows';
import { readStoredPdf, signedPdfUrl, writePdf } from './delivery-files';
import { getService } from '../get-service';
import { query } from '../../db/query';

type Row = Record<string, any>;

const POPULATE = { order_item: { populate: { order: { select: ['id', 'uuid'] }, card: true, recipient: true } } };

/** Statuses in which a delivery's card may be seen through its token. */
const VIEWABLE = ['sent', 'delivered'];

// Reading deliveries: the buyer's list and PDFs, and the public e-card page by token.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = () => query(strapi, UID.delivery);
  const ownedWhere = (userId: number) => ({ order_item: { order: { user: { id: userId } } } });

  async function pdfOf(delivery: Row): Promise<Buffer> {
    const stored = await readStoredPdf(strapi, delivery.pdf_path);
    if (stored) return stored;
    const card: Row = personaliseCard(delivery.order_item?.card ?? {}, delivery.order_item?.snapshot?.recipient ?? delivery.order_item?.recipient ?? null);
    const pdf = await getService(strapi, 'rendering').cardPdf(
      { canvasData: card.canvas_data, insideMessage: card.inside_message ?? '', product: card.product },
      { owner: `delivery:${delivery.id}` },
    );
    // Keep it for next time; a PDF that cannot be stored is still served.
    const path = await writePdf(strapi, delivery.id, pdf).catch(() => null);
    if (path) await q().update({ where: { id: delivery.id }, data: { pdf_path: path } });
    return pdf;
  }

  return {
    async listForUser(userId: number, page: PageRequest) {
      const where = ownedWhere(userId);
      const { count, rows } = await pagedRows(
        page,
        () => q().count({ where }),
        () => q().findMany({ where, populate: POPULATE, orderBy: [{ id: 'desc' }], offset: page.offset, limit: page.pageSize }),
      );
      return { count, results: rows.map(serializeDelivery) };
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
        where: { view_token: token, status: { $in: VIEWABLE } },
        populate: { order_item: { populate: { card: true, recipient: true, order: { populate: { user: { select: ['id'] } } } } } },
      });
      return delivery ?? null;
    },

    pdfOf,

    /**
     * The buyer cancels their own posted card until the printer starts on it (POST
     * /api/deliveries/{id}/cancel/). A card queued at the print provider is cancelled there first, and the
     * provider's answer decides; then the card's price is refunded. Idempotent: cancelling a cancelled
     * card answers as the first time did (and finishes a refund left pending). Another user's card is
     * "not found".
     */
    async cancelForOwner(userId: number, deliveryId: number) {
      const find = () => q().findOne({ where: { id: deliveryId, ...ownedWhere(userId) }, populate: POPULATE });
      const delivery = await find();
      if (!delivery) throw notFound();
      if (delivery.status !== 'cancelled') {
        const move = shopperCancelMove(delivery.status, delivery.order_item?.delivery_method ?? '', atCarrier(delivery), delivery.postal_status ?? null);
        if (!move.ok) throw conflict(move.reason);
        if (atCarrier(delivery)) await cancelAtCarrier(strapi, delivery, 'The printer has already started on this card, so it can no longer be cancelled.');
        const stillThere = delivery.status === 'processing' ? { claimed_at: null } : {};
        const { count } = await q().updateMany({ where: { id: deliveryId, status: delivery.status, ...stillThere }, data: { status: 'cancelled', next_attempt_at: null, ...(delivery.postal_status ? { postal_status: 'cancelled' } : {}) } });
        if (count === 1) {
          await getService(strapi, 'fulfilment').recordEvent({ deliveryId, source: 'cancelled', status: 'cancelled', postalStatus: delivery.postal_status ?? null, detail: 'by the buyer' });
        } else if ((await find())?.status !== 'cancelled') {
          throw conflict('This card changed while you were cancelling it: reload the page and try again.');
        }
      }
      const refund = await getService(strapi, 'refunds').refundCancelledDelivery(deliveryId, 'shopper');
      return { ...serializeDelivery((await find()) ?? delivery), refund };
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
     * update), so concurrent views neither lose counts nor move the first-view time.
     */
    async recordView(deliveryId: number, now: Date = new Date()): Promise<void> {
      const table = strapi.db.metadata.get(UID.delivery).tableName;
      await strapi.db.connection(table).where({ id: deliveryId }).increment('view_count', 1);
      await q().updateMany({ where: { id: deliveryId, first_viewed_at: null }, data: { first_viewed_at: now } });
    },
  };
};
