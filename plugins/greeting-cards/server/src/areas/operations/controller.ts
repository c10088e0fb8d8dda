import type { Core } from '@strapi/strapi';
import { action, type Ctx } from '../../platform/http/respond';
import { parseId } from '../../platform/http/ids';
import { pageRequest } from '../../platform/http/pagination';
import { dayRange, oneOf, searchText } from '../../platform/http/admin-query';
import { uploadedFile } from '../../platform/http/uploaded-file';
import { FieldErrorCollector, notFound } from '../../platform/errors';
import { DELIVERY_METHODS, DELIVERY_STATUSES, ORDER_STATUSES } from '../../platform/enums';
import { getService } from '../../platform/get-service';

// The admin API's controllers: read the query, call one service, answer JSON (errors in the spec's shapes).
const queryOf = (ctx: Ctx): Record<string, unknown> => ctx.query ?? {};
const bodyOf = (ctx: Ctx): Record<string, unknown> =>
  ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {};

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  summary: action(strapi, async () => getService(strapi, 'adminOrders').summary()),

  orders: action(strapi, async (ctx) => {
    const query = queryOf(ctx);
    const errors = new FieldErrorCollector();
    const filters = {
      status: oneOf(query, 'status', ORDER_STATUSES, errors),
      range: dayRange(query, errors),
      q: searchText(query, errors),
    };
    errors.throwIfAny();
    return getService(strapi, 'adminOrders').list(filters, pageRequest(query));
  }),

  order: action(strapi, async (ctx) => getService(strapi, 'adminOrders').detail(String(ctx.params.uuid))),

  paymentIssues: action(strapi, async (ctx) =>
    getService(strapi, 'adminOrders').paymentIssues(pageRequest(queryOf(ctx))),
  ),
  resolvePaymentIssue: action(strapi, async (ctx) =>
    getService(strapi, 'adminOrders').resolvePaymentIssue(parseId(ctx.params.id)),
  ),

  promoCodeUses: action(strapi, async () => getService(strapi, 'adminPromotions').usesByCode()),

  deliveries: action(strapi, async (ctx) => {
    const query = queryOf(ctx);
    const errors = new FieldErrorCollector();
    const filters = {
      status: oneOf(query, 'status', DELIVERY_STATUSES, errors),
      method: oneOf(query, 'method', DELIVERY_METHODS, errors),
      late: oneOf(query, 'late', ['true'] as const, errors) === 'true',
    };
    errors.throwIfAny();
    return getService(strapi, 'adminDeliveries').list(filters, pageRequest(query));
  }),

  delivery: action(strapi, async (ctx) => getService(strapi, 'adminDeliveries').detail(parseId(ctx.params.id))),
  retryDelivery: action(strapi, async (ctx) => getService(strapi, 'adminDeliveries').retry(parseId(ctx.params.id))),
  cancelDelivery: action(strapi, async (ctx) => getService(strapi, 'adminDeliveries').cancel(parseId(ctx.params.id))),
  resendDelivery: action(strapi, async (ctx) => getService(strapi, 'adminDeliveries').resend(parseId(ctx.params.id))),
  reprintDelivery: action(strapi, async (ctx) => getService(strapi, 'adminDeliveries').reprint(parseId(ctx.params.id))),
  refundDeliveryShipping: action(strapi, async (ctx) =>
    getService(strapi, 'adminDeliveries').refundShipping(parseId(ctx.params.id)),
  ),

  settings: action(strapi, async () => getService(strapi, 'adminSettings').report()),
  updateSettings: action(strapi, async (ctx) =>
    getService(strapi, 'adminSettings').update(bodyOf(ctx), ctx.state.user?.email ?? null),
  ),

  /** A signed, short-lived shop address of a template's draft, for the editor's "Open preview". */
  templatePreviewLink: action(strapi, async (ctx) => {
    const link = await getService(strapi, 'catalogue').previewLink(String(ctx.params.documentId));
    if (!link) throw notFound();
    return link;
  }),

  validateDesign: action(strapi, async (ctx) => {
    getService(strapi, 'templateDesigns').validOrThrow(bodyOf(ctx).canvas_data);
    return { ok: true };
  }),

  uploadTemplatePhoto: action(strapi, async (ctx) => {
    const stored = await getService(strapi, 'templatePhotos').upload(uploadedFile(ctx, 'photo'));
    ctx.status = 201;
    return stored;
  }),

  cropTemplatePhoto: action(strapi, async (ctx) => {
    const stored = await getService(strapi, 'templatePhotos').crop(bodyOf(ctx));
    ctx.status = 201;
    return stored;
  }),

  previewDesign: action(strapi, async (ctx) => {
    const png = await getService(strapi, 'templateDesigns').previewPng(bodyOf(ctx).canvas_data);
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'no-store');
    return png;
  }),
});
