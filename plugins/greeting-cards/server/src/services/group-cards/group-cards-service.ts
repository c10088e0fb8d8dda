import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { fieldError, notFound } from '../../errors';
import type { PageRequest } from '../../http/pagination';
import { pagedRows } from '../shared/paged-rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { query, type Row } from '../../db/query';
import { UID } from '../../uids';
import type { GroupCardCreate, GroupCardPatch } from '../../domain/group-cards/group-card-input';
import { serializeGroupCardSummary } from '../../serializers/group-card';
import { groupCardStore, looksLikeUuid, newSignToken } from './group-card-store';

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
    if (deadline && deadline.getTime() <= Date.now()) throw fieldError('deadline', 'Choose a deadline in the future.');
  }

  async function create(userId: number, input: GroupCardCreate) {
    const card = await query(strapi, UID.card).findOne({ where: { id: input.card_id, owner: { id: userId } } });
    if (!card) throw fieldError('card_id', `Invalid pk "${input.card_id}" - object does not exist.`);
    checkDeadline(input.deadline);
    // A token collision is astronomically unlikely; the unique index turns one into a retry, not a shared link.
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await store.groups().create({
          data: {
            uuid: crypto.randomUUID(), owner: userId, card: card.id, title: input.title, recipient_name: input.recipient_name,
            deadline: input.deadline, status: 'open', sign_token: newSignToken(),
            show_signatures: input.show_signatures ?? true, approval_mode: input.approval_mode ?? false,
            invite_emails: input.invite_emails ?? [],
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
    const { count, rows } = await pagedRows(page, () => store.groups().count({ where }), () =>
      store.groups().findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset: page.offset, limit: page.pageSize, populate: { card: true } }),
    );
    const results = await Promise.all(rows.map(async (row: Row) => serializeGroupCardSummary(row, await store.countSignatures(row.id), store.links(row))));
    return { count, results };
  }

  async function get(userId: number, uuid: string) {
    return store.detail(await findOwned(userId, uuid));
  }

  async function update(userId: number, uuid: string, patch: GroupCardPatch) {
    const row = await findOwned(userId, uuid);
    checkDeadline(patch.deadline);
    const data: Record<string, unknown> = {};
    for (const key of ['title', 'recipient_name', 'deadline', 'show_signatures', 'approval_mode'] as const) if (patch[key] !== undefined) data[key] = patch[key];
    if (Object.keys(data).length) await store.groups().update({ where: { id: row.id }, data });
    return get(userId, uuid);
  }

  /** A new signing link; the old one stops working at once (lookups are by the current token only). */
  async function rotateLink(userId: number, uuid: string) {
    const row = await findOwned(userId, uuid);
    await store.groups().update({ where: { id: row.id }, data: { sign_token: newSignToken() } });
    return get(userId, uuid);
  }

  /** Closes to new signatures. Closing a closed card changes nothing and answers the same. */
  async function close(userId: number, uuid: string) {
    const row = await findOwned(userId, uuid);
    // Conditional: two closes racing stamp closed_at once.
    await store.groups().updateMany({ where: { id: row.id, status: 'open' }, data: { status: 'closed', closed_at: new Date() } });
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

  async function removeSignature(userId: number, uuid: string, signatureId: number): Promise<void> {
    const { signature } = await ownedSignature(userId, uuid, signatureId);
    await store.signatures().delete({ where: { id: signature.id } });
  }

  /** Puts the listed signatures first, in that order; any not listed keep their order after them. */
  async function reorder(userId: number, uuid: string, ids: number[]) {
    const group = await findOwned(userId, uuid);
    const current = await store.signaturesOf(group.id);
    const known = new Set(current.map((s) => s.id as number));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw fieldError('signature_ids', `Not signatures of this group card: ${unknown.join(', ')}.`);
    const listed = [...new Set(ids)];
    const order = [...listed, ...current.map((s) => s.id as number).filter((id) => !listed.includes(id))];
    await strapi.db.transaction(async () => {
      for (const [index, id] of order.entries()) await store.signatures().update({ where: { id }, data: { position: index + 1 } });
    });
    return get(userId, uuid);
  }

  return { findOwned, create, list, get, update, rotateLink, close, setSignatureVisible, removeSignature, reorder };
};
