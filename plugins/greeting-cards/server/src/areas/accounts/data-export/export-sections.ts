import type { Core } from '@strapi/strapi';
import path from 'path';
import { query, type Row } from '../../../platform/db/query';
import { UID } from '../../../platform/uids';
import { readUploadedFile, type StoredFile } from '../../../platform/uploads/file-store';
import { rowsOfUser } from './user-rows';

// What "Export my data" holds, as a list of sections (docs/accounts.md, "Export format"). Each section
// collects the account's rows of one kind; a section may add files (photos, previews), read through the
// upload provider so a bucket works as well as public/uploads. To export a new kind of data, add a
// section here. Secrets (password hashes, tokens that open a link) never leave: see SECRET_FIELDS.

export interface ExportFile {
  /** Where the file sits in the zip (files/...). */
  path: string;
  body: Buffer;
}

export interface SectionOutput {
  data: unknown;
  files?: ExportFile[];
}

export interface ExportSection {
  name: string;
  collect(strapi: Core.Strapi, userId: number): Promise<SectionOutput>;
}

/** Fields never exported: credentials, and tokens that would let whoever holds the zip act as the account. */
const SECRET_FIELDS = new Set([
  'password',
  'resetPasswordToken',
  'confirmationToken',
  'token',
  'token_hash',
  'sign_token',
  'edit_token_hash',
  'view_token',
  'claimed_by',
  'claimed_at',
  'cancel_claim',
  'cancel_claimed_at',
  'cart_key',
  'system_owner_key',
  'link_email_key',
  'deletion_key',
  'slot_key',
  'entry_key',
  'tag_key',
  'documentId',
  'publishedAt',
  'locale_key',
]);

/** The row as exported: secrets dropped, relations kept as they were populated. */
export function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Row)
        .filter(([key]) => !SECRET_FIELDS.has(key))
        .map(([key, v]) => [key, clean(v)]),
    );
  }
  return value;
}

const rows =
  (uid: string, populate?: unknown): ExportSection['collect'] =>
  async (strapi, userId) => ({ data: clean(await rowsOfUser(strapi, uid, userId, { populate })) });

const extOf = (url: string, fallback: string) => {
  const ext = path.posix.extname(new URL(url, 'http://local').pathname).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : fallback;
};

const profile: ExportSection = {
  name: 'profile',
  async collect(strapi, userId) {
    const user = await query(strapi, UID.user).findOne({
      where: { id: userId },
      populate: { role: { select: ['name'] } },
    });
    return { data: clean(user) };
  },
};

const cards: ExportSection = {
  name: 'cards',
  async collect(strapi, userId) {
    const list = await rowsOfUser(strapi, UID.card, userId, {
      populate: { template: { select: ['id', 'name'] }, occasion: { select: ['id', 'name'] } },
    });
    const files: ExportFile[] = [];
    const data = [];
    for (const card of list) {
      let preview_file: string | null = null;
      if (card.preview_url) {
        const read = await readUploadedFile(strapi, String(card.preview_url), { signed: true }).catch(() => null);
        if (read) {
          preview_file = `files/previews/card-${card.id}${extOf(String(card.preview_url), '.png')}`;
          files.push({ path: preview_file, body: read.body });
        }
      }
      data.push({ ...(clean(card) as Row), preview_file });
    }
    return { data, files };
  },
};

const photos: ExportSection = {
  name: 'photos',
  async collect(strapi, userId) {
    const list = await rowsOfUser(strapi, UID.photo, userId);
    const files: ExportFile[] = [];
    const data = [];
    for (const photo of list) {
      const stored = photo.file_id
        ? ((await query(strapi, 'plugin::upload.file').findOne({
            where: { id: photo.file_id },
            select: ['id', 'url', 'hash', 'ext', 'mime', 'provider'],
          })) as StoredFile | null)
        : null;
      const read = await readUploadedFile(strapi, stored ?? String(photo.url), { signed: true }).catch(() => null);
      let file: string | null = null;
      if (read) {
        file = `files/photos/photo-${photo.id}${extOf(String(photo.url), stored?.ext ?? '.jpg')}`;
        files.push({ path: file, body: read.body });
      }
      data.push({ ...(clean(photo) as Row), file });
    }
    return { data, files };
  },
};

/** Video and voice messages of the account's cards, with their files (the page's token stays out). */
const mediaMessages: ExportSection = {
  name: 'media_messages',
  async collect(strapi, userId) {
    const list = await rowsOfUser(strapi, UID.mediaMessage, userId);
    const files: ExportFile[] = [];
    const data = [];
    for (const message of list) {
      const stored = message.file_id
        ? ((await query(strapi, 'plugin::upload.file').findOne({
            where: { id: message.file_id },
            select: ['id', 'url', 'hash', 'ext', 'mime', 'provider'],
          })) as StoredFile | null)
        : null;
      const read =
        message.url && !message.removed_at
          ? await readUploadedFile(strapi, stored ?? String(message.url), { signed: true }).catch(() => null)
          : null;
      let file: string | null = null;
      if (read) {
        file = `files/messages/message-${message.id}${extOf(String(message.url), stored?.ext ?? '.bin')}`;
        files.push({ path: file, body: read.body });
      }
      data.push({ ...(clean(message) as Row), file });
    }
    return { data, files };
  },
};

