import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import { action } from './respond';
import { requireUser } from './auth';
import { pageOf, pageRequest, type PageRequest } from './pagination';
import { parseBody } from './body';
import { parseId } from './ids';
import type { Locale } from '../i18n/locales';
import { requestLocale } from '../i18n/request-locale';

/** What a service of a shopper's own entries (address book, reminders) offers its controller. */
export interface OwnedResourceService<Create, Update> {
  list(userId: number, page: PageRequest): Promise<{ count: number; results: unknown[] }>;
  get(userId: number, id: number): Promise<unknown>;
  findOwned(userId: number, id: number): Promise<unknown>;
  /** `locale`: the shop language of the request, for services that write e-mails about the entry (reminders). */
  create(userId: number, input: Create, locale?: Locale): Promise<unknown>;
  update(userId: number, id: number, input: Update): Promise<unknown>;
  remove(userId: number, id: number): Promise<void>;
}

/** The list/create/get/update/remove actions of a shopper's own entries, with their body schemas. */
export function ownedResourceController<C extends z.ZodType, U extends z.ZodType>(
  strapi: Core.Strapi,
  service: () => OwnedResourceService<z.infer<C>, z.infer<U>>,
  schemas: { create: C; update: U },
) {
  return {
    list: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const page = pageRequest(ctx.query);
      const { count, results } = await service().list(user.id, page);
      return pageOf(ctx, page, count, results);
    }),

    create: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const input = parseBody(schemas.create, ctx.request.body);
      ctx.status = 201;
      return service().create(user.id, input, requestLocale(strapi, ctx));
    }),

    get: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return service().get(user.id, parseId(ctx.params.id));
    }),

    update: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      // Ownership first: another user's entry is 404 even when the body is invalid.
      await service().findOwned(user.id, id);
      const input = parseBody(schemas.update, ctx.request.body);
      return service().update(user.id, id, input);
    }),

    remove: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await service().remove(user.id, parseId(ctx.params.id));
      ctx.status = 204;
      return undefined;
    }),
  };
}
