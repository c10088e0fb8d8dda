import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { tableOf } from '../../platform/db/query';
import { fieldError } from '../../platform/errors';
import type { PromoDefinition, PromoUsage } from './rules/promo-rules';
import { msg } from '../../platform/i18n/format-message';

type Knex = Core.Strapi['db']['connection'];

// A promo code's uses are held by orders from checkout on, not counted from paid orders: otherwise a
// shopper could check out several carts with the same code before paying any. Each limit is a set of
// numbered slots ("CODE#total#0".."#N-1", "CODE#user#7#0"...); an order takes a free slot by inserting
// its row, and the unique index on slot_key lets exactly one of two racing checkouts have the last one.
// INSERT ... ON CONFLICT DO NOTHING (not a caught unique violation) keeps a PostgreSQL transaction usable.
export function promoUseStore(strapi: Core.Strapi) {
  const table = () => tableOf(strapi, UID.promoUse);
  const inTransaction = <T>(fn: (trx: Knex) => Promise<T>): Promise<T> =>
    strapi.db.transaction(async ({ trx }) => fn(trx as unknown as Knex)) as Promise<T>;

  async function claimSlot(trx: Knex, group: string, limit: number, row: Record<string, unknown>): Promise<boolean> {
    const taken = new Set(
      (await trx(table()).select('slot_key').where({ slot_group: group })).map((r: { slot_key: string }) => r.slot_key),
    );
    for (let n = 0; n < limit; n++) {
      const key = `${group}#${n}`;
      if (taken.has(key)) continue;
      await trx(table())
        .insert({ ...row, slot_group: group, slot_key: key })
        .onConflict('slot_key')
        .ignore();
      const holder = await trx(table()).first('order_id').where({ slot_key: key });
      if (holder && Number(holder.order_id) === row.order_id) return true;
    }
    return false;
  }

  return {
    /** Uses held by orders (checked out, paid or refunded; not cancelled), in all and by this user. */
    async usage(code: string, userId: number): Promise<PromoUsage> {
      const group = `${code}#use`;
      return inTransaction(async (trx) => {
        const count = async (where: Record<string, unknown>) =>
          Number((await trx(table()).count({ n: '*' }).where(where).first())?.n ?? 0);
        return {
          total: await count({ slot_group: group }),
          byUser: await count({ slot_group: group, user_key: userId }),
        };
      });
    },

    /**
     * Uses held per code (in capitals, as reserve() stores them), all codes in one grouped query; a code
     * with no use held is absent. Counts the "CODE#use" rows, one per order holding the code.
     */
    async usesByCode(): Promise<Record<string, number>> {
      const rows: Array<{ code: string; n: number | string }> = await strapi.db
        .connection(table())
        .select('code')
        .count({ n: '*' })
        .whereRaw("?? = ?? || '#use'", ['slot_group', 'code'])
        .groupBy('code');
      return Object.fromEntries(rows.map((row) => [row.code, Number(row.n)]));
    },

    async holds(orderId: number): Promise<boolean> {
      return inTransaction(async (trx) => Boolean(await trx(table()).first('id').where({ order_id: orderId })));
    },

    /**
     * Holds one use of `promo` for the order, or throws 400 {promo_code}. Idempotent for an order that
     * already holds its use. Run inside the checkout's transaction so a later failure gives it back.
     */
    async reserve(promo: PromoDefinition, orderId: number, userId: number): Promise<void> {
      await inTransaction(async (trx) => {
        if (await trx(table()).first('id').where({ order_id: orderId })) return;
        const row = { code: promo.code, order_id: orderId, user_key: userId };
        if (promo.max_uses_total != null && !(await claimSlot(trx, `${promo.code}#total`, promo.max_uses_total, row))) {
          throw fieldError('promo_code', msg('error.promo_used_up'));
        }
        if (
          promo.max_uses_per_user != null &&
          !(await claimSlot(trx, `${promo.code}#user#${userId}`, promo.max_uses_per_user, row))
        ) {
          throw fieldError('promo_code', msg('error.promo_already_used'));
        }
        await trx(table()).insert({
          ...row,
          slot_group: `${promo.code}#use`,
          slot_key: `${promo.code}#use#${orderId}`,
        });
      });
    },

    /**
     * Records a use for an order checked out before uses were reserved (it holds none yet). Unlike
     * reserve() it never refuses: the order already has its discount, so its use counts even when the
     * limit was overrun back then; it takes a limit's slot only while one is free. Idempotent.
     */
    async recordPastUse(promo: PromoDefinition, orderId: number, userId: number | null): Promise<boolean> {
      return inTransaction(async (trx) => {
        if (await trx(table()).first('id').where({ order_id: orderId })) return false;
        const row = { code: promo.code, order_id: orderId, user_key: userId };
        if (promo.max_uses_total != null) await claimSlot(trx, `${promo.code}#total`, promo.max_uses_total, row);
        if (promo.max_uses_per_user != null && userId != null) {
          await claimSlot(trx, `${promo.code}#user#${userId}`, promo.max_uses_per_user, row);
        }
        await trx(table())
          .insert({ ...row, slot_group: `${promo.code}#use`, slot_key: `${promo.code}#use#${orderId}` })
          .onConflict('slot_key')
          .ignore();
        return true;
      });
    },

    /** Gives the order's use back (cancelled, or its checkout expired). Safe to repeat. */
    async release(orderId: number): Promise<void> {
      await inTransaction((trx) => trx(table()).where({ order_id: orderId }).delete());
    },
  };
}
