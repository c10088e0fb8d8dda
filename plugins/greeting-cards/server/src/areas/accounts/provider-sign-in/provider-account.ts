import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { grantConfig } from './providers';

// Which shop account a provider's answer signs in (issue 42 item 6).
//
// users-permissions' own providers.connect() finds a user only by e-mail *and* provider: a shopper who
// registered with a password and later presses "Continue with Google" is refused ("Email is already
// taken") or, with unique e-mails off, gets a second account. The shop links them instead, when it may:
// - an account of the same provider with the address: that account;
// - another account (a password one) with the address, confirmed: the same account. The provider
//   vouched for the address (users-permissions' providers refuse unverified ones) and so did the
//   shopper's own confirmation, so both are the same person;
// - the same, but still waiting for its confirmation: refused. Whoever registered it never proved the
//   address, so it may be someone else's squat on it; linking would hand that account to the provider's
//   user, or the provider's user's sign-ins to it;
// - none: a new account, as users-permissions makes it (default role, confirmed, no password), when
//   registration is open.

type Row = Record<string, unknown>;

export type ProviderOutcome =
  | { ok: true; user: Row; created: boolean; linked: boolean }
  | { ok: false; reason: 'no_email' | 'unconfirmed' | 'closed' | 'blocked' };

const USER = 'plugin::users-permissions.user';
const up = (strapi: Core.Strapi) => strapi.plugin('users-permissions');

/** The provider's profile of the tokens users-permissions got back ({email, username, ...}). */
export async function providerProfile(strapi: Core.Strapi, provider: string, grantResponse: Row): Promise<Row> {
  const accessToken = grantResponse.access_token || grantResponse.code || grantResponse.oauth_token;
  return up(strapi)
    .service('providers-registry')
    .run({ provider, query: grantResponse, accessToken, providers: await grantConfig(strapi), grantResponse });
}

async function freeUsername(strapi: Core.Strapi, base: string): Promise<string> {
  const clean = base.trim().slice(0, 90) || 'shopper';
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const candidate = attempt === 0 && clean.length >= 3 ? clean : `${clean}${crypto.randomInt(1000, 9999)}`;
    if ((await strapi.db.query(USER).count({ where: { username: candidate } })) === 0) return candidate;
  }
  return crypto.randomUUID();
}

export async function accountForProfile(strapi: Core.Strapi, provider: string, profile: Row): Promise<ProviderOutcome> {
  const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : '';
  if (!email) return { ok: false, reason: 'no_email' };
  const users: Row[] = await strapi.db.query(USER).findMany({ where: { email }, orderBy: { id: 'asc' } });
  const own = users.find((u) => u.provider === provider);
  const other = users.find((u) => u.provider !== provider);
  const found = own ?? other;
  if (found) {
    if (!own && found.confirmed !== true) return { ok: false, reason: 'unconfirmed' };
    if (found.blocked === true) return { ok: false, reason: 'blocked' };
    return { ok: true, user: found, created: false, linked: !own };
  }
  const settings = ((await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' })) ??
    {}) as Row;
  if (!settings.allow_register) return { ok: false, reason: 'closed' };
  const role: Row | null = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: settings.default_role || 'authenticated' } });
  if (!role) return { ok: false, reason: 'closed' };
  const base = typeof profile.username === 'string' && profile.username.trim() ? profile.username : email.split('@')[0];
  const user: Row = await strapi.db.query(USER).create({
    data: {
      username: await freeUsername(strapi, base),
      email,
      provider,
      role: role.id,
      confirmed: true,
      blocked: false,
    },
  });
  return { ok: true, user, created: true, linked: false };
}
