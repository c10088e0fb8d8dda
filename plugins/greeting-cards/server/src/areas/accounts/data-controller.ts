import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../platform/http/respond';
import { action } from '../../platform/http/respond';
import { requireUser } from '../../platform/http/auth';
import { parseId } from '../../platform/http/ids';
import { notFound } from '../../platform/errors';
import { query } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { requireFreshCredential } from './fresh-credential';
import { exportAccount } from './data-export/export-service';
import { deleteAccount } from './deletion/deletion-service';
import { findAccounts } from './admin-accounts';

// GET|POST /api/me/export/ and DELETE /api/me/account/ (docs/api.md), and the operator's
// GET /greeting-cards/admin/accounts?q= and POST /greeting-cards/admin/accounts/:id/delete (docs/admin-api.md).

export function sendZip(ctx: Ctx, out: { filename: string; zip: Buffer }): void {
  ctx.set('Content-Type', 'application/zip');
  ctx.set('Content-Disposition', `attachment; filename="${out.filename}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = out.zip;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  export: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    await requireFreshCredential(strapi, ctx, user.id);
    sendZip(ctx, await exportAccount(strapi, user.id));
    return undefined;
  }),

  deleteAccount: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    await requireFreshCredential(strapi, ctx, user.id);
    return deleteAccount(strapi, user.id, 'shopper');
  }),

  /** GET /greeting-cards/admin/accounts?q=<e-mail address or username>: the exact matches. */
  adminFind: action(strapi, async (ctx) => ({ results: await findAccounts(strapi, ctx.query.q) })),

  /** An operator's deletion, for a request that came by e-mail: the same job, recorded as theirs. */
  adminDelete: action(strapi, async (ctx) => {
    const id = parseId(ctx.params.id);
    const exists = await query(strapi, UID.user).count({ where: { id } });
    const started = await query(strapi, UID.accountRequest).count({ where: { deletion_key: id } });
    if (!exists && !started) throw notFound();
    const outcome = await deleteAccount(strapi, id, 'operator');
    strapi.log.info(`[greeting-cards] account ${id} deleted by an operator`);
    return outcome;
  }),
});
