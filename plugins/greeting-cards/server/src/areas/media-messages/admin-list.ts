import type { Core } from '@strapi/strapi';
import type { PageRequest } from '../../platform/http/pagination';
import { pagedRows } from '../../platform/db/paged-rows';
import { query, type Row } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { maskEmail } from './rules/mask-email';

/** What the admin's Messages tab lists of one message: never its file, captions or page token. */
export interface AdminMessageRow {
  id: number;
  card_id: number;
  card_title: string;
  owner_email: string;
  kind: string;
  duration_ms: number;
  created_at: string | null;
  status: 'live' | 'removed';
  removed_at: string | null;
  removed_reason: string;
}

export const MESSAGE_STATUSES = ['live', 'removed'] as const;

/**
 * The newest messages first, for operators who remove one on a complaint. The owner's e-mail is masked:
 * enough to match a complaint, not a list of addresses; the message itself is not shown here.
 */
export async function listForOperators(
  strapi: Core.Strapi,
  status: (typeof MESSAGE_STATUSES)[number] | undefined,
  page: PageRequest,
): Promise<{ count: number; results: AdminMessageRow[] }> {
  const messages = query(strapi, UID.mediaMessage);
  const where =
    status === 'live'
      ? { removed_at: { $null: true } }
      : status === 'removed'
        ? { removed_at: { $notNull: true } }
        : {};
  const { count, rows } = await pagedRows<Row>(
    page,
    async () => Number(await messages.count({ where })),
    () =>
      messages.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        offset: page.offset,
        limit: page.pageSize,
        select: ['id', 'card_id', 'kind', 'duration_ms', 'createdAt', 'removed_at', 'removed_reason'],
        populate: { owner: { select: ['id', 'email'] } },
      }),
  );
  const cardIds = [...new Set(rows.map((r) => Number(r.card_id)))];
  const titles = new Map(
    (cardIds.length
      ? ((await query(strapi, UID.card).findMany({
          where: { id: { $in: cardIds } },
          select: ['id', 'title'],
        })) as Row[])
      : []
    ).map((c) => [Number(c.id), String(c.title ?? '')]),
  );
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    count,
    results: rows.map((r) => ({
      id: Number(r.id),
      card_id: Number(r.card_id),
      card_title: titles.get(Number(r.card_id)) ?? '',
      owner_email: maskEmail(String(r.owner?.email ?? '')),
      kind: String(r.kind),
      duration_ms: Number(r.duration_ms),
      created_at: iso(r.createdAt),
      status: r.removed_at ? 'removed' : 'live',
      removed_at: iso(r.removed_at),
      removed_reason: String(r.removed_reason ?? ''),
    })),
  };
}
