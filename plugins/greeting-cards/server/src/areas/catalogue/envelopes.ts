import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query, type Row } from '../../platform/db/query';
import { shopRows, withTranslations } from '../../platform/db/localized';
import type { Locale } from '../../platform/i18n/locales';
import { envelopeChoice, SLUG, type EnvelopeChoice } from './rules/envelopes';

/** An envelope on offer: its choice (slug and colours) and its name in the shopper's language. */
export interface EnvelopeOffer extends EnvelopeChoice {
  name: string;
}

/** The envelopes the send form offers: published and active, in sort order, named in `locale`. */
export async function envelopesOnOffer(strapi: Core.Strapi, locale: Locale): Promise<EnvelopeOffer[]> {
  const rows = (await query(strapi, UID.envelope).findMany({
    where: shopRows({ is_active: true }),
    orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
    limit: 50,
  })) as Row[];
  const named = await withTranslations(strapi, UID.envelope, rows, locale);
  return named.flatMap((row) => {
    const choice = envelopeChoice(row);
    return choice ? [{ ...choice, name: String(row.name ?? choice.slug) }] : [];
  });
}

/** The published, active envelope with this slug, as an order line keeps it; null when there is none. */
export async function envelopeBySlug(strapi: Core.Strapi, slug: string): Promise<EnvelopeChoice | null> {
  if (!SLUG.test(slug)) return null;
  const row = (await query(strapi, UID.envelope).findOne({ where: shopRows({ slug, is_active: true }) })) as Row | null;
  return envelopeChoice(row);
}
