import type { Core } from '@strapi/strapi';
import { fieldError, gone, notFound, badRequest, msg } from '../../platform/errors';
import { getConfig } from '../../platform/config/get-config';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { query, type Row } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { getService } from '../../platform/get-service';
import {
  closedMessage,
  closedReason,
  freeSlot,
  newSignatureStatus,
  slotKey,
  slotNumber,
} from './rules/group-card-state';
import type { SignatureCreate, SignaturePatch } from './rules/group-card-input';
import { serializePublicSignature, serializeSignature } from './serializer';
import { editTokenMatches, groupCardStore, hashToken, looksLikeToken, newEditToken } from './group-card-store';
import { publicShopperName } from '../people';
import { PUBLISHED } from '../../platform/db/published';
import type { UploadedFile } from '../../platform/http/uploaded-file';
import { removeStoredPhotos, storeSignerPhoto } from '../../platform/uploads/photo-upload';
import { looksLikePhotoId, photoCapReached, photosOf, type SignaturePhoto } from './rules/signature-photos';
import crypto from 'crypto';

// The signers' side: anyone with the link reads the card and adds one message; only the browser (or
// account) that wrote a signature may change or delete it, and only while the card is open.

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = groupCardStore(strapi);

  /**
   * Who signers are told organised the card (the page, the API, the closed message): the public name the
   * address-link page uses, so never an e-mail address, which a username left blank at registration is.
   */
  async function organiserName(group: Row): Promise<string> {
    const ownerId = group.owner?.id;
    if (!ownerId) return '';
    return publicShopperName(
      (
        await getService(strapi, 'userDetails')
          .forUser(ownerId)
          .catch(() => null)
      )?.display_name,
    );
  }

  /** The group card behind a link; an unknown or rotated token is "not found". */
  async function byToken(token: string): Promise<Row> {
    if (!looksLikeToken(token)) throw notFound();
    const group = await store.byToken(token);
    if (!group) throw notFound();
    return group;
  }

  /** The group card behind a link while it takes signatures; 410 with who to contact otherwise. */
  async function openByToken(token: string): Promise<Row> {
    const group = await byToken(token);
    const reason = closedReason({ status: group.status, deadline: group.deadline }, new Date());
    if (reason) throw gone(closedMessage(reason, await organiserName(group)));
    return group;
  }

  async function view(token: string, userId: number | null = null) {
    const group = await openByToken(token);
    const visible = group.show_signatures ? await store.signaturesOf(group.id, ['visible']) : [];
    const mine = userId
      ? (await store.signaturesOf(group.id)).filter((s) => s.user?.id === userId).map((s) => s.id as number)
      : [];
    return {
      title: String(group.title ?? ''),
      recipient_name: String(group.recipient_name ?? ''),
      deadline: group.deadline ? new Date(group.deadline).toISOString() : null,
      organiser_name: await organiserName(group),
      front_preview_url: (group.card?.preview_url as string | null) || null,
      show_signatures: Boolean(group.show_signatures),
      approval_mode: Boolean(group.approval_mode),
      signature_count: await store.countSignatures(group.id),
      max_signatures: getConfig(strapi).groupCardMaxSignatures,
      max_photos_per_signature: getConfig(strapi).groupCardPhotosPerSignature,
      signatures: visible.map(serializePublicSignature),
      my_signature_ids: mine,
    };
  }

  /** A free sticker, or a premium one for a signer whose subscription grants premium. */
  async function stickerFor(stickerId: number | null | undefined, userId: number | null): Promise<number | null> {
    if (!stickerId) return null;
    const asset = await query(strapi, UID.asset).findOne({
      where: { id: stickerId, asset_type: 'sticker', is_active: true, ...PUBLISHED },
    });
    if (!asset) throw fieldError('sticker_id', msg('error.invalid_pk', { id: stickerId }));
    if (asset.is_premium && !(userId !== null && (await getService(strapi, 'subscriptions').hasPremium(userId)))) {
      throw fieldError('sticker_id', msg('error.sticker_premium'));
    }
    return asset.id;
  }

  async function sign(token: string, input: SignatureCreate, userId: number | null) {
    const group = await openByToken(token);
    const sticker = await stickerFor(input.sticker_id, userId);
    const cap = getConfig(strapi).groupCardMaxSignatures;
    const editToken = newEditToken();
    // Two signers racing for the same place: the unique slot key lets one in and sends the other round
    // again. Each lost race means a place was taken, so at most `cap` rounds can be lost before the card
    // is full.
    for (let attempt = 0; attempt <= cap + 1; attempt++) {
      // By slot key, not by relation: Strapi writes a row before its relation link, so a racing row
      // could be missing from a lookup through the link table while already holding its slot.
      const taken = (await store
        .signatures()
        .findMany({ where: { slot_key: { $startsWith: `${group.id}#` } }, select: ['slot_key', 'position'] })) as Row[];
      const slot = freeSlot(
        taken.map((s) => slotNumber(s.slot_key)),
        cap,
      );
      if (slot === null) throw badRequest(msg('error.group_full', { max: cap }));
      const position = taken.reduce((max, s) => Math.max(max, Number(s.position ?? 0)), 0) + 1;
      try {
        const row = await store.signatures().create({
          data: {
            group_card: group.id,
            slot_key: slotKey(group.id, slot),
            user: userId,
            display_name: input.display_name,
            message: input.message,
            sticker,
            colour: input.colour ?? null,
            font: input.font ?? null,
            status: newSignatureStatus(Boolean(group.approval_mode)),
            position,
            edit_token_hash: hashToken(editToken),
          },
        });
        const saved = await store.signatureOf(group.id, row.id);
        return { ...serializeSignature(saved!), edit_token: editToken };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw badRequest(msg('error.signing_busy'));
  }

  /** The signer's own signature: the edit token from their browser, or their account. Others' are "not found". */
  async function ownSignature(
    token: string,
    id: number,
    editToken: string | null,
    userId: number | null,
  ): Promise<{ group: Row; signature: Row }> {
    const group = await openByToken(token);
    const signature = await store.signatureOf(group.id, id);
    const byToken = editTokenMatches(editToken, signature?.edit_token_hash);
    const byAccount = userId !== null && signature?.user?.id === userId;
    if (!signature || !(byToken || byAccount)) throw notFound();
    return { group, signature };
  }

  async function edit(
    token: string,
    id: number,
    editToken: string | null,
    patch: SignaturePatch,
    userId: number | null,
  ) {
    const { group, signature } = await ownSignature(token, id, editToken, userId);
    const data: Record<string, unknown> = {};
    for (const key of ['display_name', 'message', 'colour', 'font'] as const)
      if (patch[key] !== undefined) data[key] = patch[key];
    if (patch.sticker_id !== undefined) data.sticker = await stickerFor(patch.sticker_id, userId);
    // In approval mode a changed message needs approving again; a hidden one stays hidden.
    if (
      group.approval_mode &&
      signature.status === 'visible' &&
      (data.message !== undefined || data.display_name !== undefined)
    )
      data.status = 'pending';
    if (Object.keys(data).length) await store.signatures().update({ where: { id: signature.id }, data });
    return serializeSignature((await store.signatureOf(group.id, signature.id))!);
  }

  async function remove(token: string, id: number, editToken: string | null, userId: number | null): Promise<void> {
    const { signature } = await ownSignature(token, id, editToken, userId);
    await store.signatures().delete({ where: { id: signature.id } });
    await removeStoredPhotos(strapi, fileIdsOf(photosOf(signature)));
  }

  const fileIdsOf = (photos: SignaturePhoto[]) =>
    photos.map((p) => p.file_id).filter((f): f is number => typeof f === 'number');

  /** Photos on the whole group card, every signature's (hidden ones take their place too). */
  async function photosOnCard(groupId: number): Promise<number> {
    const rows = (await store
      .signatures()
      .findMany({ where: { group_card: { id: groupId } }, select: ['id', 'photos'] })) as Row[];
    return rows.reduce((sum, r) => sum + photosOf(r).length, 0);
  }

  /**
   * A photo added to the signer's own signature (issue 45 item 7): the editor's upload checks, a single
   * picture, the per-signature and per-card caps; stored through the upload provider. The caps are
   * checked before the file is read, and a refusal stores nothing. In approval mode a new photo needs
   * approving again, as a changed message does.
   */
  async function addPhoto(
    token: string,
    id: number,
    editToken: string | null,
    file: UploadedFile | undefined,
    userId: number | null,
  ) {
    const { group, signature } = await ownSignature(token, id, editToken, userId);
    const config = getConfig(strapi);
    const caps = { perSignature: config.groupCardPhotosPerSignature, perCard: config.groupCardPhotosPerCard };
    const reached = photoCapReached(photosOf(signature).length, await photosOnCard(group.id), caps);
    if (reached === 'signature')
      throw fieldError('photo', msg('error.group_photos_per_signature', { max: caps.perSignature }));
    if (reached === 'card') throw fieldError('photo', msg('error.group_photos_per_card', { max: caps.perCard }));
    const stored = await storeSignerPhoto(strapi, file);
    const photo: SignaturePhoto = {
      id: crypto.randomBytes(8).toString('hex'),
      url: stored.url,
      width: stored.width,
      height: stored.height,
      file_id: stored.fileId,
    };
    try {
      // Under the signature's lock, the list as it is now: two uploads at once both land, and the
      // per-signature cap holds between them (the file was stored before; a refusal removes it below).
      await store.withLockedSignature(group.id, signature.id, async (current) => {
        if (!current) throw notFound();
        if (photoCapReached(photosOf(current).length, 0, caps) === 'signature')
          throw fieldError('photo', msg('error.group_photos_per_signature', { max: caps.perSignature }));
        const data: Record<string, unknown> = { photos: [...photosOf(current), photo] };
        if (group.approval_mode && current.status === 'visible') data.status = 'pending';
        await store.signatures().update({ where: { id: signature.id }, data });
      });
    } catch (error) {
      await removeStoredPhotos(strapi, [stored.fileId]);
      throw error;
    }
    return serializeSignature((await store.signatureOf(group.id, signature.id))!);
  }

  /** Takes one of the signer's photos off their signature, and out of storage. */
  async function removePhoto(
    token: string,
    id: number,
    photoId: string,
    editToken: string | null,
    userId: number | null,
  ) {
    const { group, signature } = await ownSignature(token, id, editToken, userId);
    const gone = await store.withLockedSignature(group.id, signature.id, async (current) => {
      const photos = current ? photosOf(current) : [];
      const found = looksLikePhotoId(photoId) ? photos.find((p) => p.id === photoId) : undefined;
      if (!found) throw notFound();
      await store.signatures().update({
        where: { id: signature.id },
        data: { photos: photos.filter((p) => p.id !== photoId) },
      });
      return found;
    });
    await removeStoredPhotos(strapi, fileIdsOf([gone]));
    return serializeSignature((await store.signatureOf(group.id, signature.id))!);
  }

  /**
   * The signing page's "yours": of one card's signatures, those in `vouched` (the account's, or made by
   * this very request) and those whose edit token the browser holds, each token checked against the
   * stored hash as every write is. A cookie naming a signature with any other value proves nothing.
   * Oldest first, with their stickers; the hash stays here.
   */
  async function heldSignatures(
    groupId: number,
    vouched: number[],
    tokens: Array<{ id: number; token: string | null }>,
  ): Promise<Row[]> {
    const ids = [...new Set([...vouched, ...tokens.map((t) => t.id)])];
    if (!ids.length) return [];
    const rows: Row[] = await store.signatures().findMany({
      where: { id: { $in: ids }, group_card: { id: groupId } },
      orderBy: [{ id: 'asc' }],
      populate: { sticker: true },
    });
    const tokenFor = new Map(tokens.map((t) => [t.id, t.token]));
    return rows
      .filter((s) => vouched.includes(s.id) || editTokenMatches(tokenFor.get(s.id), s.edit_token_hash))
      .map((s) => {
        const shown = { ...s };
        delete shown.edit_token_hash;
        return shown;
      });
  }

  return { byToken, openByToken, view, sign, edit, remove, addPhoto, removePhoto, heldSignatures };
};
