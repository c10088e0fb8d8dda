import type { Core } from '@strapi/strapi';
import { action, type Ctx } from '../../platform/http/respond';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { oneOf } from '../../platform/http/admin-query';
import { FieldErrorCollector } from '../../platform/errors';
import { GROUP_CARD_STATUSES } from './rules/group-card-state';
import { getService } from '../../platform/get-service';

// The operators' group-card routes of the admin API (areas/operations/routes.ts).
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: action(strapi, async (ctx: Ctx) => {
    const query = ctx.query ?? {};
    const errors = new FieldErrorCollector();
    const status = oneOf(query, 'status', GROUP_CARD_STATUSES, errors);
    errors.throwIfAny();
    const page = pageRequest(query);
    const { count, results } = await getService(strapi, 'adminGroupCards').list(status ?? undefined, page);
    return pageOf(ctx, page, count, results);
  }),
  close: action(strapi, async (ctx: Ctx) => getService(strapi, 'adminGroupCards').close(String(ctx.params.uuid ?? ''))),
});
