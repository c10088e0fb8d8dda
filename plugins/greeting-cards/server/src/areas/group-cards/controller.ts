import type { Core } from '@strapi/strapi';
import { action, type Ctx } from '../../platform/http/respond';
import { optionalUser, requireUser } from '../../platform/http/auth';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { parseBody } from '../../platform/http/body';
import { parseId } from '../../platform/http/ids';
import { consumeSigningAttempt, tooMany } from '../../platform/http/rate-limit';
import { clearEditTokenCookie, editTokenFrom, setEditTokenCookie } from '../../platform/http/edit-tokens';
import {
  groupCardCreate,
  groupCardPatch,
  reorderInput,
  signatureCreate,
  signaturePatch,
} from './rules/group-card-input';
import { uploadedFile } from '../../platform/http/uploaded-file';
import { requestLocale } from '../../platform/i18n/request-locale';
import { getService } from '../../platform/get-service';

// The organiser's routes (/api/group-cards/...) and the signers' public routes (/api/sign/<token>/...).

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const groups = () => getService(strapi, 'groupCards');
  const signing = () => getService(strapi, 'groupSigning');
  const uuidOf = (ctx: Ctx) => String(ctx.params.uuid ?? '');

  /** Counts a signature write against the caller's IP and the link; false when refused (429 written). */
  async function allowSigning(ctx: Ctx, groupId: number): Promise<boolean> {
    const rejection = await consumeSigningAttempt(strapi, ctx, String(groupId));
    if (rejection) tooMany(strapi, ctx, rejection);
    return !rejection;
  }

  return {
    create: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const input = parseBody(groupCardCreate, ctx.request.body);
      ctx.status = 201;
      return groups().create(user.id, input, requestLocale(strapi, ctx));
    }),

    list: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const page = pageRequest(ctx.query);
      const { count, results } = await groups().list(user.id, page);
      return pageOf(ctx, page, count, results);
    }),

    get: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return groups().get(user.id, uuidOf(ctx));
    }),

    update: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await groups().findOwned(user.id, uuidOf(ctx));
      return groups().update(user.id, uuidOf(ctx), parseBody(groupCardPatch, ctx.request.body));
    }),

    send: action(strapi, async (ctx) =>
      groups().sendToBasket((await requireUser(strapi, ctx)).id, uuidOf(ctx), ctx.request.body),
    ),

    rotateLink: action(strapi, async (ctx) => groups().rotateLink((await requireUser(strapi, ctx)).id, uuidOf(ctx))),

    close: action(strapi, async (ctx) => groups().close((await requireUser(strapi, ctx)).id, uuidOf(ctx))),

    hideSignature: action(strapi, async (ctx) =>
      groups().setSignatureVisible((await requireUser(strapi, ctx)).id, uuidOf(ctx), parseId(ctx.params.id), false),
    ),

    showSignature: action(strapi, async (ctx) =>
      groups().setSignatureVisible((await requireUser(strapi, ctx)).id, uuidOf(ctx), parseId(ctx.params.id), true),
    ),

    hidePhotos: action(strapi, async (ctx) =>
      groups().setPhotosVisible((await requireUser(strapi, ctx)).id, uuidOf(ctx), parseId(ctx.params.id), false),
    ),

    showPhotos: action(strapi, async (ctx) =>
      groups().setPhotosVisible((await requireUser(strapi, ctx)).id, uuidOf(ctx), parseId(ctx.params.id), true),
    ),

    deleteSignature: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await groups().removeSignature(user.id, uuidOf(ctx), parseId(ctx.params.id));
      ctx.status = 204;
      return undefined;
    }),

    reorder: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await groups().findOwned(user.id, uuidOf(ctx));
      const { signature_ids } = parseBody(reorderInput, ctx.request.body);
      return groups().reorder(user.id, uuidOf(ctx), signature_ids);
    }),

    // Public signing routes: no account needed; a signed-in shopper signs under their account.
    view: action(strapi, async (ctx) => {
      const user = await optionalUser(strapi, ctx);
      return signing().view(String(ctx.params.token), user?.id ?? null);
    }),

    sign: action(strapi, async (ctx) => {
      const user = await optionalUser(strapi, ctx);
      const group = await signing().openByToken(String(ctx.params.token));
      if (!(await allowSigning(ctx, group.id))) return undefined;
      const input = parseBody(signatureCreate, ctx.request.body);
      const created = await signing().sign(String(ctx.params.token), input, user?.id ?? null);
      setEditTokenCookie(ctx, created.id, created.edit_token);
      ctx.status = 201;
      return created;
    }),

    editSignature: action(strapi, async (ctx) => {
      const user = await optionalUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      const group = await signing().openByToken(String(ctx.params.token));
      if (!(await allowSigning(ctx, group.id))) return undefined;
      const patch = parseBody(signaturePatch, ctx.request.body);
      return signing().edit(String(ctx.params.token), id, editTokenFrom(ctx, id), patch, user?.id ?? null);
    }),

    // A photo for the signer's own signature (multipart, field `photo`); counted like every signing write.
    addPhoto: action(strapi, async (ctx) => {
      const user = await optionalUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      const group = await signing().openByToken(String(ctx.params.token));
      if (!(await allowSigning(ctx, group.id))) return undefined;
      const signature = await signing().addPhoto(
        String(ctx.params.token),
        id,
        editTokenFrom(ctx, id),
        uploadedFile(ctx, 'photo'),
        user?.id ?? null,
      );
      ctx.status = 201;
      return signature;
    }),

    removePhoto: action(strapi, async (ctx) => {
      const user = await optionalUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      const group = await signing().openByToken(String(ctx.params.token));
      if (!(await allowSigning(ctx, group.id))) return undefined;
      return signing().removePhoto(
        String(ctx.params.token),
        id,
        String(ctx.params.photo ?? ''),
        editTokenFrom(ctx, id),
        user?.id ?? null,
      );
    }),

    removeSignature: action(strapi, async (ctx) => {
      const user = await optionalUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      const group = await signing().openByToken(String(ctx.params.token));
      if (!(await allowSigning(ctx, group.id))) return undefined;
      await signing().remove(String(ctx.params.token), id, editTokenFrom(ctx, id), user?.id ?? null);
      clearEditTokenCookie(ctx, id);
      ctx.status = 204;
      return undefined;
    }),
  };
};
