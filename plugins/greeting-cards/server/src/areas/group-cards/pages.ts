import { getConfig } from '../../platform/config/get-config';
import { parseBody } from '../../platform/http/body';
import { consumeSigningAttempt, retryAfterSeconds } from '../../platform/http/rate-limit';
import {
  clearEditTokenCookie,
  editTokenFrom,
  setEditTokenCookie,
  signatureIdsWithCookies,
} from '../../platform/http/edit-tokens';
import { groupCardCreate, signatureCreate, signaturePatch, FONT_FAMILIES } from './rules/group-card-input';
import { formatLongInZone, localInputToIso, localInputValue } from '../../platform/time/time-zones';
import { ApiError } from '../../platform/errors';
import { query } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { getService } from '../../platform/get-service';
import { isHtmx, renderPage, renderPartial, type Toast } from '../../platform/web/render';
import { formBody, formErrors, idParam, pickFilled, refusalText } from '../../platform/web/form-input';
import { limitedPage } from '../../platform/web/page-limits';
import { requestLocale } from '../../platform/i18n/request-locale';
import {
  errorPage,
  privateRoute,
  publicRoute,
  redirect,
  shopUrl,
  type PrivateContext,
  type WebContext,
  type WebRouteDef,
} from '../../platform/web/web-route';
import type { MessageKey } from '../../platform/i18n/messages';
import { intlLocale, DEFAULT_LOCALE } from '../../platform/i18n/locales';
import { shopRows, withTranslations } from '../../platform/db/localized';
import { msg } from '../../platform/i18n/format-message';
import { uploadedFile } from '../../platform/http/uploaded-file';
import { photosOf } from './rules/signature-photos';

/** The Intl locale of the request's language, for dates the page shows. */
const intlOf = (web: WebContext) => intlLocale(web.ctx.state.gcLocale ?? DEFAULT_LOCALE);

// Group-card pages (issue 23): the organiser's list, start form and moderation page, and the public
// signing page. They call the same services as /api/group-cards/ and /api/sign/; under htmx the
// moderation panel and the signing panel are swapped in place, plain forms get a redirect.

const ALL = { page: 1, pageSize: 100, offset: 0 };
const tz = (web: WebContext) => getConfig(web.strapi).shopTimeZone;
const uuidOf = (web: WebContext) => String(web.ctx.params.uuid ?? '');
const tokenOf = (web: WebContext) => String(web.ctx.params.token ?? '');

async function attempt<T>(
  web: WebContext,
  run: () => Promise<T>,
): Promise<{ errors: Record<string, string[]> | null; value?: T }> {
  try {
    return { errors: null, value: await run() };
  } catch (error) {
    const errors = formErrors(error, web.ctx.state.gcLocale);
    if (!errors) throw error;
    return { errors };
  }
}

// ---- organiser ----

interface NewFormState {
  errors?: Record<string, string[]> | null;
  values?: Record<string, unknown>;
  /** Invitations were refused for want of a confirmed address: offer the confirmation link. */
  confirmAddress?: boolean;
}

async function newFormData(web: PrivateContext, cardId: number | null, state: NewFormState = {}) {
  const card =
    cardId === null
      ? null
      : await query(web.strapi, UID.card).findOne({ where: { id: cardId, owner: { id: web.user.id } } });
  const cards = card ? [] : (await getService(web.strapi, 'cards').list(web.user.id, ALL)).results;
  const inAWeek = localInputValue(new Date(Date.now() + 7 * 86_400_000), tz(web)).slice(0, 11) + '17:00';
  return {
    title: web.t('shop.groupNew.title'),
    card,
    cards,
    timeZone: tz(web),
    errors: state.errors ?? null,
    values: { deadline: inAWeek, show_signatures: 'on', ...(state.values ?? {}) },
    confirmAddress: Boolean(state.confirmAddress),
    linkSent: web.ctx.query.link === 'sent',
  };
}

async function organiserData(web: PrivateContext, toast: Toast | null = null) {
  const group = await getService(web.strapi, 'groupCards').get(web.user.id, uuidOf(web));
  const recipients = group.basket_card_id
    ? []
    : (await getService(web.strapi, 'recipients').list(web.user.id, ALL)).results;
  return {
    title: group.title,
    group,
    recipients,
    deadlineText: group.deadline ? formatLongInZone(group.deadline, tz(web), intlOf(web)) : '',
    toast,
  };
}

