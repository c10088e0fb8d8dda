import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { getConfig } from '../../platform/config/get-config';
import { conflict, fieldError, fieldErrors, notFound } from '../../platform/errors';
import type { PageRequest } from '../../platform/http/pagination';
import { pagedRowsCountingLast } from '../../platform/db/paged-rows';
import { CARD_STATUSES, CardStatus } from '../../platform/enums';
import { blankCanvas, CanvasData, validateCanvasData } from '../../platform/designs/canvas-data';
import { LOCKED_STATUSES, shopperStatusChange } from './rules/card-status';
import { CARD_POPULATE, CardRow, serializeCard } from './serializer';
import { getService } from '../../platform/get-service';
import { bumpDesignRevision } from './card-preview';
import { cardPrintReport } from './card-preflight';
import { cardOrderUse, isDesignLocked, wasEverOrdered } from './card-orders';
import { query } from '../../platform/db/query';
import { rowsByIdWithRelationsAndRefs } from '../../platform/db/joined-rows';
import { imageSourceRules } from '../../platform/uploads/image-rules';
import { effectiveProductCode } from '../../platform/designs/print-products/products';
import { msg } from '../../platform/i18n/format-message';

export interface CardInput {
  title?: string;
  canvas_data?: unknown;
  inside_message?: string;
}

export interface CardPatch extends CardInput {
  status?: string;
}

const LOCKED_MESSAGE = msg('error.card_locked');

