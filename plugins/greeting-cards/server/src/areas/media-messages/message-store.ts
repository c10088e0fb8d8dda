import fs from 'fs';
import os from 'os';
import path from 'path';
import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { conflict, fieldError, notFound, tooLarge, msg } from '../../platform/errors';
import { isDesignLocked } from '../cards';
import { getConfig } from '../../platform/config/get-config';
import { getService } from '../../platform/get-service';
import { query, type Row } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { publicShopUrl } from '../../platform/mount/mount-points';
import { translate } from '../../platform/i18n/translate';
import type { Locale } from '../../platform/i18n/locales';
import type { UploadedFile } from '../../platform/http/uploaded-file';
import { inspectMedia, type MediaFormat, type MediaProblem } from './rules/inspect-media';
import { MAX_BYTES, MAX_CAPTIONS, MAX_SECONDS, SECONDS_SLACK_MS } from './rules/message-limits';

// A card's video or voice message: checked from its bytes (rules/inspect-media.ts), stored through the
// host's upload provider (media library), one per card. Everything is checked before anything is
// stored, so a refused file leaves no row and no file behind.

const PROBLEMS: Record<MediaProblem, Parameters<typeof msg>[0]> = {
  type: 'error.media_type',
  truncated: 'error.media_truncated',
  damaged: 'error.media_damaged',
  mixed: 'error.media_mixed',
  duration: 'error.media_duration',
};

const messages = (strapi: Core.Strapi) => query(strapi, UID.mediaMessage);

/** The file's format, or a 400 naming `media`. */
async function checkedFile(file: UploadedFile | undefined): Promise<{ format: MediaFormat; bytes: Buffer }> {
  if (!file?.filepath) throw fieldError('media', msg('error.media_choose'));
  if (file.size > MAX_BYTES) throw fieldError('media', msg('error.media_too_big', { max: MAX_BYTES / 1024 / 1024 }));
  const bytes = await fs.promises.readFile(file.filepath);
  if (bytes.length > MAX_BYTES) throw fieldError('media', msg('error.media_too_big', { max: MAX_BYTES / 1024 / 1024 }));
  if (bytes.length === 0) throw fieldError('media', msg('error.media_choose'));
  const seen = inspectMedia(bytes);
  if (!seen.ok) throw fieldError('media', msg(PROBLEMS[seen.problem]));
  if (seen.format.durationMs > MAX_SECONDS * 1000 + SECONDS_SLACK_MS)
    throw fieldError(
      'media',
      msg('error.media_too_long', { max: MAX_SECONDS, seconds: Math.round(seen.format.durationMs / 1000) }),
    );
  return { format: seen.format, bytes };
}

/** Typed captions: plain text, at most MAX_CAPTIONS characters, control characters but newlines removed. */
export function checkedCaptions(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return '';
  if (typeof raw !== 'string') throw fieldError('captions', msg('error.not_string'));
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .trim();
  if (text.length > MAX_CAPTIONS) throw fieldError('captions', msg('error.media_captions_long', { max: MAX_CAPTIONS }));
  return text;
}

/** 413 when the shopper's messages would pass their count or their storage (the card's own one is replaced). */
async function checkRoom(strapi: Core.Strapi, ownerId: number, cardId: number, size: number): Promise<void> {
  const config = getConfig(strapi);
  const kept = (await messages(strapi).findMany({
    where: { owner: { id: ownerId }, removed_at: { $null: true } },
    select: ['id', 'card_id', 'size_bytes'],
  })) as Row[];
  const others = kept.filter((m) => Number(m.card_id) !== cardId);
  if (others.length + 1 > config.mediaMessageMaxPerUser)
    throw tooLarge(msg('error.media_quota', { max: config.mediaMessageMaxPerUser }));
  const used = others.reduce((sum, m) => sum + Number(m.size_bytes || 0), 0);
  if (used + size > config.mediaMessageStorageMbPerUser * 1024 * 1024)
    throw tooLarge(msg('error.media_storage', { max: config.mediaMessageStorageMbPerUser }));
}

