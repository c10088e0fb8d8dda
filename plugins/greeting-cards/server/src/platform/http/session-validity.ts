import type { Core } from '@strapi/strapi';

// Whether a verified users-permissions token still signs its user in. A token is valid until it
// expires; an area may end a user's sessions earlier (areas/accounts: a password change signs out the
// other sessions) by installing a check here. platform/http/auth.ts asks it for every token it accepts.

export type TokenPayload = Record<string, unknown>;
/** `user` is the token's user row when the caller has loaded it (its `updatedAt` can spare a query). */
export type SessionCheck = (userId: number, payload: TokenPayload, user?: Record<string, unknown>) => Promise<boolean>;

const checks = new WeakMap<Core.Strapi, SessionCheck>();

export function setSessionCheck(strapi: Core.Strapi, check: SessionCheck): void {
  checks.set(strapi, check);
}

export async function sessionStillValid(
  strapi: Core.Strapi,
  userId: number,
  payload: TokenPayload,
  user?: Record<string, unknown>,
): Promise<boolean> {
  const check = checks.get(strapi);
  return check ? check(userId, payload, user) : true;
}
