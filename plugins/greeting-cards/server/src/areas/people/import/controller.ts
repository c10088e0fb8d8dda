import type { Core } from '@strapi/strapi';
import { getService } from '../../../platform/get-service';
import { action } from '../../../platform/http/respond';
import { requireUser } from '../../../platform/http/auth';
import { uploadedFile } from '../../../platform/http/uploaded-file';
import { fieldError } from '../../../platform/errors';
import { msg } from '../../../platform/i18n/format-message';

// POST /api/recipients/import/: a multipart `file`, an optional `mapping` (JSON: column name -> field,
// "" to leave a column out) and `dry_run` (true: the preview, nothing written).

/** The `mapping` form field: absent, or a JSON object of column names to field names. */
export function readMapping(raw: unknown): Record<string, unknown> | undefined {
  if (raw === undefined || raw === '') return undefined;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw fieldError('mapping', msg('error.import_mapping'));
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw fieldError('mapping', msg('error.import_mapping'));
  return value as Record<string, unknown>;
}

/** The `dry_run` form field: true or false (default false). */
export function readDryRun(raw: unknown): boolean {
  if (raw === undefined || raw === '' || raw === false || raw === 'false' || raw === '0') return false;
  if (raw === true || raw === 'true' || raw === '1') return true;
  throw fieldError('dry_run', msg('error.not_boolean'));
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  run: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const dryRun = readDryRun(body.dry_run);
    const mapping = readMapping(body.mapping);
    const service = getService(strapi, 'recipientImport');
    const text = await service.uploadText(uploadedFile(ctx, 'file'));
    return dryRun ? service.preview(user.id, text, mapping) : service.importRecipients(user.id, text, mapping);
  }),
});