const orders: ExportSection = {
  name: 'orders',
  async collect(strapi, userId) {
    const list = await rowsOfUser(strapi, UID.order, userId);
    const ids = list.map((o) => o.id);
    const items = ids.length
      ? await query(strapi, UID.orderItem).findMany({
          where: { order: { id: { $in: ids } } },
          populate: { order: { select: ['id'] }, card: { select: ['id', 'title'] }, recipient: { select: ['id'] } },
          orderBy: { id: 'asc' },
        })
      : [];
    const history = ids.length
      ? await query(strapi, UID.orderStatusChange).findMany({
          where: { order_id: { $in: ids } },
          orderBy: { id: 'asc' },
        })
      : [];
    const refunds = ids.length
      ? await query(strapi, UID.refund).findMany({ where: { order_id: { $in: ids } }, orderBy: { id: 'asc' } })
      : [];
    return {
      data: list.map((order) => ({
        ...(clean(order) as Row),
        items: clean(items.filter((i: Row) => i.order?.id === order.id)),
        status_history: clean(history.filter((h: Row) => h.order_id === order.id)),
        refunds: clean(refunds.filter((r: Row) => r.order_id === order.id)),
      })),
    };
  },
};

const deliveries: ExportSection = {
  name: 'deliveries',
  async collect(strapi, userId) {
    const list = await query(strapi, UID.delivery).findMany({
      where: { order_item: { order: { user: userId } } },
      populate: { order_item: { select: ['id'], populate: { order: { select: ['uuid'] } } } },
      orderBy: { id: 'asc' },
    });
    const ids = list.map((d: Row) => d.id);
    const events = ids.length
      ? await query(strapi, UID.deliveryEvent).findMany({
          where: { delivery_id: { $in: ids } },
          orderBy: { id: 'asc' },
        })
      : [];
    return {
      data: list.map((d: Row) => ({
        ...(clean(d) as Row),
        events: clean(events.filter((e: Row) => e.delivery_id === d.id)),
      })),
    };
  },
};

const groupCards: ExportSection = {
  name: 'group_cards_organised',
  async collect(strapi, userId) {
    const list = await rowsOfUser(strapi, UID.groupCard, userId, { populate: { card: { select: ['id', 'title'] } } });
    const ids = list.map((g) => g.id);
    const signatures = ids.length
      ? await query(strapi, UID.groupSignature).findMany({
          where: { group_card: { id: { $in: ids } } },
          populate: { group_card: { select: ['id'] } },
          orderBy: { id: 'asc' },
        })
      : [];
    return {
      data: list.map((g) => ({
        ...(clean(g) as Row),
        signatures: clean(
          signatures
            .filter((s: Row) => s.group_card?.id === g.id)
            .map((s: Row) => ({ id: s.id, display_name: s.display_name, message: s.message, status: s.status })),
        ),
      })),
    };
  },
};

const signaturesGiven: ExportSection = {
  name: 'signatures_given',
  collect: rows(UID.groupSignature, { group_card: { select: ['id', 'uuid', 'title', 'recipient_name'] } }),
};

/**
 * The account page's records (settings/): its settings (display name, language, e-mail choices) and every
 * consent given, with its wording and time. Found by their account column (user-rows.ts).
 */
export const OPTIONAL_TYPES: Array<{ name: string; uid: string }> = [
  { name: 'account_settings', uid: UID.accountSetting },
  { name: 'consents', uid: UID.accountConsent },
];

/** Removed with the account but never exported: a pending e-mail change holds only a link's hash. */
export const PRIVATE_TYPES: string[] = [UID.emailChange];

/** The sections in the order the document lists them. */
export function exportSections(strapi: Core.Strapi): ExportSection[] {
  return [
    profile,
    cards,
    { name: 'library', collect: rows(UID.libraryEntry, { card: { select: ['id', 'title'] } }) },
    photos,
    mediaMessages,
    { name: 'address_book', collect: rows(UID.recipient) },
    { name: 'tags', collect: rows(UID.recipientTag) },
    {
      name: 'reminders',
      collect: rows(UID.reminder, { recipient: { select: ['id'] }, occasion: { select: ['id', 'name'] } }),
    },
    { name: 'address_request_links', collect: rows(UID.addressRequestLink) },
    { name: 'email_addresses_proven', collect: rows(UID.emailProof) },
    orders,
    deliveries,
    groupCards,
    signaturesGiven,
    { name: 'subscriptions', collect: rows(UID.subscription, { plan: { select: ['id', 'name'] } }) },
    { name: 'billing_profiles', collect: rows(UID.billingProfile) },
    ...OPTIONAL_TYPES.filter((t) => strapi.contentTypes[t.uid as keyof typeof strapi.contentTypes]).map((t) => ({
      name: t.name,
      collect: rows(t.uid),
    })),
  ];
}
