import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { getConfig } from '../../../platform/config/get-config';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { getService } from '../../../platform/get-service';
import { emailText } from '../../../platform/email/layout';
import { renderEmail } from '../../../platform/email/views';
import type { Locale } from '../../../platform/i18n/locales';
import { sameSecret } from '../password-reset/reset-token';

// E-mail confirmation for accounts made on the shop's registration page, on users-permissions' own
// `confirmed` and `confirmationToken` (so GET /api/auth/email-confirmation accepts the shop's codes too,
// and users-permissions' own codes work on the shop's page). The shop's code is
// `<user id>.<64 hex characters>`: its secret part is compared in constant time against one row.
// The link lands on the shop's /confirm-email/ page, which confirms and signs the shopper in.

const USER = 'plugin::users-permissions.user';
type Row = Record<string, unknown>;

export const confirmationRequired = async (strapi: Core.Strapi): Promise<boolean> => {
  const advanced = (await strapi
    .store({ type: 'plugin', name: 'users-permissions' })
    .get({ key: 'advanced' })) as Row | null;
  return Boolean(advanced?.email_confirmation);
};

/** Writes a new confirmation code on the user (replacing the last) and e-mails the shop's link. */
export async function sendConfirmationLink(strapi: Core.Strapi, user: Row, locale: Locale): Promise<void> {
  const code = `${Number(user.id)}.${crypto.randomBytes(32).toString('hex')}`;
  await strapi.db.query(USER).update({ where: { id: user.id }, data: { confirmationToken: code } });
  const config = getConfig(strapi);
  const text = emailText({ locale, shopName: config.shopName });
  const link = publicShopUrl(strapi, `/confirm-email/?confirmation=${encodeURIComponent(code)}`);
  const mail = renderEmail('confirm-email', text.t('email.confirm.subject'), { link }, text);
  await getService(strapi, 'mailer').send({ to: String(user.email), ...mail });
}

/**
 * Resends the link to an account still waiting for confirmation, found by e-mail address or user name.
 * Says nothing: callers answer the same whatever happened, and run it off the response path.
 */
export async function resendConfirmationLink(
  strapi: Core.Strapi,
  identifier: unknown,
  locale: Locale,
): Promise<boolean> {
  const value = typeof identifier === 'string' ? identifier.trim() : '';
  if (!value || value.length > 254 || !(await confirmationRequired(strapi))) return false;
  const user: Row | null = await strapi.db.query(USER).findOne({
    where: { provider: 'local', $or: [{ email: value.toLowerCase() }, { username: value }] },
  });
  if (!user || user.confirmed === true || user.blocked === true) return false;
  await sendConfirmationLink(strapi, user, locale);
  return true;
}

/** Confirms the account a code names and uses the code up; the user, or null for a used or unknown code. */
export async function confirmEmail(strapi: Core.Strapi, code: unknown): Promise<Row | null> {
  if (typeof code !== 'string' || !code || code.length > 300) return null;
  const shop = /^([1-9]\d{0,15})\.[0-9a-f]{64}$/.exec(code);
  const user: Row | null = shop
    ? await strapi.db.query(USER).findOne({ where: { id: Number(shop[1]) } })
    : /^[0-9a-f]{20,200}$/.test(code)
      ? await strapi.db.query(USER).findOne({ where: { confirmationToken: code } })
      : null;
  if (!user || !sameSecret(user.confirmationToken, code) || user.blocked === true) return null;
  const { count } = await strapi.db.query(USER).updateMany({
    where: { id: user.id, confirmationToken: code },
    data: { confirmed: true, confirmationToken: null },
  });
  return count === 1 ? user : null;
}
