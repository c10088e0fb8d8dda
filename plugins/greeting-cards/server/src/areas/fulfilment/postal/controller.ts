import type { Core } from '@strapi/strapi';
import { action, type Ctx } from '../../../platform/http/respond';
import { badRequest, FieldErrorCollector, notFound } from '../../../platform/errors';
import { getConfig } from '../../../platform/config/get-config';
import { isProductCode } from '../../../platform/designs/print-products/products';
import { isRealDate } from '../../../platform/time/calendar-dates';
import { verifyPrintFileName } from '../print-at-home/print-file';
import { getService } from '../../../platform/get-service';
import { msg } from '../../../platform/i18n/format-message';

const RAW_BODY = Symbol.for('unparsedBody');
const MAX_BODY = 1024 * 1024;

/**
 * The callback's body as JSON. Strapi's body parser reads application/json; a structured CloudEvent
 * (application/cloudevents+json) it leaves unread, so it is read here, within a size limit.
 */
async function jsonBody(ctx: Ctx): Promise<unknown> {
  const parsed = ctx.request.body;
  if (parsed && typeof parsed === 'object' && Object.keys(parsed).length) return parsed;
  let text = typeof parsed?.[RAW_BODY] === 'string' ? parsed[RAW_BODY] : '';
  if (!text && ctx.req.readable) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) throw badRequest(msg('error.body_too_large'));
      chunks.push(chunk);
    }
    text = Buffer.concat(chunks).toString('utf8');
  }
  if (!text.trim()) throw badRequest(msg('error.body_empty'));
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(msg('error.body_not_json'));
  }
}

const one = (v: unknown): string => (Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : '').trim();

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  // GET /api/shipping/options/?product=&country=&arrive_by=: the methods that serve a destination, their
  // prices (the provider's quote, or the table: price_source says which) and when each leaves and lands.
  shippingOptions: action(strapi, async (ctx) => {
    const product = one(ctx.query.product) || getConfig(strapi).defaultProduct;
    const country = one(ctx.query.country).toUpperCase();
    const arriveBy = one(ctx.query.arrive_by);
    const errors = new FieldErrorCollector();
    if (!isProductCode(product)) errors.add('product', msg('error.product_code', { product }));
    if (!country) errors.add('country', msg('error.required'));
    else if (!/^[A-Z]{2}$/.test(country)) errors.add('country', msg('error.country_code'));
    if (arriveBy && !isRealDate(arriveBy)) errors.add('arrive_by', msg('error.arrive_by_format'));
    errors.throwIfAny();
    const shipping = getService(strapi, 'shipping');
    const options = await shipping.options({ product, country, ...(arriveBy ? { arriveBy } : {}) });
    if (options.arrive_by?.problem) {
      errors.add('arrive_by', shipping.problemMessage(options.arrive_by.problem, options.arrive_by.next_possible));
      errors.throwIfAny();
    }
    ctx.set('Cache-Control', 'no-store');
    return options;
  }),

  // POST /api/postal/:provider/callback/:secret (no user: the secret in the path authenticates). The
  // address is judged before the body is read: to a wrong one, any body is 404, an empty one too.
  callback: action(strapi, async (ctx) => {
    const callbacks = getService(strapi, 'postalCallbacks');
    callbacks.authenticate(String(ctx.params.provider), String(ctx.params.secret));
    const outcome = await callbacks.handle(
      String(ctx.params.provider),
      String(ctx.params.secret),
      ctx.request.header ?? {},
      await jsonBody(ctx),
    );
    ctx.status = outcome.status;
    return outcome.body;
  }),

  // GET /api/postal/print-files/:signed_file: the print file a provider fetches, by a signed expiring name.
  printFile: action(strapi, async (ctx) => {
    const id = verifyPrintFileName(strapi, String(ctx.params.signed_file), new Date());
    const pdf = id === null ? null : await getService(strapi, 'fulfilment').printFile(id);
    if (!pdf) throw notFound();
    ctx.type = 'application/pdf';
    ctx.set('Cache-Control', 'private, no-store');
    // Never indexed, wherever the link ends up.
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    return pdf;
  }),
});
