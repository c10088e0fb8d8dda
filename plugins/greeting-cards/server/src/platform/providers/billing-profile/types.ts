// The replaceable billing-profile part: where a user's payment-provider customer id, billing e-mail and
// name live. The default reads and writes a content type (the plugin's own billing profile, a host model
// with a user field, or a host type reached through a relation on the user); the in-memory store is the
// test double.

export const BILLING_KEYS = ['stripe_customer_id', 'email', 'name'] as const;
export type BillingKey = (typeof BILLING_KEYS)[number];

export interface BillingProfile {
  /** Where the profile is stored, for logs: "<content type>#<id>". */
  ref: string;
  customerId: string | null;
  email: string | null;
  name: string | null;
}

export interface BillingDefaults {
  email: string | null;
  name: string | null;
}

export interface BillingProfileStore {
  /** Which storage this is: built-in, model, relation or memory. */
  readonly kind: string;
  /** The user's profile, created with `defaults` when the user has none yet. */
  forUser(userId: number, defaults: BillingDefaults): Promise<BillingProfile>;
  /** Stores `customerId` unless the profile already holds one; returns the id stored afterwards. */
  claimCustomerId(userId: number, customerId: string): Promise<string>;
  /** The user whose profile holds this customer id, if any. */
  userIdForCustomer(customerId: string): Promise<number | null>;
}
