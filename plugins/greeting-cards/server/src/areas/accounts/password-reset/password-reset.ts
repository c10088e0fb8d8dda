import type { Core } from '@strapi/strapi';
import { getConfig } from '../../../platform/config/get-config';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { getService } from '../../../platform/get-service';
import { emailText } from '../../../platform/email/layout';
import { renderEmail } from '../../../platform/email/views';
import type { Locale } from '../../../platform/i18n/locales';
import { forgetIssued, issuedAt } from './issued-codes';
import { RESET_TTL_MS, newResetCode, parseResetCode, sameSecret } from './reset-token';

// The shop's password reset, on users-permissions' own `resetPasswordToken` and its user service (the
// password is hashed and stored as users-permissions does it). A code works once (the reset clears it
// with a conditional update, so two tabs cannot both use it), expires after an hour, and a newer code
// replaces an older one.

const USER = 'plugin::users-permissions.user';
type Row = Record<string, unknown>;

export type CodeState = { state: 'valid'; user: Row } | { state: 'expired' } | { state: 'used' };

const up = (strapi: Core.Strapi) => strapi.plugin('users-permissions');

/**
 * Sends a reset link to the account with this address, if there is one that may sign in. Says nothing
 * either way: callers run it off the response path, so the answer and its timing are the same for
 * every address.
 */
export async function sendResetLink(strapi: Core.Strapi, rawEmail: unknown, locale: Locale): Promise<boolean> {
  const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
  if (!email) return false;
  const user: Row | null = await strapi.db.query(USER).findOne({ where: { email } });
  if (!user || user.blocked === true) return false;
  const code = newResetCode(Number(user.id));
  await strapi.db.query(USER).update({ where: { id: user.id }, data: { resetPasswordToken: code } });
  const config = getConfig(strapi);
  const text = emailText({ locale, shopName: config.shopName });
  const link = publicShopUrl(strapi, `/reset-password/?code=${encodeURIComponent(code)}`);
  const mail = renderEmail(
    'password-reset',
    text.t('email.reset.subject'),
    { link, hours: Math.round(RESET_TTL_MS / 3_600_000) },
    text,
  );
  await getService(strapi, 'mailer').send({ to: String(user.email), ...mail });
  return true;
}

/** What a code from a link is: valid (with its user), expired, or used (or replaced, or never issued). */
export async function codeState(strapi: Core.Strapi, code: unknown, now = new Date()): Promise<CodeState> {
  if (typeof code !== 'string' || !code || code.length > 300) return { state: 'used' };
  const shop = parseResetCode(code);
  let user: Row | null;
  if (shop) {
    if (shop.expiresAt.getTime() <= now.getTime()) return { state: 'expired' };
    user = await strapi.db.query(USER).findOne({ where: { id: shop.userId } });
    if (!user || !sameSecret(user.resetPasswordToken, code)) return { state: 'used' };
  } else {
    // users-permissions' own code (from POST /api/auth/forgot-password): found by itself, as
    // users-permissions finds it; it expires an hour after it was noted (issued-codes.ts).
    if (!/^[0-9a-f]{20,200}$/.test(code)) return { state: 'used' };
    user = await strapi.db.query(USER).findOne({ where: { resetPasswordToken: code } });
    if (!user || !sameSecret(user.resetPasswordToken, code)) return { state: 'used' };
    const at = await issuedAt(strapi, user.id, code);
    if (!at || at.getTime() + RESET_TTL_MS <= now.getTime()) return { state: 'expired' };
  }
  if (user.blocked === true) return { state: 'used' };
  return { state: 'valid', user };
}

/**
 * Sets the new password of a valid code's user and uses the code up. Returns the user, or the code's
 * state when it no longer works (a second submit, another tab). Following the link proves the address,
 * so an account still waiting for its e-mail confirmation is confirmed too.
 */
export async function resetPassword(
  strapi: Core.Strapi,
  code: unknown,
  password: string,
): Promise<{ ok: true; user: Row } | { ok: false; state: 'expired' | 'used' }> {
  const checked = await codeState(strapi, code);
  if (checked.state !== 'valid') return { ok: false, state: checked.state };
  const { user } = checked;
  const { count } = await strapi.db
    .query(USER)
    .updateMany({ where: { id: user.id, resetPasswordToken: code }, data: { resetPasswordToken: null } });
  if (count !== 1) return { ok: false, state: 'used' };
  // Every session signed in with the old password ends (settings/session-rules.ts): the moment first,
  // then the password, as a password change does.
  await getService(strapi, 'accountSettings').update(Number(user.id), { sessions_valid_after: new Date() });
  await up(strapi)
    .service('user')
    .edit(user.id, { password, ...(user.confirmed ? {} : { confirmed: true, confirmationToken: null }) });
  await forgetIssued(strapi, user.id);
  // As users-permissions' own reset does in 'refresh' mode: every other session of the account ends.
  if (String(strapi.config.get('plugin::users-permissions.jwtManagement', 'legacy-support')) === 'refresh') {
    await strapi.sessionManager('users-permissions').invalidateRefreshToken(String(user.id));
  }
  return { ok: true, user };
}
