import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { parseId } from '../http/ids';
import { pageOf, pageRequest } from '../http/pagination';
import { getService } from '../services/get-service';

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

  pdf: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    const { pdf, filename } = await getService(strapi, 'deliveries').pdfForOwner(user.id, parseId(ctx.params.id));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    return pdf;
  }),
});
