import type { Core } from '@strapi/strapi';
import { notFound } from '../../platform/errors';
import type { PageRequest } from '../../platform/http/pagination';
import { pagedRows } from '../../platform/db/paged-rows';
import type { Row } from '../../platform/db/query';
import { groupCardStore, looksLikeUuid } from './group-card-store';

// What operators see of group cards in the plugin's admin API: who organises each, its status, how many
// have signed and the deadline; and closing one (a complaint, abuse). Signatures are not edited here.

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = groupCardStore(strapi);

  const row = async (g: Row) => ({
    uuid: String(g.uuid),
    title: String(g.title ?? ''),
    recipient_name: String(g.recipient_name ?? ''),
    organiser: g.owner
      ? { id: g.owner.id as number, email: String(g.owner.email ?? ''), username: String(g.owner.username ?? '') }
      : null,
    status: String(g.status),
    signature_count: await store.countSignatures(g.id),
    deadline: g.deadline ? new Date(g.deadline).toISOString() : null,
    closed_at: g.closed_at ? new Date(g.closed_at).toISOString() : null,
    created_at: g.createdAt ? new Date(g.createdAt).toISOString() : null,
  });

  async function list(status: string | undefined, page: PageRequest) {
    const where = status ? { status } : {};
    const { count, rows } = await pagedRows(
      page,
      () => store.groups().count({ where }),
      () =>
        store.groups().findMany({
          where,
          orderBy: [{ deadline: 'asc' }, { id: 'asc' }],
          offset: page.offset,
          limit: page.pageSize,
          populate: { owner: { fields: ['id', 'email', 'username'] } },
        }),
    );
    return { count, results: await Promise.all(rows.map(row)) };
  }

  /** Closes a group card to new signatures; closing a closed one changes nothing. */
  async function close(uuid: string) {
    if (!looksLikeUuid(uuid)) throw notFound();
    const found = await store.byUuid(uuid.toLowerCase());
    if (!found) throw notFound();
    await store
      .groups()
      .updateMany({ where: { id: found.id, status: 'open' }, data: { status: 'closed', closed_at: new Date() } });
    return row((await store.byUuid(uuid.toLowerCase()))!);
  }

  return { list, close };
};
