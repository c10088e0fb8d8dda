import type { Core } from '@strapi/strapi';
import type { BillingDefaults, BillingKey, BillingProfile, BillingProfileStore } from './types';
import { query as queryOf, type Row } from '../../db/query';

export type ResolvedFieldMap = Record<BillingKey, string | null> & { stripe_customer_id: string };

/** How one storage finds, creates and traces back a user's profile row. */
export interface ProfileLocator {
  kind: string;
  uid: string;
  find(userId: number): Promise<Row | null>;
  /** Creates the row for the user (the data already mapped); returns the row that won if two raced. */
  create(userId: number, data: Row): Promise<Row>;
  userIdOf(rowId: number): Promise<number | null>;
}

/**
 * The default store over any content type: the field map says which attribute holds the customer id,
 * e-mail and name. Setting the customer id is a conditional update (only while empty), so two racing
 * checkouts end up with one stored customer.
 */
export function createContentTypeStore(
  strapi: Core.Strapi,
  locator: ProfileLocator,
  map: ResolvedFieldMap,
): BillingProfileStore {
  const query = () => queryOf(strapi, locator.uid);
  const read = (row: Row, key: BillingKey): string | null => {
    const field = map[key];
    const value = field ? row[field] : null;
    return typeof value === 'string' && value.trim() ? value : null;
  };
  const toProfile = (row: Row): BillingProfile => ({
    ref: `${locator.uid}#${row.id}`,
    customerId: read(row, 'stripe_customer_id'),
    email: read(row, 'email'),
    name: read(row, 'name'),
  });
  // Concurrent first visits of one user in this process share one creation.
  const creating = new Map<number, Promise<Row>>();

  async function rowFor(userId: number, defaults: BillingDefaults): Promise<Row> {
    const found = await locator.find(userId);
    if (found) return found;
    const pending = creating.get(userId);
    if (pending) return pending;
    const data: Row = {};
    if (map.email && defaults.email) data[map.email] = defaults.email;
    if (map.name && defaults.name) data[map.name] = defaults.name;
    const promise = locator.create(userId, data).finally(() => creating.delete(userId));
    creating.set(userId, promise);
    return promise;
  }

  return {
    kind: locator.kind,
    async forUser(userId, defaults) {
      return toProfile(await rowFor(userId, defaults));
    },
    async claimCustomerId(userId, customerId) {
      const row = await rowFor(userId, { email: null, name: null });
      const field = map.stripe_customer_id;
      await query().updateMany({
        where: { id: row.id, $or: [{ [field]: { $null: true } }, { [field]: '' }] },
        data: { [field]: customerId },
      });
      const now = await query().findOne({ where: { id: row.id } });
      return read(now ?? {}, 'stripe_customer_id') ?? customerId;
    },
    async userIdForCustomer(customerId) {
      const row = await query().findOne({ where: { [map.stripe_customer_id]: customerId }, select: ['id'] });
      return row ? locator.userIdOf(row.id) : null;
    },
  };
}
