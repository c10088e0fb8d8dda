import type { Core } from '@strapi/strapi';
import type { Row } from '../../../platform/db/query';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { fullName } from '../../../platform/addresses/address';
import { addressSummaryEmail } from './emails';
import { getConfig } from '../../../platform/config/get-config';
import { recordLocale } from '../../../platform/i18n/record-locale';
import { getService } from '../../../platform/get-service';
import { addressLinkStore } from './address-link-store';
import { ADDRESS_LINK_SOURCE } from './address-submissions-service';

// The shopper's summary of new entries, sent by the scheduler's job (platform/jobs/index.ts) at most once in 24
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

  const sinceLast = (link: Row, now: Date) => ({
    $lte: now,
    ...(link.summarised_until ? { $gt: link.summarised_until } : {}),
  });

  /** The link's entries made, or given a change to check, since its last summary, oldest first. */
  const entriesSince = (link: Row, now: Date): Promise<Row[]> =>
    store.recipients().findMany({
      where: {
        owner: { id: link.owner.id },
        source: ADDRESS_LINK_SOURCE,
        $or: [{ link_submitted_at: sinceLast(link, now) }, { pending_change_at: sinceLast(link, now) }],
      },
      orderBy: [{ link_submitted_at: 'asc' }, { id: 'asc' }],
    });

  /** The newest moment an entry brought into this summary, as written: the next summary starts after it. */
  const newestOf = (entries: Row[], now: Date): Date =>
    new Date(
      Math.max(
        ...entries
          .flatMap((e) => [e.link_submitted_at, e.pending_change_at])
          .filter(Boolean)
          .map((at) => new Date(at).getTime())
          .filter((t) => t <= now.getTime()),
      ),
    );

  /** Sends every summary due at `now`; the number sent. */
  async function runDue(now: Date): Promise<{ summaries: number }> {
    let summaries = 0;
    for (const link of await store
      .links()
      .findMany({ where: due(now), populate: { owner: { fields: ['id', 'email'] } } })) {
      if (!link.owner?.id) continue;
      const { count } = await store.links().updateMany({
        where: { id: link.id, ...due(now) },
        data: { summary_pending_since: null, summary_sent_at: now },
      });
      if (count !== 1) continue;
      const entries = await entriesSince(link, now);
      // Security issue 39: the summary goes to the account's address, which anyone may have typed in at
      // registration: only to an owner who may be e-mailed (a confirmed address or a paid order). The
      // entries are in the address book either way, and a summary after confirming includes them.
      const mayBeMailed =
        entries.length && link.owner.email && (await getService(strapi, 'mailToOthers').mayMailOthers(link.owner.id));
      if (!mayBeMailed) {
        // Nothing to say after all: give the day back, so the next entry is not held for 24 hours.
        await store.links().updateMany({
          where: { id: link.id, summary_sent_at: now },
          data: { summary_sent_at: link.summary_sent_at ?? null },
        });
        continue;
      }
      // Up to the newest moment summarised, not `now`: an entry written late with an earlier time is
      // still after this mark, so the next summary has it.
      await store.links().update({ where: { id: link.id }, data: { summarised_until: newestOf(entries, now) } });
      const since = link.summarised_until ? new Date(link.summarised_until).getTime() : -Infinity;
      const inWindow = (at: unknown) =>
        Boolean(at) && new Date(at as string).getTime() > since && new Date(at as string).getTime() <= now.getTime();
      const mail = addressSummaryEmail(
        entries.map((e) => ({
          name: fullName(e),
          email: String(e.email ?? ''),
          isNew: new Date(e.createdAt).getTime() > since,
          hasChange: Boolean(e.pending_change) && inWindow(e.pending_change_at),
        })),
        publicShopUrl(strapi, '/recipients/'),
        { locale: recordLocale(link.locale, getConfig(strapi).shopLocale), shopName: getConfig(strapi).shopName },
      );
      try {
        await getService(strapi, 'mailer').send({
          to: link.owner.email,
          ...mail,
          headers: { 'X-Greeting-Card-Address-Summary': String(link.id) },
        });
        summaries++;
      } catch (error) {
        strapi.log.warn(`[greeting-cards] address link summary e-mail not sent: ${(error as Error).message}`);
      }
    }
    return { summaries };
  }

  return { runDue };
};
