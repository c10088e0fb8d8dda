import type { BillingDefaults, BillingProfile, BillingProfileStore } from './types';

/** Test double: profiles in a Map, with the same "first customer id wins" rule as the default. */
export function createMemoryBillingProfileStore(): BillingProfileStore & { profiles: Map<number, BillingProfile> } {
  const profiles = new Map<number, BillingProfile>();
  const forUser = async (userId: number, defaults: BillingDefaults) => {
    let profile = profiles.get(userId);
    if (!profile) {
      profile = { ref: `memory#${userId}`, customerId: null, ...defaults };
      profiles.set(userId, profile);
    }
    return { ...profile };
  };
  return {
    kind: 'memory',
    profiles,
    forUser,
    async claimCustomerId(userId, customerId) {
      const profile =
        profiles.get(userId) ?? (await forUser(userId, { email: null, name: null }), profiles.get(userId)!);
      profile.customerId ??= customerId;
      return profile.customerId;
    },
    async userIdForCustomer(customerId) {
      for (const [userId, p] of profiles) if (p.customerId === customerId) return userId;
      return null;
    },
  };
}
