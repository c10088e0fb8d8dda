import type { Core } from '@strapi/strapi';
import { codeFingerprint, parseResetCode } from './reset-token';

// users-permissions' own POST /api/auth/forgot-password makes a code with no expiry. So that its codes
// expire like the shop's, the time each one is stored on a user is noted here (a fingerprint of the
// code and the time, in the plugin's store), and a code without a note counts as expired.

const USER = 'plugin::users-permissions.user';
const keyOf = (userId: unknown) => `reset-code-issued:${userId}`;
const store = (strapi: Core.Strapi) => strapi.store({ type: 'plugin', name: 'greeting-cards' });

interface Issued {
  fingerprint: string;
  at: number;
}

const watching = new WeakSet<object>();

/** In bootstrap: note the time of every users-permissions reset code written to a user. */
export function watchIssuedResetCodes(strapi: Core.Strapi): void {
  if (watching.has(strapi)) return;
  watching.add(strapi);
  strapi.db.lifecycles.subscribe({
    models: [USER],
    async afterUpdate(event: {
      params?: { data?: Record<string, unknown>; where?: Record<string, unknown> };
      result?: { id?: unknown };
    }) {
      const code = event.params?.data?.resetPasswordToken;
      if (typeof code !== 'string' || !code || parseResetCode(code)) return;
      const id = event.result?.id ?? event.params?.where?.id;
      if (id === undefined || id === null) return;
      const value: Issued = { fingerprint: codeFingerprint(code), at: Date.now() };
      await store(strapi).set({ key: keyOf(id), value });
    },
  } as Parameters<Core.Strapi['db']['lifecycles']['subscribe']>[0]);
}

/** When users-permissions issued `code` to the user, or null when it was not noted (counts as expired). */
export async function issuedAt(strapi: Core.Strapi, userId: unknown, code: string): Promise<Date | null> {
  const noted = (await store(strapi).get({ key: keyOf(userId) })) as Issued | null;
  if (!noted || noted.fingerprint !== codeFingerprint(code)) return null;
  return new Date(noted.at);
}

export async function forgetIssued(strapi: Core.Strapi, userId: unknown): Promise<void> {
  await store(strapi).delete({ key: keyOf(userId) });
}
