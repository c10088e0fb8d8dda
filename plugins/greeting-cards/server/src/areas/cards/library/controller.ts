import type { Core } from '@strapi/strapi';
import { action } from '../../../platform/http/respond';
import { requireUser } from '../../../platform/http/auth';
import { pageOf, pageRequest } from '../../../platform/http/pagination';
import { choiceFilter } from '../../../platform/http/body';
import { LIBRARY_TYPES } from '../../../platform/enums';
import { getService } from '../../../platform/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    const page = pageRequest(ctx.query);
    const type = choiceFilter(ctx.query, 'type', LIBRARY_TYPES);
    const { count, results } = await getService(strapi, 'library').list(user, type, page);
    return pageOf(ctx, page, count, results);
  }),
});
