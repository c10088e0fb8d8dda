import type { DetailField, HostUser, UserDetailsAdapter } from './types';

/** Test double: details kept in memory by user id; unknown users get only their e-mail. */
export function createMemoryUserDetailsAdapter(
  byUserId: Map<number, Partial<Record<DetailField, unknown>>> = new Map(),
): UserDetailsAdapter & { set(userId: number, details: Partial<Record<DetailField, unknown>>): void } {
  return {
    set(userId, details) {
      byUserId.set(userId, details);
    },
    getDetails(user: HostUser) {
      return byUserId.get(user.id) ?? { email: user.email };
    },
  };
}