// A shopper's cards. Status changes always go through applyStatus so the library follows.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const cards = () => query(strapi, UID.card);
  const library = () => getService(strapi, 'library');
  const premium = () => getService(strapi, 'premium');
  const previews = () => getService(strapi, 'cardPreviews');

  /** Validated, normalised design, or the 400 naming what is wrong (see platform/designs/canvas-data.ts). */
  function checkCanvas(value: unknown): CanvasData {
    const { canvasMaxBytes, canvasMaxObjects } = getConfig(strapi);
    const { publicUrl, remotePrefixes } = imageSourceRules(strapi);
    const result = validateCanvasData(value, {
      maxBytes: canvasMaxBytes,
      maxObjects: canvasMaxObjects,
      publicUrl,
      remotePrefixes,
    });
    if (!result.ok) throw fieldErrors({ canvas_data: result.errors });
    return result.value;
  }

  async function load(cardId: number): Promise<CardRow | null> {
    return cards().findOne({ where: { id: cardId }, populate: [...CARD_POPULATE] });
  }

  /** The user's card, or the 404 error (another user's card is "not found" too). */
  async function findOwned(userId: number, cardId: number): Promise<CardRow> {
    // One query: the card with its template and occasion, and its owner's id only (the engine's
    // findOne with populate was three, and joined the users table to compare the owner).
    const [row] = await rowsByIdWithRelationsAndRefs(strapi, UID.card, [cardId], [...CARD_POPULATE], ['owner']);
    if (!row || (row.owner as { id: number } | null)?.id !== userId) throw notFound();
    delete row.owner;
    return row as unknown as CardRow;
  }

  async function applyStatus(cardId: number, status: CardStatus, current: { status: CardStatus; sent_at?: unknown }) {
    const data: Record<string, unknown> = { status };
    if ((status === 'sent' || status === 'delivered') && !current.sent_at) data.sent_at = new Date();
    // updateMany: one UPDATE, without reading the row back.
    await cards().updateMany({ where: { id: cardId }, data: { ...data, updatedAt: new Date() } });
    await library().syncCard(cardId);
  }

  async function create(userId: number, input: CardInput) {
    // A blank card is on the shop's default product, and its blank canvas has that product's aspect.
    const product = getConfig(strapi).defaultProduct;
    const canvas = input.canvas_data === undefined ? blankCanvas(product) : checkCanvas(input.canvas_data);
    await premium().assertAccess(userId, { canvasData: canvas });
    const id = await strapi.db.transaction(async () => {
      const row = await cards().create({
        data: {
          owner: userId,
          title: input.title ?? '',
          product,
          canvas_data: canvas,
          inside_message: input.inside_message ?? '',
          status: 'draft',
          design_revision: 1,
        },
      });
      await library().syncCard(row.id);
      return row.id as number;
    });
    // Drawn in the background: the library shows it a moment later, the request does not wait.
    previews().changed(id);
    return serializeCard((await load(id))!);
  }

  /** A new draft holding a deep copy of an active template's design. */
  async function personalize(userId: number, slug: string) {
    const catalogue = getService(strapi, 'catalogue');
    const template = await catalogue.findActiveTemplate(slug);
    await premium().assertAccess(userId, { templateId: template.id, canvasData: template.canvas_data });
    // The template's preview is the card's until the card's own is drawn: the library shows the
    // design at once. When it is exactly this design's render, it counts as the card's own.
    const canvas = structuredClone(template.canvas_data ?? blankCanvas());
    const thumbnail =
      typeof template.thumbnail_url === 'string' && template.thumbnail_url ? template.thumbnail_url : null;
    const ownRender = thumbnail !== null && getService(strapi, 'rendering').isPreviewOf(thumbnail, canvas);
    const id = await strapi.db.transaction(async () => {
      const row = await cards().create({
        data: {
          owner: userId,
          title: template.name,
          template: template.id,
          occasion: template.occasion?.id ?? null,
          // The card keeps its template's product, even if the template later changes size.
          product: effectiveProductCode(template.product),
          // A copy, never a reference: editing the card must not touch the template.
          canvas_data: canvas,
          inside_message: '',
          status: 'draft',
          preview_url: thumbnail,
          preview_hash: ownRender ? getService(strapi, 'rendering').previewLocation(canvas).hash : null,
          design_revision: 1,
          preview_revision: ownRender ? 1 : 0,
        },
      });
      await library().syncCard(row.id);
      return row.id as number;
    });
    if (!ownRender) previews().changed(id);
    await catalogue.bumpPopularity(template.id);
    return serializeCard((await load(id))!);
  }

  async function list(userId: number, page: PageRequest) {
    const where = { owner: { id: userId } };
    const { count, rows } = await pagedRowsCountingLast(
      page,
      () => cards().count({ where }),
      () =>
        cards().findMany({
          where,
          populate: [...CARD_POPULATE],
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          offset: page.offset,
          limit: page.pageSize,
        }),
    );
    return { count, results: rows.map(serializeCard) };
  }

  /**
   * One card with its preflight report and each photo's resolution at print size (lists leave them
   * out: they read the template and the photos).
   */
  async function get(userId: number, cardId: number) {
    const card = await findOwned(userId, cardId);
    return { ...serializeCard(card), ...(await cardPrintReport(strapi, card)) };
  }

  async function update(userId: number, cardId: number, patch: CardPatch) {
    const card = await findOwned(userId, cardId);
    const data: Record<string, unknown> = {};
    if (patch.status !== undefined && patch.status !== card.status) {
      const problem = shopperStatusChange(card.status, patch.status, await wasEverOrdered(strapi, card));
      if (problem) throw fieldError('status', problem);
    }
    if (patch.canvas_data !== undefined || patch.inside_message !== undefined) {
      if (await isDesignLocked(strapi, card)) throw conflict(LOCKED_MESSAGE);
    }
    if (patch.canvas_data !== undefined) {
      data.canvas_data = checkCanvas(patch.canvas_data);
      await premium().assertAccess(userId, { templateId: card.template?.id, canvasData: data.canvas_data });
    }
    if (patch.title !== undefined) data.title = patch.title;
    if (patch.inside_message !== undefined) data.inside_message = patch.inside_message;
    await strapi.db.transaction(async ({ trx }) => {
      if (Object.keys(data).length) await cards().update({ where: { id: cardId }, data });
      if (data.canvas_data !== undefined) await bumpDesignRevision(strapi, trx, cardId);
      if (patch.status !== undefined && patch.status !== card.status)
        await applyStatus(cardId, patch.status as CardStatus, card);
    });
    // Autosave and PATCH: the preview follows in the background (debounced, see card-previews-service.ts).
    if (data.canvas_data !== undefined) previews().changed(cardId);
    return serializeCard((await load(cardId))!);
  }

  /** Stores the editor's design and marks the card saved. */
  async function saveDesign(
    userId: number,
    cardId: number,
    input: { canvas_data: unknown; inside_message?: string; title?: string },
  ) {
    const card = await findOwned(userId, cardId);
    const canvas = checkCanvas(input.canvas_data);
    if (await isDesignLocked(strapi, card)) throw conflict(LOCKED_MESSAGE);
    await premium().assertAccess(userId, { templateId: card.template?.id, canvasData: canvas });
    const data: Record<string, unknown> = { canvas_data: canvas };
    if (input.inside_message !== undefined) data.inside_message = input.inside_message;
    if (input.title !== undefined) data.title = input.title;
    await strapi.db.transaction(async ({ trx }) => {
      await cards().update({ where: { id: cardId }, data });
      await bumpDesignRevision(strapi, trx, cardId);
      // Saving again keeps the entry fresh (it moves up the library) even when already saved.
      await applyStatus(cardId, 'saved', card);
    });
    // After the commit: rendering takes a while and must not hold the transaction open. An explicit
    // save waits for its preview; it is the same render the background one does.
    await previews().refreshNow(cardId);
    return serializeCard((await load(cardId))!);
  }

  /** Marks or unmarks the favourite; the favourite's library entry is pinned. */
  async function setFavorite(userId: number, cardId: number, isFavorite: boolean) {
    await findOwned(userId, cardId);
    await strapi.db.transaction(async () => {
      await cards().update({ where: { id: cardId }, data: { is_favorite: isFavorite } });
      await library().syncCard(cardId);
    });
    return { id: cardId, is_favorite: isFavorite };
  }

  async function remove(userId: number, cardId: number): Promise<void> {
    const card = await findOwned(userId, cardId);
    // Ordered and sent cards are part of an order's history (and of recipients' libraries):
    // they can be archived, never deleted.
    const use = await cardOrderUse(strapi, cardId);
    if (LOCKED_STATUSES.includes(card.status) || card.sent_at || use.placed)
      throw conflict(msg('error.card_ordered_undeletable'));
    if (use.inCart) throw conflict(msg('error.card_in_cart'));
    await strapi.db.transaction(async () => {
      await library().removeCard(cardId);
      await cards().delete({ where: { id: cardId } });
    });
  }

  /**
   * Sets a card's status on behalf of orders ('ordered') and fulfilment ('sent', 'delivered'):
   * stamps sent_at on the first send and keeps the library in sync.
   */
  async function setStatus(cardId: number, status: CardStatus): Promise<void> {
    if (!(CARD_STATUSES as readonly string[]).includes(status)) throw new Error(`unknown card status "${status}"`);
    const card = await cards().findOne({ where: { id: cardId }, select: ['id', 'status', 'sent_at'] });
    if (!card) throw notFound();
    await applyStatus(cardId, status, card);
  }

  /**
   * setStatus for many cards in a few statements (payment marks every card of an order ordered; one
   * by one that was six queries a card). Cards that do not exist are skipped.
   */
  async function setStatusMany(cardIds: number[], status: CardStatus): Promise<void> {
    if (!(CARD_STATUSES as readonly string[]).includes(status)) throw new Error(`unknown card status "${status}"`);
    const ids = [...new Set(cardIds)];
    const now = new Date();
    // Each batch's UPDATE goes with the library's read of those cards (one statement on PostgreSQL);
    // a send's first stamps sent_at in the same UPDATE, as applyStatus does.
    await library().syncCards(ids, { status, at: now, firstSent: status === 'sent' || status === 'delivered' });
  }

  return {
    findOwned,
    create,
    personalize,
    list,
    get,
    update,
    saveDesign,
    setFavorite,
    remove,
    setStatus,
    setStatusMany,
  };
};
