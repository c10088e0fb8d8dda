import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { forbidden, overLimit } from '../../platform/errors';
import { getConfig } from '../../platform/config/get-config';
import { query } from '../../platform/db/query';
import { columnsOfType } from '../../platform/db/joined-rows';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { secondsToNextShopDay, shopDay } from './address-requests/rules/link-day';
import { allowanceRefusal, CONFIRM_ADDRESS_FIRST } from './rules/daily-allowance';
import { getService } from '../../platform/get-service';

// E-mails a shopper has the shop send to addresses they typed (security issue 39, finding 4: one
// request from a new account made the shop send 100 e-mails of its choosing). Two rules, here once:
//
// 1. Who may: an account with a confirmed address (address-proof-service's rule: the host's
//    `confirmed` when the host confirms e-mail addresses, else the plugin's own link) or with a paid
//    order (money taken by a payment provider: not a demo payment, not a free order).
// 2. How many: SERVICE_SHOPPER_EMAILS_PER_DAY per account per day on the shop's clock, across group-card
//    invitations (one per person), e-cards sent again and links to confirm the account's own address.
//    Counted in one row per account by one conditional UPDATE, so it holds across instances.

/** The order states in which money has been taken and kept. */
const PAID = ['paid', 'fulfilled'];
/** Payments that cost nothing: a demo payment, and an order whose total was zero. */
const FREE_PROVIDERS = ['demo', 'none'];

type Account = number | { id: number; email?: unknown; confirmed?: unknown };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const allowances = () => query(strapi, UID.mailAllowance);

  async function hasPaidOrder(userId: number): Promise<boolean> {
    const order = await query(strapi, UID.order).findOne({
      where: {
        user: { id: userId },
        status: { $in: PAID },
        total_pence: { $gt: 0 },
        payment_provider: { $notNull: true, $notIn: FREE_PROVIDERS },
      },
      select: ['id'],
    });
    return Boolean(order);
  }

  /** Whether the account may have the shop e-mail other people (rule 1). */
  async function mayMailOthers(account: Account): Promise<boolean> {
    if (await getService(strapi, 'addressProof').provenAddress(account)) return true;
    return hasPaidOrder(typeof account === 'number' ? account : account.id);
  }

  /** Throws 403 with how to confirm the address when the account may not (rule 1). */
  async function requireMayMailOthers(account: Account): Promise<void> {
    if (!(await mayMailOthers(account))) throw forbidden(CONFIRM_ADDRESS_FIRST);
  }

  async function ensureRow(userId: number): Promise<void> {
    if (await allowances().findOne({ where: { user_key: userId }, select: ['id'] })) return;
    try {
      await allowances().create({ data: { user_key: userId, day_key: null, sent_count: 0 } });
    } catch (error) {
      // Two first requests at once: the unique key let the other one in, which is all this wanted.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /**
   * Takes `count` of today's e-mails for the account (rule 2), or throws 429 saying how many are left
   * and when more may be sent. The shop day taken from, for giveBack.
   */
  async function take(userId: number, count: number, now = new Date()): Promise<string> {
    const { shopTimeZone, shopperEmailsPerDay: cap } = getConfig(strapi);
    const today = shopDay(now, shopTimeZone);
    if (count <= 0) return today;
    if (count <= cap) {
      await ensureRow(userId);
      const c = columnsOfType(strapi, UID.mailAllowance);
      const [user, day, sent] = [c.column('user_key'), c.column('day_key'), c.column('sent_count')];
      const knex = strapi.db.connection;
      // One statement decides: another day starts again from `count`, today adds it while it fits.
      // Both sides of SET read the row as it was, in SQLite and PostgreSQL alike.
      const changed = await knex(c.table)
        .where(user, userId)
        .andWhere((w) =>
          w
            .whereNull(day)
            .orWhereNot(day, today)
            .orWhere(sent, '<=', cap - count),
        )
        .update({
          [sent]: knex.raw('CASE WHEN ?? = ? THEN ?? + ? ELSE ? END', [day, today, sent, count, count]),
          [day]: today,
        });
      if (Number(changed) === 1) return today;
    }
    const row = await allowances().findOne({ where: { user_key: userId } });
    const used = row?.day_key === today ? Number(row.sent_count ?? 0) : 0;
    const retryAfter = secondsToNextShopDay(now, shopTimeZone);
    throw overLimit(allowanceRefusal({ cap, asked: count, left: Math.max(0, cap - used), retryAfter }), retryAfter);
  }

  /** Gives back what `take` took when nothing was sent after all (the request failed after it). */
  async function giveBack(userId: number, count: number, day: string): Promise<void> {
    if (count <= 0) return;
    const c = columnsOfType(strapi, UID.mailAllowance);
    const [user, dayColumn, sent] = [c.column('user_key'), c.column('day_key'), c.column('sent_count')];
    await strapi.db
      .connection(c.table)
      .where(user, userId)
      .andWhere(dayColumn, day)
      .andWhere(sent, '>=', count)
      .decrement(sent, count);
  }

  /** Rule 1, then rule 2: what every route that e-mails others for a shopper calls first. */
  async function allow(account: Account, count: number): Promise<string> {
    await requireMayMailOthers(account);
    return take(typeof account === 'number' ? account : account.id, count);
  }

  return { mayMailOthers, requireMayMailOthers, take, giveBack, allow };
};
