import fs from 'fs';
import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { fieldError, msg } from '../../../platform/errors';
import { query, type Row } from '../../../platform/db/query';
import { toDateString } from '../../../platform/time/calendar-dates';
import { EMPTY_RECIPIENT, RECIPIENT_FIELDS, type RecipientFields } from '../rules/recipient-input';
import type { UploadedFile } from '../../../platform/http/uploaded-file';
import {
  entryChanged,
  importTable,
  importText,
  IMPORT_LIMITS,
  mergeEntry,
  previewImport,
  TOO_LARGE,
  UnreadableFile,
  type Entry,
  type ExistingEntry,
  type ImportPreview,
  type PlannedRow,
} from './rules';
import { getService } from '../../../platform/get-service';

// Importing an address book from a CSV or vCard file. The domain decides row by row (what each row
// holds, what is wrong with it, which entry it is); this reads the file and the address book, and
// writes the plan in one transaction, so a failed import leaves nothing half done.

export interface ImportOutcome {
  created: number;
  merged: number;
  skipped: Array<{ row: number; reasons: string[] }>;
}

/** A planned row as the preview shows it. */
export function previewRow(r: PlannedRow) {
  const { row, values, problems, action } = r;
  return { row, action, values, problems, merges_into: r.action === 'merge' ? r.into : null };
}

export type PreviewResponse = Omit<ImportPreview, 'rows'> & { rows: Array<ReturnType<typeof previewRow>> };

const asFileError = (error: unknown) => (error instanceof UnreadableFile ? fieldError('file', error.text) : error);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const recipients = () => query(strapi, UID.recipient);
  const tags = () => getService(strapi, 'recipientTags');

  /** The owner's entries in the shape merges compare. */
  async function existingEntries(userId: number): Promise<ExistingEntry[]> {
    const rows = (await recipients().findMany({ where: { owner: { id: userId } }, orderBy: [{ id: 'asc' }] })) as Row[];
    const tagMap = await tags().tagsOf(rows.map((r) => r.id));
    return rows.map((row) => {
      const entry: Record<string, unknown> = {
        id: row.id,
        is_system_user: Boolean(row.is_system_user),
        tags: tagMap.get(row.id) ?? [],
      };
      for (const field of RECIPIENT_FIELDS)
        entry[field] = row[field] ?? (EMPTY_RECIPIENT as Record<string, unknown>)[field];
      entry.birthday = toDateString(row.birthday);
      entry.anniversary = toDateString(row.anniversary);
      return entry as unknown as ExistingEntry;
    });
  }

  async function plan(
    userId: number,
    text: string,
    mapping: Record<string, unknown> | undefined,
  ): Promise<{ preview: ImportPreview; existing: ExistingEntry[] }> {
    // Text sent back by the preview form, not read from a file: each byte of a file gives at most one
    // character, so a longer text cannot come from a file within the limit.
    if (text.length > IMPORT_LIMITS.bytes) throw fieldError('file', TOO_LARGE);
    let table;
    try {
      table = importTable(text);
    } catch (error) {
      throw asFileError(error);
    }
    const existing = await existingEntries(userId);
    const result = previewImport(table, mapping, existing);
    if ('problems' in result)
      throw fieldError(
        'mapping',
        result.problems.reduce((first, second) => msg('error.two_sentences', { first, second })),
      );
    return { preview: result.preview, existing };
  }

  /** The columns of an entry: not its tags (their own table), nor the id and flag of one read from the book. */
  const fields = (entry: Entry): RecipientFields => {
    const out = {} as Record<string, unknown>;
    for (const field of RECIPIENT_FIELDS) out[field] = (entry as unknown as Record<string, unknown>)[field];
    return out as RecipientFields;
  };

  async function write(
    userId: number,
    rows: readonly PlannedRow[],
    existing: readonly ExistingEntry[],
  ): Promise<ImportOutcome> {
    const byId = new Map(existing.map((e) => [e.id, e]));
    // One entry per group of matching rows: a new one (keyed by its first row) or one already in the book.
    const fresh = new Map<number, Entry>();
    const touched = new Map<number, Entry>();
    const outcome: ImportOutcome = { created: 0, merged: 0, skipped: [] };
    for (const r of rows) {
      if (r.action === 'skip') outcome.skipped.push({ row: r.row, reasons: r.problems });
      else if (r.action === 'create') fresh.set(r.row, r.values);
      else if (r.into.recipient_id !== null) {
        const id = r.into.recipient_id;
        touched.set(id, mergeEntry(touched.get(id) ?? byId.get(id)!, r.values));
        outcome.merged += 1;
      } else {
        const first = r.into.row!;
        fresh.set(first, mergeEntry(fresh.get(first)!, r.values));
        outcome.merged += 1;
      }
    }
    await strapi.db.transaction(async () => {
      const made: Array<{ id: number; tags: string[] }> = [];
      for (const entry of fresh.values()) {
        const created = (await recipients().create({
          data: { ...fields(entry), owner: userId, is_system_user: false },
        })) as Row;
        made.push({ id: created.id, tags: entry.tags });
        outcome.created += 1;
      }
      await tags().tagNewEntries(userId, made);
      for (const [id, entry] of touched) {
        const before = byId.get(id)!;
        if (!entryChanged(before, entry)) continue;
        await recipients().update({ where: { id }, data: fields(entry) });
        await tags().addTags(userId, [id], entry.tags);
      }
    });
    return outcome;
  }

  return {
    /** The text of an uploaded file, or a 400 on `file` (none sent, too large, not text we can read). */
    async uploadText(file: UploadedFile | undefined): Promise<string> {
      if (!file) throw fieldError('file', msg('error.import_no_file'));
      // Checked before reading, so an oversized upload is never loaded into memory.
      if (file.size > IMPORT_LIMITS.bytes) throw fieldError('file', TOO_LARGE);
      try {
        return importText(await fs.promises.readFile(file.filepath)).text;
      } catch (error) {
        throw asFileError(error);
      }
    },

    /** What importing would do, row by row, without writing anything. */
    async preview(userId: number, text: string, mapping?: Record<string, unknown>): Promise<PreviewResponse> {
      const { preview } = await plan(userId, text, mapping);
      return { ...preview, rows: preview.rows.map(previewRow) };
    },

    /** Imports the valid rows, merging duplicates; reports the rows it skipped and why. */
    async importRecipients(userId: number, text: string, mapping?: Record<string, unknown>): Promise<ImportOutcome> {
      const { preview, existing } = await plan(userId, text, mapping);
      return write(userId, preview.rows, existing);
    },
  };
};