async function uploadFile(
  strapi: Core.Strapi,
  format: MediaFormat,
  bytes: Buffer,
): Promise<{ id: number; url: string }> {
  const name = `message-${crypto.randomBytes(12).toString('hex')}${format.ext}`;
  const tmp = path.join(os.tmpdir(), name);
  await fs.promises.writeFile(tmp, bytes);
  try {
    const [stored] = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText: 'Message on a greeting card' } },
        files: { filepath: tmp, originalFilename: name, mimetype: format.mime, size: bytes.length },
      });
    return { id: stored.id, url: stored.url };
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}

async function removeUpload(strapi: Core.Strapi, fileId: unknown): Promise<void> {
  if (!fileId) return;
  const file = await query(strapi, 'plugin::upload.file').findOne({ where: { id: fileId } });
  if (file) await strapi.plugin('upload').service('upload').remove(file);
}

export interface MessageView {
  token: string;
  url: string;
  mime: string;
  kind: string;
  duration_ms: number;
  size_bytes: number;
  captions: string;
  removed: boolean;
  removed_reason: string;
}

export const messageView = (row: Row): MessageView => ({
  token: String(row.token),
  url: row.removed_at ? '' : String(row.url),
  mime: String(row.mime),
  kind: String(row.kind),
  duration_ms: Number(row.duration_ms),
  size_bytes: Number(row.size_bytes),
  captions: row.removed_at ? '' : String(row.captions ?? ''),
  removed: Boolean(row.removed_at),
  removed_reason: String(row.removed_reason ?? ''),
});

/**
 * Someone else's card is a 404, as every card route answers it, before the file is even read; an ordered
 * card is frozen (409), its message as much as its design: the recipient gets what was bought.
 */
async function ownUnlockedCard(strapi: Core.Strapi, ownerId: number, cardId: number): Promise<void> {
  const card = (await getService(strapi, 'cards').get(ownerId, cardId)) as unknown as Parameters<
    typeof isDesignLocked
  >[1];
  if (await isDesignLocked(strapi, card)) throw conflict(msg('error.card_locked'));
}

/**
 * A message's add-on is part of the price of its card's lines in a basket (areas/orders/message-add-on.ts).
 * A failure here must not undo the message: checkout prices the add-on again whatever the basket says.
 */
const repriceBaskets = (strapi: Core.Strapi, cardId: number): Promise<void> =>
  getService(strapi, 'orders')
    .refreshMessageAddOn(cardId)
    .catch((error: unknown) => {
      strapi.log.warn(`Basket lines of card ${cardId} not repriced: ${String(error)}`);
    });

/** How often a message write that lost a race to another upload of the same card reads again. */
const WRITE_ATTEMPTS = 5;

