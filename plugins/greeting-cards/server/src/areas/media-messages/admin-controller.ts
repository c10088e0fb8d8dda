import type { Core } from '@strapi/strapi';
import { action, type Ctx } from '../../platform/http/respond';
import { parseId } from '../../platform/http/ids';
import { fieldError, msg } from '../../platform/errors';
import { removeByOperator } from './message-store';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { oneOf } from '../../platform/http/admin-query';
import { FieldErrorCollector } from '../../platform/errors';
import { listForOperators, MESSAGE_STATUSES } from './admin-list';

// An operator removes a card's video or voice message with a reason (admin API, docs/admin-api.md):
// POST /greeting-cards/admin/media-messages/<id>/remove {"reason": "..."} -> 200 {"removed": true}.
const MAX_REASON = 500;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  // GET /greeting-cards/admin/media-messages?status=live|removed&page=&page_size= -> newest first.
  list: action(strapi, async (ctx: Ctx) => {
    const query = ctx.query ?? {};
    const errors = new FieldErrorCollector();
    const status = oneOf(query, 'status', MESSAGE_STATUSES, errors);
    errors.throwIfAny();
    const page = pageRequest(query);
    const { count, results } = await listForOperators(strapi, status ?? undefined, page);
    return pageOf(ctx, page, count, results);
  }),
  remove: action(strapi, async (ctx: Ctx) => {
    const id = parseId(ctx.params.id);
    const raw = (ctx.request.body ?? {}).reason;
    const reason = typeof raw === 'string' ? raw.trim() : '';
    if (!reason) throw fieldError('reason', msg('error.required'));
    if (reason.length > MAX_REASON) throw fieldError('reason', msg('error.max_length', { max: MAX_REASON }));
    await removeByOperator(strapi, id, reason);
    return { removed: true };
  }),
});
