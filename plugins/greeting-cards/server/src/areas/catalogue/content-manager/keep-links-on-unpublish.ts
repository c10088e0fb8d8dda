import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import type { Row } from '../../../platform/db/query';

// The publishable catalogue types shoppers' records point at.
const PUBLISHABLE: string[] = [UID.template, UID.occasion, UID.asset, UID.giftAddon, UID.subscriptionPlan];

interface DocumentContext {
  uid: string;
  action: string;
  params?: { documentId?: string; locale?: string };
}

interface LinkTable {
  name: string;
  source: string;
  target: string;
}

type Link = Record<string, unknown>;

/**
 * Shoppers' records (cards, order items, reminders, group signatures, subscriptions) have no draft &
 * publish and point at the catalogue's published rows. Strapi keeps those links when an editor
 * publishes again (its document service moves them to the new published row), but unpublishing
 * deletes the published row and the database drops every link to it: a card would lose its template
 * (and with it the print size it inherits), a cart line its gift add-on. This middleware moves those
 * links to the document's draft row instead, which survives an unpublish; publishing again then links
 * them to the new published row too (Strapi copies a non-draft record's links from the draft).
 */
export function registerKeepLinksOnUnpublish(strapi: Core.Strapi): void {
  // Join tables of relations from types without draft & publish to a publishable type, per target.
  let tables: Map<string, LinkTable[]> | null = null;
  const linkTables = (uid: string): LinkTable[] => {
    if (!tables) {
      tables = new Map();
      for (const model of Object.values(strapi.contentTypes) as Array<{
        uid: string;
        options?: { draftAndPublish?: boolean };
      }>) {
        if (model.options?.draftAndPublish) continue;
        const meta = strapi.db.metadata.get(model.uid);
        for (const attribute of Object.values(meta.attributes) as Row[]) {
          if (attribute.type !== 'relation' || !PUBLISHABLE.includes(attribute.target) || !attribute.joinTable)
            continue;
          const list = tables.get(attribute.target) ?? [];
          list.push({
            name: attribute.joinTable.name,
            source: attribute.joinTable.joinColumn.name,
            target: attribute.joinTable.inverseJoinColumn.name,
          });
          tables.set(attribute.target, list);
        }
      }
    }
    return tables.get(uid) ?? [];
  };

  strapi.documents.use(async (ctx, next) => {
    const context = ctx as unknown as DocumentContext;
    const documentId = context.params?.documentId;
    if (context.action !== 'unpublish' || !PUBLISHABLE.includes(context.uid) || !documentId) return next();
    const rows = () => strapi.db.query(context.uid as Parameters<Core.Strapi['db']['query']>[0]);
    // Localized types (Strapi i18n) unpublish one locale's row (the default locale's when none is
    // named) or every locale's ('*'): only those rows' links move, each to the draft of its own locale.
    const localized = isLocalized(strapi, context.uid);
    const locale = localized ? await unpublishedLocale(strapi, context.params?.locale) : null;
    const where = { documentId, publishedAt: { $notNull: true }, ...(locale ? { locale } : {}) };
    const columns = localized ? ['id', 'locale'] : ['id'];
    // Raw join-table reads and writes (the query engine has no API for a join table), inside the
    // caller's transaction when there is one, so a single SQLite connection never waits on itself.
    const published = (await rows().findMany({ where, select: columns })) as Array<{
      id: number;
      locale?: string | null;
    }>;
    const saved: Array<{ table: LinkTable; links: Link[] }> = [];
    if (published.length) {
      await strapi.db.transaction(async ({ trx }) => {
        for (const table of linkTables(context.uid)) {
          const links = (await trx(table.name).whereIn(
            table.target,
            published.map((r) => r.id),
          )) as Link[];
          if (links.length) saved.push({ table, links });
        }
      });
    }
    const result = await next();
    if (!saved.length) return result;
    const drafts = (await rows().findMany({
      where: { documentId, publishedAt: { $null: true } },
      select: columns,
    })) as Array<{ id: number; locale?: string | null }>;
    const localeOf = new Map(published.map((r) => [r.id, r.locale ?? null]));
    const draftOf = (publishedId: unknown) =>
      drafts.find((d) => (d.locale ?? null) === localeOf.get(Number(publishedId)))?.id;
    if (!drafts.length) return result;
    await strapi.db.transaction(async ({ trx }) => {
      for (const { table, links } of saved) {
        const targets = [
          ...new Set(links.map((l) => draftOf(l[table.target])).filter((id): id is number => id !== undefined)),
        ];
        const already = new Set(
          ((await trx(table.name).whereIn(table.target, targets).select(table.source)) as Link[]).map(
            (l) => l[table.source],
          ),
        );
        const moved = links
          .filter((l) => draftOf(l[table.target]) !== undefined && !already.has(l[table.source]))
          .map((l) => {
            // A new link row: its own id comes from the table.
            const copy: Link = { ...l, [table.target]: draftOf(l[table.target]) };
            delete copy.id;
            return copy;
          });
        if (moved.length) await trx.batchInsert(table.name, moved, strapi.db.dialect.getBatchInsertSize());
      }
    });
    return result;
  });
}

const isLocalized = (strapi: Core.Strapi, uid: string): boolean =>
  Boolean(
    (
      strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as unknown as {
        pluginOptions?: { i18n?: { localized?: boolean } };
      }
    )?.pluginOptions?.i18n?.localized,
  );

/** The locale an unpublish of a localized type acts on: the named one, the default one, or all (null). */
async function unpublishedLocale(strapi: Core.Strapi, locale: string | undefined): Promise<string | null> {
  if (locale === '*') return null;
  if (locale) return locale;
  const locales = strapi.plugin('i18n')?.service('locales') as { getDefaultLocale(): Promise<string> } | undefined;
  return locales ? locales.getDefaultLocale() : null;
}
