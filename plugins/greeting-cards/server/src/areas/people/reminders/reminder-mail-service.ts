import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { getConfig } from '../../../platform/config/get-config';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { toDateString } from '../../../platform/time/calendar-dates';
import { dueReminderKey } from '../rules/reminder-schedule';
import { localDate, localHour } from '../../../platform/time/time-zones';
import { defaultTitle, isYearly } from '../rules/reminder-input';
import { errorText } from '../../../platform/deliveries/delivery-retry';
import { reminderEmail } from './email';
import { recordLocale } from '../../../platform/i18n/record-locale';
import { translate } from '../../../platform/i18n/translate';
import { recipientName } from '../recipients/serializer';
import { getService } from '../../../platform/get-service';
import { query, type Row } from '../../../platform/db/query';

export interface ReminderRun {
  sent: number;
  failed: number;
}

const FALLBACK_OCCASION: Record<string, string> = { birthday: 'birthday', anniversary: 'anniversary' };

// The daily reminder job: e-mails each active reminder's owner on the days before its event.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = () => query(strapi, UID.reminder);

  function catalogueUrl(slug: string | null): string {
    const base = publicShopUrl(strapi, '');
    return slug ? `${base}/catalogue/?occasion=${encodeURIComponent(slug)}` : `${base}/catalogue/`;
  }

  /**
   * Sends the reminders due on each owner's `todayOf(userId)` ('YYYY-MM-DD'; null: not yet today). Each
   * one is claimed by moving last_sent_key to the new key with a conditional update, so two instances (or
   * two runs on one day) send it once; a failed send puts the old key back so the next run tries again.
   */
  async function sendDue(
    todayOf: (userIds: number[]) => Promise<(userId: number) => string | null>,
  ): Promise<ReminderRun> {
    const run: ReminderRun = { sent: 0, failed: 0 };
    const defaults = getConfig(strapi).reminderDaysBefore;
    const rows: Row[] = await q().findMany({
      where: { is_active: true },
      populate: { recipient: true, occasion: true, user: { select: ['id'] } },
      orderBy: { id: 'asc' },
    });
    const today = await todayOf(rows.map((r) => r.user?.id).filter((id): id is number => Number.isInteger(id)));
    for (const r of rows) {
      const day = r.user?.id ? today(r.user.id) : null;
      if (!day) continue;
      const eventDate = toDateString(r.event_date);
      const key = dueReminderKey(
        { event_date: eventDate, yearly: isYearly(r.type), days_before: r.days_before, last_sent_key: r.last_sent_key },
        day,
        defaults,
      );
      if (!key || !r.user?.id) continue;
      const previous = r.last_sent_key ?? null;
      const { count } = await q().updateMany({
        where: { id: r.id, last_sent_key: previous },
        data: { last_sent_key: key, last_sent_at: new Date() },
      });
      if (count !== 1) continue;
      // The owner said no to reminder e-mails on their account page: this one is passed over, not sent later.
      if (!(await getService(strapi, 'accountSettings').mayEmail(r.user.id, 'reminders'))) continue;
      try {
        const owner = await getService(strapi, 'userDetails').forUser(r.user.id);
        if (!owner.email) throw new Error('the reminder owner has no e-mail address');
        const [occurrence, days] = key.split(':');
        const title =
          r.title || defaultTitle(r.type, r.recipient ? recipientName(r.recipient) : '', r.occasion?.name ?? null);
        const mail = reminderEmail(
          {
            ownerName:
              owner.display_name ||
              translate(recordLocale(r.locale, getConfig(strapi).shopLocale), 'email.print.there'),
            title,
            eventDate: occurrence,
            daysBefore: Number(days),
            catalogueUrl: catalogueUrl(r.occasion?.slug ?? FALLBACK_OCCASION[r.type] ?? null),
          },
          { locale: recordLocale(r.locale, getConfig(strapi).shopLocale), shopName: getConfig(strapi).shopName },
        );
        await getService(strapi, 'mailer').send({
          to: owner.email,
          ...mail,
          headers: { 'X-Greeting-Card-Reminder': `${r.id}:${key}` },
        });
        run.sent += 1;
      } catch (error) {
        run.failed += 1;
        strapi.log.warn(`[greeting-cards] reminder ${r.id} (${key}) not sent: ${errorText(error)}`);
        await q().updateMany({ where: { id: r.id, last_sent_key: key }, data: { last_sent_key: previous } });
      }
    }
    return run;
  }

  /** Sends the reminders due on `today` for every owner alike (tests choose the day). */
  const runDaily = (today: string): Promise<ReminderRun> => sendDue(async () => () => today);

  /**
   * The hourly job: each owner's reminders go on their own calendar day, once their clock has reached
   * SERVICE_SCHEDULED_SEND_HOUR (their zone: time-zones-service), so nobody is reminded at 3 a.m.
   */
  const runDue = (now: Date = new Date()): Promise<ReminderRun> =>
    sendDue(async (userIds) => {
      const zones = await getService(strapi, 'timeZones').ofUsers(userIds);
      const hour = getConfig(strapi).scheduledSendHour;
      return (userId) => {
        const zone = zones.get(userId) ?? getConfig(strapi).shopTimeZone;
        return localHour(now, zone) >= hour ? localDate(now, zone) : null;
      };
    });

  return { runDaily, runDue, catalogueUrl };
};
