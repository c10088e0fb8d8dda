import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { UID } from '../../platform/uids';
import { getService } from '../../platform/get-service';
import { query, tableOf, type Row } from '../../platform/db/query';

// A card's list preview (library, basket, orders) follows its design through two counters on the
// card: design_revision, bumped in the same transaction as every canvas_data write, and
// preview_revision, the revision the stored preview shows. A render reads the design and its revision
// together and writes its preview only over an older revision's: two renders racing (a background
// one and an explicit save, or two instances) can finish in any order and the newest design stays.

/** Bumps the design revision inside the caller's transaction (NULL on cards older than revisions). */
export async function bumpDesignRevision(strapi: Core.Strapi, trx: Knex.Transaction, cardId: number): Promise<void> {
  await trx(tableOf(strapi, UID.card))
    .where({ id: cardId })
    .update({ design_revision: trx.raw('coalesce(??, 0) + 1', ['design_revision']) });
}

/** Ids of cards whose preview is older than their design (left over by a restart), oldest first. */
export async function cardsWithStalePreviews(strapi: Core.Strapi, limit: number): Promise<number[]> {
  const rows = (await strapi.db
    .connection(tableOf(strapi, UID.card))
    .select('id')
    .whereRaw('coalesce(??, 0) > coalesce(??, 0)', ['design_revision', 'preview_revision'])
    .orderBy('id', 'asc')
    .limit(limit)) as Array<{ id: number }>;
  return rows.map((r) => Number(r.id));
}

/** `deferred`: left for a worker (SERVICE_ROLE=web never draws). */
export type PreviewOutcome = 'current' | 'rendered' | 'superseded' | 'gone' | 'failed' | 'deferred';

/**
 * Brings one card's preview up to its stored design: renders and stores the PNG (the same rendering
 * as template thumbnails and e-mails) unless the design's hash already matches. A rendering failure
 * is logged and leaves the old preview: saving a design must never fail because a preview could not
 * be drawn.
 */
export async function refreshCardPreview(strapi: Core.Strapi, cardId: number): Promise<PreviewOutcome> {
  const cards = () => query(strapi, UID.card);
  try {
    const card = (await cards().findOne({
      where: { id: cardId },
      select: ['id', 'canvas_data', 'preview_url', 'preview_hash', 'design_revision', 'preview_revision'],
      populate: { owner: { select: ['id'] } },
    })) as Row | null;
    if (!card) return 'gone';
    const revision = Number(card.design_revision ?? 0);
    const shown =
      card.preview_revision === null || card.preview_revision === undefined ? -1 : Number(card.preview_revision);
    if (revision <= shown && card.preview_url) return 'current';
    const rendering = getService(strapi, 'rendering');
    const { hash } = rendering.previewLocation(card.canvas_data);
    const data: Row = { preview_revision: revision };
    if (hash !== card.preview_hash || !card.preview_url) {
      data.preview_url = await rendering.storePreview(card.canvas_data, {
        owner: card.owner?.id ? `user:${card.owner.id}` : undefined,
      });
      data.preview_hash = hash;
    }
    // Only over an older revision's preview: a newer design's render may have finished first.
    const result = await cards().updateMany({
      where: {
        id: cardId,
        $or: [
          { preview_revision: { $null: true } },
          { preview_revision: { $lt: revision } },
          ...(card.preview_url ? [] : [{ preview_url: { $null: true } }]),
        ],
      },
      data,
    });
    if (Number(result?.count ?? 0) === 0) return 'superseded';
    return data.preview_url ? 'rendered' : 'current';
  } catch (error) {
    strapi.log.warn(
      `[greeting-cards] preview of card ${cardId} not rendered: ${(error as Error)?.message ?? String(error)}`,
    );
    return 'failed';
  }
}
