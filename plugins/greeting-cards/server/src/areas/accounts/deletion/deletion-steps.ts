import type { Core } from '@strapi/strapi';
import { query, type Row } from '../../../platform/db/query';
import { UID } from '../../../platform/uids';
import { ApiError } from '../../../platform/errors';
import { msg } from '../../../platform/i18n/format-message';
import { WAITING_STATES } from '../../../platform/deliveries/delivery-state';
import { removeFile } from '../../../platform/uploads/file-store';
import { cancelDelivery } from '../../fulfilment';
import { endSubscriptionsOf } from '../../subscriptions';
import { OPTIONAL_TYPES, PRIVATE_TYPES } from '../data-export/export-sections';
import { rowsOfUser, ownerWhere } from '../data-export/user-rows';
import { cardsNotSent } from './waiting-cards';

// The steps of an account deletion, in order (docs/accounts.md, "Deleting an account"). Each one is
// safe to run again: it finds what is left of its work by the account's id and does that, so a run
// that stopped anywhere (a crash, a provider that did not answer) is finished by the next run
// (deletion-service.ts records each step once done). The account is blocked first, so it can neither
// sign in nor use a token while the rest runs, and removed last, since every step finds its rows
// through it.

export interface StepContext {
  strapi: Core.Strapi;
  userId: number;
  by: 'shopper' | 'operator';
  /** Orders kept for the accounts (their ids), recorded on the request for the retention clean-up. */
  keptOrders: number[];
}

export interface DeletionStep {
  name: string;
  run(c: StepContext): Promise<void>;
}

/** What replaces a name, an address or a card's title on what is kept. */
export const REDACTED = '[deleted]';

const block: DeletionStep = {
  name: 'block_account',
  async run({ strapi, userId }) {
    await query(strapi, UID.user).updateMany({ where: { id: userId }, data: { blocked: true } });
  },
};

/**
 * Waiting cards (scheduled, or due and not taken by a sender yet) are cancelled and their share of the
 * payment refunded, through the same code as the buyer's own cancel (fulfilment/cancel-delivery.ts:
 * decided once under the order's lock, the refund capped at what was paid). A card a sender or the
 * printer has taken meanwhile is in production and is not stopped.
 */
const cancelWaitingCards: DeletionStep = {
  name: 'cancel_waiting_cards',
  async run({ strapi, userId, by }) {
    const { waiting } = await cardsNotSent(strapi, userId);
    for (const card of waiting) {
      try {
        await cancelDelivery(strapi, {
          deliveryId: card.delivery_id,
          by,
          rule: (d) =>
            WAITING_STATES.includes(d.status) || d.status === 'cancelled'
              ? { ok: true, to: 'cancelled' }
              : { ok: false, reason: msg('error.delivery_is', { status: d.status }) },
          repeatAnswers: true,
          refusal: msg('error.cancel_printing'),
          detail: 'account deleted',
          refundEcards: true,
        });
      } catch (error) {
        // Taken by a sender between the list and the cancel: in production now, and it goes out.
        if (error instanceof ApiError && error.status === 409) continue;
        throw error;
      }
    }
  },
};

/** Live subscriptions are cancelled at the payment provider (subscriptions/end-subscriptions.ts). */
const endSubscriptions: DeletionStep = {
  name: 'end_subscriptions',
  async run({ strapi, userId }) {
    await endSubscriptionsOf(strapi, userId);
  },
};

const closeGroupCards: DeletionStep = {
  name: 'close_group_cards',
  async run({ strapi, userId }) {
    // By id: Strapi's updateMany cannot filter on a relation.
    const open = await query(strapi, UID.groupCard).findMany({
      where: { owner: userId, status: 'open' },
      select: ['id'],
    });
    if (!open.length) return;
    await query(strapi, UID.groupCard).updateMany({
      where: { id: { $in: open.map((g: Row) => g.id) }, status: 'open' },
      data: { status: 'closed', closed_at: new Date() },
    });
  },
};

/** Signatures on other people's group cards stay, under the name the shopper gave, without the account. */
const unlinkSignatures: DeletionStep = {
  name: 'unlink_signatures',
  async run({ strapi, userId }) {
    for (const signature of await rowsOfUser(strapi, UID.groupSignature, userId, { select: ['id'] }))
      await query(strapi, UID.groupSignature).update({ where: { id: signature.id }, data: { user: null } });
  },
};

/** Photos: the media-library file through the upload plugin (and so the provider: the bucket), then the row. */
const deletePhotos: DeletionStep = {
  name: 'delete_photos',
  async run({ strapi, userId }) {
    const upload = strapi.plugin('upload').service('upload');
    for (const photo of await rowsOfUser(strapi, UID.photo, userId)) {
      if (photo.file_id) {
        const file = await query(strapi, 'plugin::upload.file').findOne({ where: { id: photo.file_id } });
        if (file) await upload.remove(file);
      }
      await query(strapi, UID.photo).delete({ where: { id: photo.id } });
    }
  },
};

/**
 * Video and voice messages of the account's cards (issue 45 item 3): the file through the upload plugin
 * (so the provider: the bucket), then the row. A printed card already at the printer keeps its QR code;
 * the message page then answers as for a message that is gone.
 */
