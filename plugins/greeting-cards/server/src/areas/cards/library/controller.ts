import type { Core } from '@strapi/strapi';
import { action } from '../../../platform/http/respond';
import { requireUser } from '../../../platform/http/auth';
import { pageOf, pageRequest } from '../../../platform/http/pagination';
import { choiceFilter } from '../../../platform/http/body';
import { LIBRARY_TYPES } from '../../../platform/enums';
import { getService } from '../../../platform/get-service';
import { userAnswer } from '../../../platform/db/user-answers';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    const page = pageRequest(ctx.query);
    const type = choiceFilter(ctx.query, 'type', LIBRARY_TYPES);
    // Kept per user until a write to what it shows (platform/db/user-answers.ts).
    const { count, results } = await userAnswer(
      strapi,
      user.id,
      `library\n${type}\n${page.offset}\n${page.pageSize}`,
      () => getService(strapi, 'library').list(user, type, page),
    );
    return pageOf(ctx, page, count, results);
  }),
});
