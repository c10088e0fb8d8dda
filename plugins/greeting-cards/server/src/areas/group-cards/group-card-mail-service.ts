import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import type { Row } from '../../platform/db/query';
import { publicShopUrl } from '../../platform/mount/mount-points';
import { formatLongInZone } from '../../platform/time/time-zones';
import { deadlinePassedEmail, invitationEmail, reminderEmail, type GroupCardEmailInput } from './emails';
import { getService } from '../../platform/get-service';
import type { EmailLanguage } from '../../platform/email/layout';
import { intlLocale } from '../../platform/i18n/locales';
import { recordLocale } from '../../platform/i18n/record-locale';
import { groupCardStore } from './group-card-store';

// The group-card e-mails, sent by the job (platform/jobs/index.ts). Each kind is claimed on the group card by a
// conditional update of its *_sent_at column before anything is sent, so two instances or two runs
// never send one twice; a failed send is logged, not retried (signers must never get a second copy).

const DAY_MS = 86_400_000;
type Stamp = 'invitations_sent_at' | 'reminder_sent_at' | 'deadline_notified_at';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = groupCardStore(strapi);

  async function claim(group: Row, stamp: Stamp, now: Date): Promise<boolean> {
    const { count } = await store
      .groups()
      .updateMany({ where: { id: group.id, [stamp]: { $null: true } }, data: { [stamp]: now } });
    return count === 1;
  }

  async function input(group: Row, link: string): Promise<GroupCardEmailInput> {
    const organiser = group.owner?.id
      ? await getService(strapi, 'userDetails')
          .forUser(group.owner.id)
          .catch(() => null)
      : null;
    return {
      organiserName: organiser?.display_name ?? '',
      title: String(group.title ?? ''),
      recipientName: String(group.recipient_name ?? ''),
      deadline: group.deadline
        ? formatLongInZone(
            group.deadline,
            getConfig(strapi).shopTimeZone,
            intlLocale(recordLocale(group.locale, getConfig(strapi).shopLocale)),
          )
        : '',
      link,
    };
  }

  async function send(to: string, mail: { subject: string; html: string; text: string }, group: Row, kind: string) {
    try {
      await getService(strapi, 'mailer').send({
        to,
        ...mail,
        headers: { 'X-Greeting-Card-Group': `${group.uuid}:${kind}` },
      });
    } catch (error) {
      strapi.log.warn(`[greeting-cards] group card ${kind} e-mail not sent: ${(error as Error).message}`);
    }
  }

  /** The organiser's shop language when they made the group card (older ones: platform/i18n/record-locale.ts). */
  const languageOf = (group: Row): EmailLanguage => ({
    locale: recordLocale(group.locale, getConfig(strapi).shopLocale),
    shopName: getConfig(strapi).shopName,
  });

  const invited = (group: Row): string[] =>
    Array.isArray(group.invite_emails) ? group.invite_emails.filter((e: unknown) => typeof e === 'string') : [];
  /** The invited addresses, less those of shoppers who said no to group-card invitations (areas/accounts). */
  async function invitees(group: Row): Promise<string[]> {
    const all = invited(group);
    const declined = await getService(strapi, 'accountSettings').declinedAmong(all, 'group_invitations');
    return all.filter((to) => !declined.has(to.trim().toLowerCase()));
  }
  const populate = { owner: { fields: ['id'] } };

  /** Sends whatever is due at `now`: invitations, reminders a day before, the organiser's deadline note. */
  async function runDue(now: Date): Promise<{ invitations: number; reminders: number; deadlines: number }> {
    const sent = { invitations: 0, reminders: 0, deadlines: 0 };
    const open = { status: 'open', deadline: { $gt: now } };

    for (const group of await store
      .groups()
      .findMany({ where: { ...open, invitations_sent_at: { $null: true } }, populate })) {
      if (!(await claim(group, 'invitations_sent_at', now))) continue;
      const mail = invitationEmail(
        await input(group, publicShopUrl(strapi, `/sign/${group.sign_token}/`)),
        languageOf(group),
      );
      for (const to of await invitees(group)) {
        await send(to, mail, group, 'invitation');
        sent.invitations++;
      }
    }

    if (getConfig(strapi).groupCardReminders) {
      const soon = {
        status: 'open',
        deadline: { $gt: now, $lte: new Date(now.getTime() + DAY_MS) },
        reminder_sent_at: { $null: true },
        invitations_sent_at: { $notNull: true },
      };
      for (const group of await store.groups().findMany({ where: soon, populate })) {
        if (!invited(group).length || !(await claim(group, 'reminder_sent_at', now))) continue;
        const mail = reminderEmail(
          await input(group, publicShopUrl(strapi, `/sign/${group.sign_token}/`)),
          languageOf(group),
        );
        for (const to of await invitees(group)) {
          await send(to, mail, group, 'reminder');
          sent.reminders++;
        }
      }
    }

    for (const group of await store.groups().findMany({
      where: { deadline: { $lte: now }, deadline_notified_at: { $null: true }, basket_card_id: { $null: true } },
      populate: { owner: { fields: ['id', 'email'] } },
    })) {
      if (!group.owner?.email || !(await claim(group, 'deadline_notified_at', now))) continue;
      await send(
        group.owner.email,
        deadlinePassedEmail(await input(group, publicShopUrl(strapi, `/group/${group.uuid}/`)), languageOf(group)),
        group,
        'deadline',
      );
      sent.deadlines++;
    }
    return sent;
  }

  return { runDue };
};
