import type { Ctx } from '../../platform/http/respond';
import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { translator, type Translate } from '../../platform/i18n/translate';
import { DEFAULT_LOCALE } from '../../platform/i18n/locales';

// Sign-in and registration through users-permissions' own services and settings, so the web form
// follows the same rules as POST /api/auth/local and /api/auth/local/register: password check,
// blocked users, e-mail confirmation when the host turns it on, registration on/off, default role.

type Row = Record<string, unknown>;
export type AuthOutcome =
  | { ok: true; user: Row; jwt: string | null; needsConfirmation: boolean }
  | { ok: false; errors: Record<string, string[]>; unconfirmed?: boolean };

const up = (strapi: Core.Strapi) => strapi.plugin('users-permissions');
const advanced = async (strapi: Core.Strapi): Promise<Row> =>
  ((await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' })) as Row) ?? {};

// users-permissions' jwt.issue() returns the token in 'legacy-support' mode and a Promise of it in
// 'refresh' mode (it creates a session first); awaiting covers both.
export const issueJwt = async (strapi: Core.Strapi, id: unknown): Promise<string> =>
  String(await up(strapi).service('jwt').issue({ id }));

const fail = (field: string, message: string): AuthOutcome => ({ ok: false, errors: { [field]: [message] } });
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export async function afterSignIn(strapi: Core.Strapi, userId: number) {
  if (!getConfig(strapi).autoSyncUserRecipient) return;
  try {
    await strapi.plugin('greeting-cards').service('recipients').syncSystemRecipient(userId);
  } catch (error) {
    strapi.log.error(
      `[greeting-cards] could not sync the address-book entry of user ${userId}: ${(error as Error)?.message}`,
    );
  }
}

export async function signIn(
  strapi: Core.Strapi,
  body: Row,
  t: Translate = translator(DEFAULT_LOCALE),
): Promise<AuthOutcome> {
  const identifier = str(body.identifier).trim();
  const password = str(body.password);
  if (!identifier) return fail('identifier', t('shop.account.enterIdentifier'));
  if (!password) return fail('password', t('shop.account.enterPassword'));
  const user: Row | null = await strapi.db.query('plugin::users-permissions.user').findOne({
    where: { provider: 'local', $or: [{ email: identifier.toLowerCase() }, { username: identifier }] },
  });
  const valid = user?.password ? await up(strapi).service('user').validatePassword(password, user.password) : false;
  if (!user || !valid) return fail('non_field_errors', t('shop.account.noMatch'));
  const settings = await advanced(strapi);
  if (settings.email_confirmation && user.confirmed !== true) {
    // The right password of an account still waiting for confirmation: the page offers the link again.
    return { ok: false, errors: { non_field_errors: [t('shop.account.confirmFirst')] }, unconfirmed: true };
  }
  if (user.blocked === true) return fail('non_field_errors', t('shop.account.blocked'));
  await afterSignIn(strapi, Number(user.id));
  return { ok: true, user, jwt: await issueJwt(strapi, user.id), needsConfirmation: false };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function register(
  strapi: Core.Strapi,
  body: Row,
  t: Translate = translator(DEFAULT_LOCALE),
  // The shop's pages send their own confirmation e-mail (email-confirmation/confirmation.ts).
  sendConfirmation: (user: Row) => Promise<void> = (user) => up(strapi).service('user').sendConfirmationEmail(user),
): Promise<AuthOutcome> {
  const settings = await advanced(strapi);
  if (!settings.allow_register) return fail('non_field_errors', t('shop.account.closed'));
  const email = str(body.email).trim().toLowerCase();
  const username = str(body.username).trim() || email;
  const password = str(body.password);
  const errors: Record<string, string[]> = {};
  if (!EMAIL.test(email) || email.length > 254) errors.email = [t('shop.account.validEmail')];
  if (username.length < 3 || username.length > 100) errors.username = [t('shop.account.nameLength')];
  if (password.length < 8) errors.password = [t('shop.account.passwordShort')];
  else if (Buffer.byteLength(password) > 72) errors.password = [t('shop.account.passwordLong')];
  if (Object.keys(errors).length) return { ok: false, errors };

  const taken = await strapi.db.query('plugin::users-permissions.user').count({
    where: { $or: [{ email }, { username: email }, { username }, { email: username }] },
  });
  if (taken > 0) return fail('email', t('shop.account.exists'));
  const role: Row | null = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: settings.default_role || 'authenticated' } });
  if (!role) return fail('non_field_errors', t('shop.account.noRole'));

  const user: Row = await up(strapi).service('user').add({
    username,
    email,
    password,
    provider: 'local',
    role: role.id,
    confirmed: !settings.email_confirmation,
    blocked: false,
  });
  if (settings.email_confirmation) {
    try {
      await sendConfirmation(user);
    } catch (error) {
      strapi.log.error(`[greeting-cards] confirmation e-mail failed: ${(error as Error)?.message}`);
      return fail('non_field_errors', t('shop.account.mailFailed'));
    }
    return { ok: true, user, jwt: null, needsConfirmation: true };
  }
  await afterSignIn(strapi, Number(user.id));
  return { ok: true, user, jwt: await issueJwt(strapi, user.id), needsConfirmation: false };
}

/**
 * users-permissions' own rate limiter (the one on /api/auth/*), applied to the web forms too, as the
 * host configured it. It keys on body.email, which a caller can vary at will, so it is only a second
 * layer: the limit that holds is the plugin's (platform/http/auth-rate-limit.ts).
 */
export async function withAuthRateLimit(
  strapi: Core.Strapi,
  ctx: Ctx,
  run: () => Promise<void>,
): Promise<'limited' | 'ok'> {
  // users-permissions' middleware factory has no exported type.
  const factory = up(strapi).middleware('rateLimit') as unknown as
    | ((config: object, deps: { strapi: Core.Strapi }) => (ctx: Ctx, next: () => Promise<void>) => Promise<void>)
    | undefined;
  if (typeof factory !== 'function') {
    await run();
    return 'ok';
  }
  try {
    await factory({}, { strapi })(ctx, run);
    return 'ok';
  } catch (error) {
    if ((error as Error)?.name === 'RateLimitError') return 'limited';
    throw error;
  }
}
