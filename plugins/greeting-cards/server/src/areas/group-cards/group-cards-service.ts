import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { badRequest, fieldError, fieldErrors, msg, notFound } from '../../platform/errors';
import type { PageRequest } from '../../platform/http/pagination';
import { pagedRows } from '../../platform/db/paged-rows';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { query, type Row } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import type { GroupCardCreate, GroupCardPatch } from './rules/group-card-input';
import { serializeGroupCardSummary } from './serializer';
import { groupCardStore, looksLikeUuid, newSignToken } from './group-card-store';
import { parseAddToCart } from '../orders';
import { getService } from '../../platform/get-service';
import type { Locale } from '../../platform/i18n/locales';
import { finishedDesign } from './finished-design';
import { removeStoredPhotos } from '../../platform/uploads/photo-upload';
import { photosOf } from './rules/signature-photos';

// The organiser's side of group cards: start one, list them, change the link, moderate and close.
// Every call takes the owner's id: another user's group card is "not found", exactly like a missing one.

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = groupCardStore(strapi);

  async function findOwned(userId: number, uuid: string): Promise<Row> {
    if (!looksLikeUuid(uuid)) throw notFound();
    const row = await store.byUuid(uuid.toLowerCase(), userId);
    if (!row) throw notFound();
    return row;
  }

  function checkDeadline(deadline: Date | undefined): void {
    if (deadline && deadline.getTime() <= Date.now()) throw fieldError('deadline', msg('error.deadline_future'));
  }

  /**
   * `locale`: the organiser's shop language; the invitations, the reminder and their note are written in it.
   * Invitations are e-mails to addresses the organiser typed: only an account with a confirmed address
   * or a paid order may send them, and each invited person is one of the day's e-mails to others
   * (areas/people/mail-to-others-service.ts). A group card without invitations e-mails nobody.
   */
  async function create(userId: number, input: GroupCardCreate, locale?: Locale) {
    const card = await query(strapi, UID.card).findOne({ where: { id: input.card_id, owner: { id: userId } } });
    if (!card) throw fieldError('card_id', msg('error.invalid_pk', { id: input.card_id }));
    checkDeadline(input.deadline);
    const invites = input.invite_emails ?? [];
    const mail = getService(strapi, 'mailToOthers');
    const day = invites.length ? await mail.allow(userId, invites.length) : null;
    try {
      return await insert(userId, card.id, input, invites, locale);
    } catch (error) {
      // Nobody will be invited: the day's e-mails go back.
      if (day) await mail.giveBack(userId, invites.length, day);
      throw error;
    }
  }

  async function insert(userId: number, cardId: number, input: GroupCardCreate, invites: string[], locale?: Locale) {
    // A token collision is astronomically unlikely; the unique index turns one into a retry, not a shared link.
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await store.groups().create({
          data: {
            uuid: crypto.randomUUID(),
            owner: userId,
            card: cardId,
            title: input.title,
            recipient_name: input.recipient_name,
            deadline: input.deadline,
            status: 'open',
            sign_token: newSignToken(),
            show_signatures: input.show_signatures ?? true,
            approval_mode: input.approval_mode ?? false,
            invite_emails: invites,
            locale: locale ?? null,
          },
        });
        return store.detail((await store.byUuid(row.uuid))!);
      } catch (error) {
        if (attempt >= 2 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  async function list(userId: number, page: PageRequest) {
    const where = { owner: { id: userId } };
    const { count, rows } = await pagedRows(
      page,
      () => store.groups().count({ where }),
      () =>
        store.groups().findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          offset: page.offset,
          limit: page.pageSize,
          populate: { card: true },
        }),
    );
    const results = await Promise.all(
      rows.map(async (row: Row) =>
        serializeGroupCardSummary(row, await store.countSignatures(row.id), store.links(row)),
      ),
    );
    return { count, results };
  }

  async function get(userId: number, uuid: string) {
    return store.detail(await findOwned(userId, uuid));
  }

  async function update(userId: number, uuid: string, patch: GroupCardPatch) {
    const row = await findOwned(userId, uuid);
    checkDeadline(patch.deadline);
    const data: Record<string, unknown> = {};
    for (const key of ['title', 'recipient_name', 'deadline', 'show_signatures', 'approval_mode'] as const)
      if (patch[key] !== undefined) data[key] = patch[key];
    if (Object.keys(data).length) await store.groups().update({ where: { id: row.id }, data });
    return get(userId, uuid);
  }

  /** A new signing link; the old one stops working at once (lookups are by the current token only). */
  async function rotateLink(userId: number, uuid: string) {
    const row = await findOwned(userId, uuid);
    await store.groups().update({ where: { id: row.id }, data: { sign_token: newSignToken() } });
    return get(userId, uuid);
  }

  // Conditional: two closes racing stamp closed_at once.
  const closeRow = (id: number) =>
    store.groups().updateMany({ where: { id, status: 'open' }, data: { status: 'closed', closed_at: new Date() } });

  /** Closes to new signatures. Closing a closed card changes nothing and answers the same. */
  async function close(userId: number, uuid: string) {
    await closeRow((await findOwned(userId, uuid)).id);
    return get(userId, uuid);
  }

  async function ownedSignature(userId: number, uuid: string, signatureId: number) {
    const group = await findOwned(userId, uuid);
    const signature = await store.signatureOf(group.id, signatureId);
    if (!signature) throw notFound();
    return { group, signature };
  }

  /** Shows (approves) or hides one signature. */
  async function setSignatureVisible(userId: number, uuid: string, signatureId: number, visible: boolean) {
    const { signature } = await ownedSignature(userId, uuid, signatureId);
    await store.signatures().update({ where: { id: signature.id }, data: { status: visible ? 'visible' : 'hidden' } });
    return get(userId, uuid);
  }

  /**
   * Hides (or shows again) one signature's photos (issue 45 item 7), as a message is hidden: they stay
   * stored, off the card, the signing page and the finished design, until shown again.
   */
  async function setPhotosVisible(userId: number, uuid: string, signatureId: number, visible: boolean) {
    const { signature } = await ownedSignature(userId, uuid, signatureId);
    await store.signatures().update({ where: { id: signature.id }, data: { photos_hidden: !visible } });
    return get(userId, uuid);
  }

  async function removeSignature(userId: number, uuid: string, signatureId: number): Promise<void> {
    const { group, signature } = await ownedSignature(userId, uuid, signatureId);
    await store.signatures().delete({ where: { id: signature.id } });
    // Its photos go too, unless a finished card (in the basket, or sent) already shows them.
    if (group.basket_card_id === null || group.basket_card_id === undefined)
      await removeStoredPhotos(
        strapi,
        photosOf(signature)
          .map((p) => p.file_id)
          .filter((f): f is number => typeof f === 'number'),
      );
  }

  /** Puts the listed signatures first, in that order; any not listed keep their order after them. */
  async function reorder(userId: number, uuid: string, ids: number[]) {
    const group = await findOwned(userId, uuid);
    const current = await store.signaturesOf(group.id);
    const known = new Set(current.map((s) => s.id as number));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw fieldError('signature_ids', msg('error.not_signatures', { ids: unknown.join(', ') }));
    const listed = [...new Set(ids)];
    const order = [...listed, ...current.map((s) => s.id as number).filter((id) => !listed.includes(id))];
    await strapi.db.transaction(async () => {
      for (const [index, id] of order.entries())
        await store.signatures().update({ where: { id }, data: { position: index + 1 } });
    });
    return get(userId, uuid);
  }

  /**
   * A posted card is a folded card of four pages at the print service: when the signatures need extra
   * pages, the honest answer is to say so before anything is closed, and point to the e-card or the
   * print-at-home PDF, which carry every page (see docs/group-cards.md, Layout).
   */
  function refusePostWithExtraPages(method: string, extraPages: number): void {
    if (method !== 'post' || !extraPages) return;
    throw fieldError('delivery_method', msg('error.group_too_many_pages', { count: extraPages }));
  }

  /**
   * "Close and send": closes signing, makes the finished card (the design with the visible signatures
   * laid out inside, in the organiser's order) and puts it in the organiser's basket with the chosen
   * delivery, through the one add-to-cart operation. A second press adds nothing. All in one
   * transaction: when the basket refuses the card (a recipient that is not the organiser's, an e-card
   * without one...), the group card stays open for signing and no half-made card is left behind.
   */
  async function sendToBasket(userId: number, uuid: string, body: unknown) {
    const group = await findOwned(userId, uuid);
    const delivery = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const parsed = parseAddToCart({ ...delivery, card_id: group.card?.id ?? 0 }, new Date());
    if (!parsed.ok) throw fieldErrors(parsed.errors);
    if (!group.card) throw badRequest(msg('error.group_card_deleted'));
    if (group.basket_card_id === null || group.basket_card_id === undefined) {
      refusePostWithExtraPages(
        parsed.value.delivery_method,
        finishedDesign(group.card, await store.signaturesOf(group.id, ['visible'])).extraPages,
      );
    }
    const orders = getService(strapi, 'orders');
    // The cart first, outside: making one can lose a race on its unique key, and on PostgreSQL a failed
    // statement spoils the transaction it is in.
    await orders.cartOf(userId);
    const sent = await strapi.db.transaction(async () => {
      // The claim comes first and holds the group card's row: a second press waits, then finds it taken.
      const claimed = await store
        .groups()
        .updateMany({ where: { id: group.id, basket_card_id: { $null: true } }, data: { basket_card_id: -1 } });
      if (!claimed.count) return null;
      await closeRow(group.id);
      const visible = await store.signaturesOf(group.id, ['visible']);
      const { canvas, leftOff, extraPages, insideMessage } = finishedDesign(group.card, visible);
      // Signatures shown between the check above and the close: checked again on the final set.
      refusePostWithExtraPages(parsed.value.delivery_method, extraPages);
      const card = await query(strapi, UID.card).create({
        data: {
          owner: userId,
          title: group.title,
          product: group.card.product ?? null,
          canvas_data: canvas,
          inside_message: insideMessage,
          preview_url: group.card.preview_url ?? null,
          status: 'draft',
        },
      });
      await orders.addToCart(userId, { ...parsed.value, card_id: card.id });
      await store.groups().update({ where: { id: group.id }, data: { basket_card_id: card.id } });
      return { basket_card_id: card.id as number, left_off: leftOff, extra_pages: extraPages };
    });
    return { ...(await get(userId, uuid)), ...(sent ?? { left_off: 0 }) };
  }

  return {
    sendToBasket,
    findOwned,
    create,
    list,
    get,
    update,
    rotateLink,
    close,
    setSignatureVisible,
    setPhotosVisible,
    removeSignature,
    reorder,
  };
};
