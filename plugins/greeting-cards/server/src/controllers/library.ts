import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { pageOf, pageRequest } from '../http/pagination';
import { choiceFilter } from '../http/body';
import { LIBRARY_TYPES } from '../domain/enums';
import { getService } from '../services/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    const page = pageRequest(ctx.query);
    const type = choiceFilter(ctx.query, 'type', LIBRARY_TYPES);
    const { count, results } = await getService(strapi, 'library').list(user, type, page);
    return pageOf(ctx, page, count, results);
  }),
});