/** Answers a moderation action: the panel for htmx, otherwise back to the page. */
async function moderated(web: PrivateContext, run: () => Promise<unknown>, success: MessageKey) {
  const { errors } = await attempt(web, run);
  const toast: Toast = errors
    ? { kind: 'error', text: Object.values(errors)[0]?.[0] ?? web.t('shop.error.failedTitle') }
    : { kind: 'success', text: web.t(success) };
  if (isHtmx(web.ctx))
    return renderPartial(web.ctx, 'partials/group-panel', await organiserData(web, toast), errors ? 400 : 200);
  redirect(web.ctx, shopUrl(web.ctx, `/group/${uuidOf(web)}/`));
}

/** Moves one signature up or down by one place, through the same reorder as the API. */
async function move(web: PrivateContext, delta: -1 | 1) {
  const service = getService(web.strapi, 'groupCards');
  const id = idParam(web.ctx.params.id);
  const ids = (await service.get(web.user.id, uuidOf(web))).signatures.map((s) => s.id);
  const at = id === null ? -1 : ids.indexOf(id);
  const to = at + delta;
  if (at >= 0 && to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to], ids[at]];
  return moderated(
    web,
    () => service.reorder(web.user.id, uuidOf(web), ids),
    delta < 0 ? 'shop.groupToast.movedUp' : 'shop.groupToast.movedDown',
  );
}

const signatureAction = (
  path: string,
  run: (web: PrivateContext, id: number) => Promise<unknown>,
  success: MessageKey,
): WebRouteDef =>
  limitedPage(
    'writes',
    privateRoute('POST', `/group/:uuid/signatures/:id/${path}/`, async (web) => {
      const id = idParam(web.ctx.params.id);
      return moderated(
        web,
        () =>
          id === null ? Promise.reject(new ApiError('not_found', { detail: msg('error.not_found') })) : run(web, id),
        success,
      );
    }),
  );

// ---- signers ----

interface SignState {
  errors?: Record<string, string[]> | null;
  values?: Record<string, unknown>;
  toast?: Toast | null;
  editing?: number | null;
  /** A signature made by this very request: its cookie reaches the browser only with this answer. */
  justSigned?: number | null;
  /** A refused photo: the signature it was for and why, shown beside that signature's photo field. */
  photoError?: { id: number; text: string } | null;
}

async function signData(web: WebContext, state: SignState = {}) {
  const signing = getService(web.strapi, 'groupSigning');
  const view = await signing.view(tokenOf(web), web.user?.id ?? null);
  const group = await signing.byToken(tokenOf(web));
  // Signatures this browser may change, shown with their text whatever their status: the account's, the
  // one this request made, and those whose real edit token it holds (a cookie merely naming one is not enough).
  const vouched = [...view.my_signature_ids, ...(state.justSigned ? [state.justSigned] : [])];
  const held = signatureIdsWithCookies(web.ctx).map((id) => ({ id, token: editTokenFrom(web.ctx, id) }));
  const mine = await signing.heldSignatures(group.id, vouched, held);
  const stickers = await withTranslations(
    web.strapi,
    UID.asset,
    await query(web.strapi, UID.asset).findMany({
      where: shopRows({ asset_type: 'sticker', is_active: true, is_premium: false }),
      orderBy: [{ name: 'asc' }],
      limit: 40,
    }),
    web.ctx.state.gcLocale ?? DEFAULT_LOCALE,
  );
  return {
    title: web.t('shop.sign.title', { name: view.recipient_name }),
    token: tokenOf(web),
    view,
    // Each with its photos read from the row (the upload library's ids are not printed).
    mine: mine.map((row) => ({ ...row, photos: photosOf(row) })),
    photoError: state.photoError ?? null,
    maxPhotos: getConfig(web.strapi).groupCardPhotosPerSignature,
    stickers,
    fonts: FONT_FAMILIES,
    deadlineText: view.deadline ? formatLongInZone(view.deadline, tz(web), intlOf(web)) : '',
    errors: state.errors ?? null,
    values: state.values ?? {},
    toast: state.toast ?? null,
    editing: state.editing ?? null,
    // Once this browser has signed, the page thanks it; the form for another message only on request
    // (?add=1), or when that form just came back with problems.
    adding: web.ctx.query.add === '1' || Boolean(state.errors && !state.editing),
  };
}

