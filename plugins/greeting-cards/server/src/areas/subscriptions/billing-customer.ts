import type { Core } from '@strapi/strapi';
import type { BillingProfile } from '../../platform/providers/billing-profile';
import { providers } from '../../platform/providers/registry';
import type { SubscriptionProvider } from '../../platform/providers/payment';
import { getService } from '../../platform/get-service';

/** The user's billing profile, created on first use with the user's e-mail and display name. */
export async function billingProfileOf(
  strapi: Core.Strapi,
  user: { id: number; email?: string },
): Promise<BillingProfile> {
  const store = providers(strapi).get('billingProfile');
  let name: string | null = null;
  try {
    const details = await getService(strapi, 'userDetails').forUser(user.id);
    name = details.full_name || null;
  } catch {
    // Details are a nicety for the provider's receipts, never a reason to refuse checkout.
  }
  return store.forUser(user.id, { email: user.email ?? null, name });
}

/**
 * The provider customer of the user, created once and reused. Two racing checkouts share it: the
 * idempotency key names the profile, so the provider answers both with the same customer, and the
 * profile only takes a customer id while it has none (conditional update).
 */
export async function ensureCustomer(
  strapi: Core.Strapi,
  provider: SubscriptionProvider,
  user: { id: number; email?: string },
): Promise<string> {
  const profile = await billingProfileOf(strapi, user);
  if (profile.customerId) return profile.customerId;
  const created = await provider.createCustomer(
    { email: profile.email ?? user.email ?? null, name: profile.name, userId: user.id },
    `gc-customer-${profile.ref}`,
  );
  return providers(strapi).get('billingProfile').claimCustomerId(user.id, created);
}
