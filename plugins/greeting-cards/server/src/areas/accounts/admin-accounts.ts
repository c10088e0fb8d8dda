import type { Core } from '@strapi/strapi';
import { query, type Row } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { TERMINAL_STATUSES } from '../../platform/providers/payment/subscription-state';

// The admin's "Accounts" section (issue 42 item 5): an operator finds the account a deletion request
// came from by its exact e-mail address or username, sees what deleting it will do, and deletes it
// (POST /greeting-cards/admin/accounts/:id/delete). No browsing or partial search: the section is for
// acting on one request, not for reading shoppers' data.

export interface AdminAccount {
  id: number;
  username: string;
  email: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  created_at: string | null;
  orders: number;
  live_subscriptions: number;
  deletion: { status: string; requested_by: string | null } | null;
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export async function findAccounts(strapi: Core.Strapi, raw: unknown): Promise<AdminAccount[]> {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text || text.length > 254) return [];
  const users: Row[] = await query(strapi, UID.user).findMany({
    where: { $or: [{ email: text.toLowerCase() }, { username: text }] },
    select: ['id', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt'],
    orderBy: { id: 'asc' },
    limit: 10,
  });
  return Promise.all(
    users.map(async (u) => {
      const id = Number(u.id);
      const subscriptions: Row[] = await query(strapi, UID.subscription).findMany({
        where: { user: { id } },
        select: ['id', 'status'],
      });
      const request: Row | null = await query(strapi, UID.accountRequest).findOne({ where: { deletion_key: id } });
      return {
        id,
        username: String(u.username ?? ''),
        email: String(u.email ?? ''),
        provider: String(u.provider ?? 'local'),
        confirmed: u.confirmed === true,
        blocked: u.blocked === true,
        created_at: iso(u.createdAt),
        orders: await query(strapi, UID.order).count({ where: { user: { id }, status: { $ne: 'cart' } } }),
        live_subscriptions: subscriptions.filter(
          (s) => !(TERMINAL_STATUSES as readonly string[]).includes(String(s.status)),
        ).length,
        deletion: request ? { status: String(request.status), requested_by: request.requested_by ?? null } : null,
      };
    }),
  );
}
