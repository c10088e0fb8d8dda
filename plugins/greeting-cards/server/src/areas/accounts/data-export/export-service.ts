import type { Core } from '@strapi/strapi';
import { query } from '../../../platform/db/query';
import { UID } from '../../../platform/uids';
import { getConfig } from '../../../platform/config/get-config';
import { msg } from '../../../platform/i18n/format-message';
import { overLimit } from '../../../platform/errors';
import { exportSections, type ExportFile } from './export-sections';
import { zipOf } from './zip';

// "Export my data" (issue 42 item 4): one zip with data.json (every section of export-sections.ts)
// and the files it names. Limited to SERVICE_ACCOUNT_EXPORTS_PER_DAY downloads in 24 hours per account,
// counted in the database (account-request rows of kind 'export').

export const EXPORT_FORMAT = 'greeting-cards-account-export';
export const EXPORT_VERSION = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

const requests = (strapi: Core.Strapi) => query(strapi, UID.accountRequest);

/**
 * Takes one of the account's exports for today, or throws 429. The row is written first and the count
 * read after, so two requests racing for the last place cannot both win: the later one takes its row
 * back and is refused.
 */
async function takeAllowance(strapi: Core.Strapi, userId: number): Promise<void> {
  const limit = getConfig(strapi).accountExportsPerDay;
  const row = await requests(strapi).create({
    data: { kind: 'export', user_key: userId, status: 'running', requested_by: 'shopper' },
  });
  const since = new Date(Date.now() - DAY_MS);
  const earlier = await requests(strapi).findMany({
    where: { kind: 'export', user_key: userId, createdAt: { $gt: since }, id: { $lte: row.id } },
    select: ['id', 'createdAt'],
    orderBy: { id: 'asc' },
  });
  if (earlier.length > limit) {
    await requests(strapi).delete({ where: { id: row.id } });
    // Free again once the oldest export of the window is a day old.
    const oldest = new Date(earlier[0].createdAt).getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + DAY_MS - Date.now()) / 1000));
    throw overLimit(msg('error.account_exports_per_day', { count: limit }), retryAfter);
  }
}

export interface AccountExport {
  filename: string;
  zip: Buffer;
}

export async function exportAccount(strapi: Core.Strapi, userId: number): Promise<AccountExport> {
  await takeAllowance(strapi, userId);
  const sections: Record<string, unknown> = {};
  const files: ExportFile[] = [];
  for (const section of exportSections(strapi)) {
    const out = await section.collect(strapi, userId);
    sections[section.name] = out.data;
    files.push(...(out.files ?? []));
  }
  const now = new Date();
  const document = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    account_id: userId,
    files: files.map((f) => f.path),
    sections,
  };
  const zip = await zipOf([{ path: 'data.json', body: JSON.stringify(document, null, 2) }, ...files]);
  await requests(strapi).updateMany({
    where: { kind: 'export', user_key: userId, status: 'running' },
    data: { status: 'done', finished_at: now },
  });
  return { filename: `my-data-${now.toISOString().slice(0, 10)}.zip`, zip };
}
