import type { Core } from '@strapi/strapi';
import type { Row } from '../../db/query';
import { publicShopUrl } from '../../mount/mount-points';
import { fullName } from '../../domain/address';
import { addressSummaryEmail } from '../../emails/address-requests';
import { getConfig } from '../../config/get-config';
import { recordLocale } from '../../i18n/record-locale';
import { getService } from '../get-service';
import { addressLinkStore } from './address-link-store';
import { ADDRESS_LINK_SOURCE } from './address-submissions-service';

// The shopper's summary of new entries, sent by the scheduler's job (jobs/index.ts) at most once in 24
// hours. A link with something waiting is claimed by one conditional update (pending cleared, sent_at
// stamped) before anything is sent, so two instances or two runs never send it twice; a failed send is
// logged, not retried (a summary is a nudge: the entries are in the address book either way).

const DAY_MS = 86_400_000;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = addressLinkStore(strapi);

  const due = (now: Date) => ({
    summary_pending_since: { $notNull: true },
    $or: [{ summary_sent_at: { $null: true } }, { summary_sent_at: { $lte: new Date(now.getTime() - DAY_MS) } }],
  });

  /** The link's entries submitted since its last summary, oldest first. */
  const entriesSince = (link: Row, now: Date): Promise<Row[]> =>
    store.recipients().findMany({
      where: {
        owner: { id: link.owner.id }, source: ADDRESS_LINK_SOURCE,
        link_submitted_at: { $lte: now, ...(link.summarised_until ? { $gt: link.summarised_until } : {}) },
      },
      orderBy: [{ link_submitted_at: 'asc' }, { id: 'asc' }],
    });

  /** Sends every summary due at `now`; the number sent. */
  async function runDue(now: Date): Promise<{ summaries: number }> {
    let summaries = 0;
    for (const link of await store.links().findMany({ where: due(now), populate: { owner: { fields: ['id', 'email'] } } })) {
      if (!link.owner?.id) continue;
      const { count } = await store.links().updateMany({ where: { id: link.id, ...due(now) }, data: { summary_pending_since: null, summary_sent_at: now } });
      if (count !== 1) continue;
      const entries = await entriesSince(link, now);
      if (!entries.length || !link.owner.email) {
        // Nothing to say after all: give the day back, so the next entry is not held for 24 hours.
        await store.links().updateMany({ where: { id: link.id, summary_sent_at: now }, data: { summary_sent_at: link.summary_sent_at ?? null } });
        continue;
      }
      // Up to the newest entry summarised, not `now`: an entry written late with an earlier time is
      // still after this mark, so the next summary has it.
      const until = entries[entries.length - 1].link_submitted_at;
      await store.links().update({ where: { id: link.id }, data: { summarised_until: until } });
      const since = link.summarised_until ? new Date(link.summarised_until).getTime() : -Infinity;
      const mail = addressSummaryEmail(
        entries.map((e) => ({ name: fullName(e), email: String(e.email ?? ''), isNew: new Date(e.createdAt).getTime() > since })),
        publicShopUrl(strapi, '/recipients/'),
        { locale: recordLocale(link.locale, getConfig(strapi).shopLocale), shopName: getConfig(strapi).shopName },
      );
      try {
        await getService(strapi, 'mailer').send({ to: link.owner.email, ...mail, headers: { 'X-Greeting-Card-Address-Summary': String(link.id) } });
        summaries++;
      } catch (error) {
        strapi.log.warn(`[greeting-cards] address link summary e-mail not sent: ${(error as Error).message}`);
      }
    }
    return { summaries };
  }

  return { runDue };
};
