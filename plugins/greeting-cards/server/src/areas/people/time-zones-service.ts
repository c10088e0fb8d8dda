import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { getConfig } from '../../platform/config/get-config';
import { zoneOr } from '../../platform/time/time-zones';
import { query, type Row } from '../../platform/db/query';

// Whose clock: a shopper's own zone is the time_zone of their is_system_user address-book entry (the
// one place that already holds their details; they set it there), else the shop's SERVICE_TIME_ZONE.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const shopZone = () => getConfig(strapi).shopTimeZone;

  /** Each user's zone, in one query (the reminder job asks for many owners at once). */
  async function ofUsers(userIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(userIds)];
    const rows: Row[] = ids.length
      ? await query(strapi, UID.recipient).findMany({
          where: { system_owner_key: { $in: ids } },
          select: ['system_owner_key', 'time_zone'],
        })
      : [];
    const own = new Map(rows.map((r) => [Number(r.system_owner_key), r.time_zone]));
    return new Map(ids.map((id) => [id, zoneOr(own.get(id), shopZone())]));
  }

  return {
    shopZone,
    ofUsers,
    /** The user's zone: dates on their pages and their reminders follow it. */
    async ofUser(userId: number): Promise<string> {
      return (await ofUsers([userId])).get(userId) ?? shopZone();
    },
    /** A recipient's zone (a card scheduled for a date goes at the send hour on it). */
    ofRecipient: (recipient: Row | null | undefined): string => zoneOr(recipient?.time_zone, shopZone()),
  };
};