/** The closed or deadline page: 410 with who to contact, never the form. */
async function signPage(web: WebContext, state: SignState = {}, status?: number) {
  try {
    const data = await signData(web, state);
    if (isHtmx(web.ctx)) return renderPartial(web.ctx, 'partials/sign-panel', data, status);
    return renderPage(web.ctx, 'sign', data, status);
  } catch (error) {
    if (error instanceof ApiError && error.status === 410)
      return errorPage(
        web.ctx,
        410,
        web.t('shop.groupPanel.closedHeading'),
        refusalText(error, web.ctx.state.gcLocale),
      );
    throw error;
  }
}

/**
 * Before a signature write: the closed page (410, who to contact) when signing has ended, the 429 page
 * when the IP or the link is over its limit. True when one of them was sent.
 */
async function refusedSigning(web: WebContext): Promise<boolean> {
  let group;
  try {
    group = await getService(web.strapi, 'groupSigning').openByToken(tokenOf(web));
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) {
      errorPage(web.ctx, 410, web.t('shop.groupPanel.closedHeading'), refusalText(error, web.ctx.state.gcLocale));
      return true;
    }
    throw error;
  }
  const rejection = await consumeSigningAttempt(web.strapi, web.ctx, String(group.id));
  if (!rejection) return false;
  web.ctx.set('Retry-After', String(retryAfterSeconds(rejection)));
  errorPage(
    web.ctx,
    429,
    web.t('shop.limit.title'),
    web.t('shop.limit.tooMany', { count: retryAfterSeconds(rejection) }),
  );
  return true;
}

const SIGN_FIELDS = ['display_name', 'message', 'sticker_id', 'colour', 'font'];

function signatureInput(body: Record<string, unknown>) {
  const picked: Record<string, unknown> = pickFilled(body, SIGN_FIELDS);
  // The colour picker always sends a value; "no colour" is its own checkbox-free default.
  if (picked.colour === '#222222') delete picked.colour;
  return picked;
}

async function signed(
  web: WebContext,
  errors: Record<string, string[]> | null,
  values: Record<string, unknown>,
  success: MessageKey,
  editing: number | null = null,
  justSigned: number | null = null,
) {
  const toast: Toast = errors
    ? { kind: 'error', text: web.t('shop.form.checkFields') }
    : { kind: 'success', text: web.t(success) };
  if (!errors && !isHtmx(web.ctx)) return redirect(web.ctx, shopUrl(web.ctx, `/sign/${tokenOf(web)}/`));
  return signPage(
    web,
    { errors, values: errors ? values : {}, toast, editing: errors ? editing : null, justSigned },
    errors ? 400 : 200,
  );
}

/** After a photo write: back to the page, or the page again (400) with the refusal beside the photo field. */
async function photoAnswer(web: WebContext, id: number, errors: Record<string, string[]> | null, success: MessageKey) {
  if (!errors) {
    if (!isHtmx(web.ctx)) return redirect(web.ctx, shopUrl(web.ctx, `/sign/${tokenOf(web)}/`));
    return signPage(web, { toast: { kind: 'success', text: web.t(success) } });
  }
  const text = Object.values(errors)[0]?.[0] ?? web.t('shop.error.failedTitle');
  return signPage(web, { toast: { kind: 'error', text }, photoError: { id, text } }, 400);
}

