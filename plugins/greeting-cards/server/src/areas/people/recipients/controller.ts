import type { Core } from '@strapi/strapi';
import { getService } from '../../../platform/get-service';
import { recipientFields, recipientPatch } from '../rules/recipient-input';
import { tagsField } from '../rules/recipient-tags';
import { ownedResourceController } from '../../../platform/http/owned-resource';
import { action } from '../../../platform/http/respond';
import { requireUser } from '../../../platform/http/auth';
import { pageOf, pageRequest } from '../../../platform/http/pagination';
import { queryValue } from '../../../platform/http/body';

// Entries carry their groups as `tags`; a list narrows to one group with ?tag=.
const withTags = { tags: tagsField.optional() };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'recipients');
  const base = ownedResourceController(strapi, service, {
    create: recipientFields.partial().extend(withTags),
    update: recipientPatch.extend(withTags),
  });
  return {
    ...base,
    list: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const page = pageRequest(ctx.query);
      const { count, results } = await service().list(user.id, page, { tag: queryValue(ctx.query, 'tag') });
      return pageOf(ctx, page, count, results);
    }),
  };
};
