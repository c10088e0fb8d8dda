import type { Core } from '@strapi/strapi';
import { action } from '../../platform/http/respond';
import { requireUser } from '../../platform/http/auth';
import { parseId } from '../../platform/http/ids';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { getService } from '../../platform/get-service';

/**
 * The press a send-again request belongs to: an Idempotency-Key header, or `key` in the body (the order
 * page's form); null when neither (each request is then a press of its own). The service checks it.
 */
function pressKey(ctx: { get(name: string): string; request: { body?: unknown } }): string | null {
  const body =
    ctx.request.body && typeof ctx.request.body === 'object' ? (ctx.request.body as Record<string, unknown>) : {};
  const raw = ctx.get('Idempotency-Key') || (typeof body.key === 'string' ? body.key : '');
  return raw.trim() || null;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    const page = pageRequest(ctx.query);
    const { count, results } = await getService(strapi, 'deliveries').listForUser(user.id, page);
    return pageOf(ctx, page, count, results);
  }),

  cancel: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    return getService(strapi, 'deliveries').cancelForOwner(user.id, parseId(ctx.params.id));
  }),

  sendAgain: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    return getService(strapi, 'deliveries').sendAgainForOwner(user.id, parseId(ctx.params.id), pressKey(ctx));
  }),

  pdf: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    const { pdf, filename } = await getService(strapi, 'deliveries').pdfForOwner(user.id, parseId(ctx.params.id));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    return pdf;
  }),
});