export const groupRoutes: WebRouteDef[] = [
  privateRoute('GET', '/group/', async (web) => {
    const { results } = await getService(web.strapi, 'groupCards').list(web.user.id, ALL);
    renderPage(web.ctx, 'group-list', {
      title: web.t('shop.group.title'),
      groups: results,
      deadlines: Object.fromEntries(
        results.map((g) => [g.uuid, g.deadline ? formatLongInZone(g.deadline, tz(web), intlOf(web)) : '']),
      ),
    });
  }),

  privateRoute('GET', '/group/new/', async (web) => {
    const raw = web.ctx.query.card;
    const cardId = idParam(typeof raw === 'string' ? raw : undefined);
    const data = await newFormData(web, cardId);
    if (cardId !== null && !data.card)
      return errorPage(web.ctx, 404, web.t('shop.error.notFoundTitle'), web.t('shop.groupToast.cardNotFound'));
    renderPage(web.ctx, 'group-new', data);
  }),

  limitedPage(
    'writes',
    privateRoute('POST', '/group/new/', async (web) => {
      const body = formBody(web.ctx);
      const values = pickFilled(body, [
        'card_id',
        'title',
        'recipient_name',
        'deadline',
        'invite_emails',
        'show_signatures',
        'approval_mode',
      ]);
      const deadline = values.deadline ? localInputToIso(values.deadline, tz(web)) : undefined;
      const input = {
        card_id: values.card_id,
        title: values.title,
        recipient_name: values.recipient_name,
        deadline: deadline ?? values.deadline,
        invite_emails: (values.invite_emails ?? '').split(/[\s,;]+/).filter(Boolean),
        show_signatures: values.show_signatures === 'on',
        approval_mode: values.approval_mode === 'on',
      };
      const { errors, value } = await attempt(web, () =>
        getService(web.strapi, 'groupCards').create(
          web.user.id,
          parseBody(groupCardCreate, input),
          requestLocale(web.strapi, web.ctx),
        ),
      );
      if (value) return redirect(web.ctx, shopUrl(web.ctx, `/group/${value.uuid}/`));
      const confirmAddress =
        input.invite_emails.length > 0 && !(await getService(web.strapi, 'mailToOthers').mayMailOthers(web.user.id));
      // A checkbox left unticked is simply absent from the form.
      renderPage(
        web.ctx,
        'group-new',
        await newFormData(web, idParam(values.card_id), {
          errors,
          values: { show_signatures: '', ...values },
          confirmAddress,
        }),
        400,
      );
    }),
  ),

  privateRoute('GET', '/group/:uuid/', async (web) => renderPage(web.ctx, 'group-organiser', await organiserData(web))),
  // The moderation panel alone: the page polls it so signatures appear as they arrive.
  privateRoute('GET', '/group/:uuid/panel/', async (web) =>
    renderPartial(web.ctx, 'partials/group-panel', await organiserData(web)),
  ),

  limitedPage(
    'writes',
    privateRoute('POST', '/group/:uuid/rotate/', async (web) =>
      moderated(
        web,
        () => getService(web.strapi, 'groupCards').rotateLink(web.user.id, uuidOf(web)),
        'shop.groupToast.newLink',
      ),
    ),
  ),
  limitedPage(
    'writes',
    privateRoute('POST', '/group/:uuid/close/', async (web) =>
      moderated(
        web,
        () => getService(web.strapi, 'groupCards').close(web.user.id, uuidOf(web)),
        'shop.groupToast.closed',
      ),
    ),
  ),
  limitedPage(
    'writes',
    privateRoute('POST', '/group/:uuid/send/', async (web) => {
      const values = pickFilled(formBody(web.ctx), ['delivery_method', 'recipient_id']);
      const { errors } = await attempt(web, () =>
        getService(web.strapi, 'groupCards').sendToBasket(web.user.id, uuidOf(web), {
          ...values,
          recipient_id: values.recipient_id ?? null,
        }),
      );
      if (!errors) return redirect(web.ctx, shopUrl(web.ctx, '/cart/'));
      renderPage(
        web.ctx,
        'group-organiser',
        await organiserData(web, {
          kind: 'error',
          text: Object.values(errors)[0]?.[0] ?? web.t('shop.error.failedTitle'),
        }),
        400,
      );
    }),
  ),
  signatureAction(
    'hide',
    (web, id) => getService(web.strapi, 'groupCards').setSignatureVisible(web.user.id, uuidOf(web), id, false),
    'shop.groupToast.hidden',
  ),
  signatureAction(
    'show',
    (web, id) => getService(web.strapi, 'groupCards').setSignatureVisible(web.user.id, uuidOf(web), id, true),
    'shop.groupToast.shown',
  ),
  signatureAction(
    'photos/hide',
    (web, id) => getService(web.strapi, 'groupCards').setPhotosVisible(web.user.id, uuidOf(web), id, false),
    'shop.groupToast.photosHidden',
  ),
  signatureAction(
    'photos/show',
    (web, id) => getService(web.strapi, 'groupCards').setPhotosVisible(web.user.id, uuidOf(web), id, true),
    'shop.groupToast.photosShown',
  ),
  signatureAction(
    'delete',
    (web, id) => getService(web.strapi, 'groupCards').removeSignature(web.user.id, uuidOf(web), id),
    'shop.groupToast.deleted',
  ),
  limitedPage(
    'writes',
    privateRoute('POST', '/group/:uuid/signatures/:id/up/', (web) => move(web, -1)),
  ),
  limitedPage(
    'writes',
    privateRoute('POST', '/group/:uuid/signatures/:id/down/', (web) => move(web, 1)),
  ),

  publicRoute('GET', '/sign/:token/', async (web) => {
    const editing = idParam(typeof web.ctx.query.edit === 'string' ? web.ctx.query.edit : undefined);
    await signPage(web, { editing });
  }),

  publicRoute('POST', '/sign/:token/', async (web) => {
    if (await refusedSigning(web)) return;
    const values = signatureInput(formBody(web.ctx));
    const { errors, value } = await attempt(web, async () =>
      getService(web.strapi, 'groupSigning').sign(
        tokenOf(web),
        parseBody(signatureCreate, values),
        web.user?.id ?? null,
      ),
    );
    if (value) setEditTokenCookie(web.ctx, value.id, value.edit_token);
    await signed(
      web,
      errors,
      values,
      value?.status === 'pending' ? 'shop.signToast.pending' : 'shop.signToast.signed',
      null,
      value?.id ?? null,
    );
  }),

  publicRoute('POST', '/sign/:token/signatures/:id/edit/', async (web) => {
    if (await refusedSigning(web)) return;
    const id = idParam(web.ctx.params.id) ?? 0;
    const values = signatureInput(formBody(web.ctx));
    const { errors } = await attempt(web, () =>
      getService(web.strapi, 'groupSigning').edit(
        tokenOf(web),
        id,
        editTokenFrom(web.ctx, id),
        parseBody(signaturePatch, values),
        web.user?.id ?? null,
      ),
    );
    await signed(web, errors, values, 'shop.signToast.updated', id);
  }),

  // A photo for the signer's own message (multipart form: photo): the API's checks and caps.
  publicRoute('POST', '/sign/:token/signatures/:id/photos/', async (web) => {
    if (await refusedSigning(web)) return;
    const id = idParam(web.ctx.params.id) ?? 0;
    const { errors } = await attempt(web, () =>
      getService(web.strapi, 'groupSigning').addPhoto(
        tokenOf(web),
        id,
        editTokenFrom(web.ctx, id),
        uploadedFile(web.ctx, 'photo'),
        web.user?.id ?? null,
      ),
    );
    await photoAnswer(web, id, errors, 'shop.signToast.photoAdded');
  }),

  publicRoute('POST', '/sign/:token/signatures/:id/photos/:photo/delete/', async (web) => {
    if (await refusedSigning(web)) return;
    const id = idParam(web.ctx.params.id) ?? 0;
    const { errors } = await attempt(web, () =>
      getService(web.strapi, 'groupSigning').removePhoto(
        tokenOf(web),
        id,
        String(web.ctx.params.photo ?? ''),
        editTokenFrom(web.ctx, id),
        web.user?.id ?? null,
      ),
    );
    await photoAnswer(web, id, errors, 'shop.signToast.photoRemoved');
  }),

  publicRoute('POST', '/sign/:token/signatures/:id/delete/', async (web) => {
    if (await refusedSigning(web)) return;
    const id = idParam(web.ctx.params.id) ?? 0;
    const { errors } = await attempt(web, () =>
      getService(web.strapi, 'groupSigning').remove(tokenOf(web), id, editTokenFrom(web.ctx, id), web.user?.id ?? null),
    );
    if (!errors) clearEditTokenCookie(web.ctx, id);
    await signed(web, errors ? { non_field_errors: Object.values(errors)[0] } : null, {}, 'shop.signToast.removed');
  }),
];