/** Stores (or replaces) the message of the shopper's own card. */
export async function storeMessage(
  strapi: Core.Strapi,
  ownerId: number,
  cardId: number,
  file: UploadedFile | undefined,
  body: Record<string, unknown>,
): Promise<MessageView> {
  await ownUnlockedCard(strapi, ownerId, cardId);
  if (getConfig(strapi).mediaMessageMaxPerUser === 0) throw notFound();
  const captions = checkedCaptions(body.captions);
  const { format, bytes } = await checkedFile(file);
  await checkRoom(strapi, ownerId, cardId, bytes.length);
  const stored = await uploadFile(strapi, format, bytes);
  const data = {
    owner: ownerId,
    card_id: cardId,
    file_id: stored.id,
    url: stored.url,
    mime: format.mime,
    kind: format.kind,
    duration_ms: format.durationMs,
    size_bytes: bytes.length,
    captions,
    removed_at: null,
    removed_reason: null,
  };
  try {
    // Uploads to one card at once: each write is conditional (the create on the card's unique index, a
    // replacement on the file it replaces), and a lost race reads again and replaces the winner. The last
    // one stands, and every file replaced is removed exactly once: none is left behind unused.
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      const existing = (await messages(strapi).findOne({ where: { card_id: cardId } })) as Row | null;
      if (existing) {
        const result = await messages(strapi).updateMany({
          where: { id: existing.id, file_id: existing.file_id },
          data,
        });
        if (Number(result?.count ?? 0) !== 1) continue;
        await removeUpload(strapi, existing.file_id);
        await repriceBaskets(strapi, cardId);
        return messageView({ ...existing, ...data });
      }
      try {
        const row = await messages(strapi).create({
          data: { ...data, token: crypto.randomBytes(24).toString('base64url') },
        });
        await repriceBaskets(strapi, cardId);
        return messageView(row as Row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw conflict(msg('error.media_message_busy'));
  } catch (error) {
    await removeUpload(strapi, stored.id);
    throw error;
  }
}

/** Removes the message of the shopper's own card (and its file); none is not an error. */
export async function removeMessage(strapi: Core.Strapi, ownerId: number, cardId: number): Promise<void> {
  await ownUnlockedCard(strapi, ownerId, cardId);
  const existing = (await messages(strapi).findOne({ where: { card_id: cardId } })) as Row | null;
  if (!existing) return;
  await messages(strapi).delete({ where: { id: existing.id } });
  await removeUpload(strapi, existing.file_id);
  await repriceBaskets(strapi, cardId);
}

/** The message of a card, for its owner's editor and the view page (a removed one says so). */
export async function messageOfCard(strapi: Core.Strapi, cardId: number): Promise<MessageView | null> {
  const row = (await messages(strapi).findOne({ where: { card_id: cardId } })) as Row | null;
  return row ? messageView(row) : null;
}

/** Which of these cards carry a message the shop has not removed (what an order line pays for). */
export async function cardsWithMessage(strapi: Core.Strapi, cardIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(cardIds.filter((id) => Number.isInteger(id) && id > 0))];
  if (!ids.length) return new Set();
  const rows = (await messages(strapi).findMany({
    where: { card_id: { $in: ids }, removed_at: { $null: true } },
    select: ['id', 'card_id'],
  })) as Row[];
  return new Set(rows.map((r) => Number(r.card_id)));
}

/** The message behind a message page's token. */
export async function messageByToken(
  strapi: Core.Strapi,
  token: string,
): Promise<(MessageView & { cardId: number; ownerId: number | null }) | null> {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const row = (await messages(strapi).findOne({
    where: { token },
    populate: { owner: { select: ['id'] } },
  })) as Row | null;
  return row ? { ...messageView(row), cardId: Number(row.card_id), ownerId: row.owner?.id ?? null } : null;
}

/** An operator's removal: the file is deleted, the row stays so the page can say why. */
export async function removeByOperator(strapi: Core.Strapi, id: number, reason: string): Promise<void> {
  const row = (await messages(strapi).findOne({ where: { id } })) as Row | null;
  if (!row) throw notFound();
  await messages(strapi).update({ where: { id }, data: { removed_at: new Date(), removed_reason: reason } });
  await removeUpload(strapi, row.file_id);
  await repriceBaskets(strapi, Number(row.card_id));
}

/**
 * The QR code a posted or printed card carries (areas/rendering/rules/message-qr.ts): the message page's
 * full public URL and the caption in the order's language. None for a card without a message or whose
 * message the shop removed.
 */
export async function printedMessageQr(
  strapi: Core.Strapi,
  cardId: unknown,
  locale: Locale,
): Promise<{ url: string; caption: string } | null> {
  if (!cardId || !/^\d{1,10}$/.test(String(cardId))) return null;
  const message = await messageOfCard(strapi, Number(cardId));
  if (!message || message.removed) return null;
  return {
    url: publicShopUrl(strapi, `/messages/${encodeURIComponent(message.token)}/`),
    caption: translate(locale, 'print.media.scan'),
  };
}