const deleteMediaMessages: DeletionStep = {
  name: 'delete_media_messages',
  async run({ strapi, userId }) {
    const upload = strapi.plugin('upload').service('upload');
    for (const message of await rowsOfUser(strapi, UID.mediaMessage, userId, { select: ['id', 'file_id'] })) {
      if (message.file_id) {
        const file = await query(strapi, 'plugin::upload.file').findOne({ where: { id: message.file_id } });
        if (file) await upload.remove(file);
      }
      await query(strapi, UID.mediaMessage).delete({ where: { id: message.id } });
    }
  },
};

/**
 * Previews are stored by the design's hash (rendering/card-renderer.ts), so a design another card or a
 * template's thumbnail shows too shares the file: such a file stays.
 */
const deletePreviews: DeletionStep = {
  name: 'delete_previews',
  async run({ strapi, userId }) {
    const cards = await rowsOfUser(strapi, UID.card, userId, { select: ['id', 'preview_url', 'preview_hash'] });
    for (const card of cards) {
      const hash = String(card.preview_hash ?? '');
      if (!card.preview_url || !/^[\w-]+$/.test(hash)) continue;
      const shared =
        (await query(strapi, UID.card).count({
          where: {
            preview_url: card.preview_url,
            $or: [{ owner: { id: { $ne: userId } } }, { owner: { id: { $null: true } } }],
          },
        })) + (await query(strapi, UID.template).count({ where: { thumbnail_url: card.preview_url } }));
      if (!shared) await removeFile(strapi, { key: `greeting-cards/previews/${hash}`, ext: '.png' });
      await query(strapi, UID.card).update({ where: { id: card.id }, data: { preview_url: null, preview_hash: null } });
    }
  },
};

/**
 * Personal fields of what is kept for the accounts: the items' frozen recipient (name, address, e-mail)
 * and card title. Amounts, dates, statuses and payment references stay.
 */
const scrubOrders: DeletionStep = {
  name: 'scrub_orders',
  async run(c) {
    const { strapi, userId } = c;
    const orders = await rowsOfUser(strapi, UID.order, userId, { select: ['id'] });
    c.keptOrders.push(...orders.map((o) => o.id).filter((id) => !c.keptOrders.includes(id)));
    if (!orders.length) return;
    const items: Row[] = await query(strapi, UID.orderItem).findMany({
      where: { order: { id: { $in: orders.map((o) => o.id) } } },
      select: ['id', 'snapshot'],
    });
    for (const item of items) {
      const snapshot = item.snapshot && typeof item.snapshot === 'object' ? item.snapshot : null;
      await query(strapi, UID.orderItem).update({
        where: { id: item.id },
        data: {
          recipient: null,
          card: null,
          snapshot: snapshot
            ? {
                ...snapshot,
                card_title: REDACTED,
                recipient_name: snapshot.recipient_name ? REDACTED : null,
                recipient: null,
              }
            : null,
        },
      });
    }
  },
};

/** Library entries of the account's cards (also in the libraries of people who received them), then the cards. */
const deleteCards: DeletionStep = {
  name: 'delete_cards',
  async run({ strapi, userId }) {
    const cards = await rowsOfUser(strapi, UID.card, userId, { select: ['id'] });
    const ids = cards.map((card) => card.id);
    await query(strapi, UID.libraryEntry).deleteMany({ where: { user: userId } });
    if (ids.length) await query(strapi, UID.libraryEntry).deleteMany({ where: { card: { id: { $in: ids } } } });
    for (const id of ids) await query(strapi, UID.card).delete({ where: { id } });
  },
};

/** The address book and what hangs off it, and the rest that is only the account's. */
const deleteOwnRows = (name: string, uids: string[]): DeletionStep => ({
  name,
  async run({ strapi, userId }) {
    for (const uid of uids) {
      const where = ownerWhere(strapi, uid, userId);
      if (!where) continue;
      // One by one through the query engine: it also removes the rows' relation links.
      const rows = await query(strapi, uid).findMany({ where, select: ['id'] });
      for (const row of rows) await query(strapi, uid).delete({ where: { id: row.id } });
    }
  },
});

/** The users-permissions user; its tokens stop working, since every request looks the user up. */
const deleteUser: DeletionStep = {
  name: 'delete_user',
  async run({ strapi, userId }) {
    const sessions = (
      strapi as unknown as {
        sessionManager?: (origin: string) => { invalidateRefreshToken?(id: string): Promise<void> };
      }
    ).sessionManager;
    try {
      await sessions?.('users-permissions')?.invalidateRefreshToken?.(String(userId));
    } catch {
      // No session store (legacy JWTs): nothing to revoke.
    }
    await query(strapi, UID.user).delete({ where: { id: userId } });
  },
};

export const DELETION_STEPS: DeletionStep[] = [
  block,
  cancelWaitingCards,
  endSubscriptions,
  closeGroupCards,
  unlinkSignatures,
  deletePhotos,
  deleteMediaMessages,
  deletePreviews,
  scrubOrders,
  deleteCards,
  deleteOwnRows('delete_address_book', [UID.recipientTag, UID.reminder, UID.recipient, UID.addressRequestLink]),
  deleteOwnRows('delete_other_records', [
    UID.emailProof,
    UID.mailAllowance,
    UID.billingProfile,
    ...OPTIONAL_TYPES.map((t) => t.uid),
    ...PRIVATE_TYPES,
  ]),
  deleteUser,
];
