import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { getService } from '../../../platform/get-service';
import { msg, unavailable } from '../../../platform/errors';
import type { Locale } from '../../../platform/i18n/locales';
import { emailChangeLinkEmail, emailChangedNotice } from './emails';

// Changing a shopper's e-mail address: nothing changes until the link sent to the NEW address is
// opened (proof that the shopper reads it); then the OLD address is told. Whether another account
// already holds the new address is not said when asking (that would tell anyone which addresses have
// accounts): only the link's page says so, to whoever reads the new address's mail.

export const LINK_HOURS = 24;
const TOKEN = /^[A-Za-z0-9_-]{40,64}$/;
const digest = (token: string) => crypto.createHash('sha256').update(token).digest();
const lower = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase();

export type ConfirmOutcome = { status: 'changed'; email: string } | { status: 'invalid' } | { status: 'taken' };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const changes = () => query(strapi, UID.emailChange);
  const users = () => query(strapi, getConfig(strapi).userModel);
  const lang = (locale: Locale) => ({ locale, shopName: getConfig(strapi).shopName });

  /** The address waiting for its link, if any. */
  async function pending(userId: number): Promise<string | null> {
    const row = await changes().findOne({
      where: { user_id: userId, used_at: { $null: true }, expires_at: { $gt: new Date() } },
      orderBy: { id: 'desc' },
      select: ['new_email'],
    });
    return row?.new_email ?? null;
  }

  /** Sends the link to `newEmail` (already checked); a newer request voids the earlier links. */
  async function request(user: Row, newEmail: string, locale: Locale): Promise<void> {
    await changes().deleteMany({ where: { user_id: user.id, used_at: { $null: true } } });
    const token = crypto.randomBytes(32).toString('base64url');
    await changes().create({
      data: {
        user_id: user.id,
        new_email: newEmail,
        old_email: lower(user.email),
        token_hash: digest(token).toString('hex'),
        expires_at: new Date(Date.now() + LINK_HOURS * 3600_000),
      },
    });
    try {
      await getService(strapi, 'mailer').send({
        to: newEmail,
        ...emailChangeLinkEmail(
          { link: publicShopUrl(strapi, `/account/email/${token}/`), hours: LINK_HOURS },
          lang(locale),
        ),
      });
    } catch (error) {
      strapi.log.error(`[greeting-cards] e-mail change link not sent: ${(error as Error)?.message}`);
      await changes().deleteMany({ where: { user_id: user.id, used_at: { $null: true } } });
      throw unavailable(msg('error.account_mail_failed'));
    }
  }

  /** The waiting change a link stands for, or null (unknown, used, expired, or the account changed since). */
  async function find(token: string): Promise<Row | null> {
    if (!TOKEN.test(token)) return null;
    const hash = digest(token);
    const row = await changes().findOne({ where: { token_hash: hash.toString('hex') } });
    // Found by its hash; compared again in constant time, so no answer depends on how much of it matched.
    if (!row || !crypto.timingSafeEqual(Buffer.from(String(row.token_hash), 'hex'), hash)) return null;
    if (row.used_at || new Date(row.expires_at).getTime() < Date.now()) return null;
    const user = await users().findOne({ where: { id: row.user_id }, select: ['id', 'email', 'blocked'] });
    if (!user || user.blocked || lower(user.email) !== row.old_email) return null;
    return row;
  }

  /** For the link's page: the new address of a valid link, or null. */
  const peek = async (token: string): Promise<string | null> => (await find(token))?.new_email ?? null;

  async function confirm(token: string, locale: Locale): Promise<ConfirmOutcome> {
    const row = await find(token);
    if (!row) return { status: 'invalid' };
    // Used once: two clicks at once change it once.
    const { count } = await changes().updateMany({
      where: { id: row.id, used_at: { $null: true } },
      data: { used_at: new Date() },
    });
    if (count !== 1) return { status: 'invalid' };
    const email = lower(row.new_email);
    const taken = await users().count({
      where: { id: { $ne: row.user_id }, $or: [{ email }, { username: email }] },
    });
    if (taken > 0) return { status: 'taken' };
    const user = (await users().findOne({ where: { id: row.user_id } })) as Row;
    // An account registered without a username has its address as its name: that follows the address.
    const data: Row = { email, confirmed: true };
    if (lower(user.username) === row.old_email) data.username = email;
    await users().update({ where: { id: user.id }, data });
    // The link proved the new address, as the library's own confirmation link would (areas/people).
    await query(strapi, UID.emailProof).create({ data: { user: user.id, email, proven_at: new Date() } });
    await syncRecipient(user.id);
    const settings = await getService(strapi, 'accountSettings').of(user.id);
    try {
      await getService(strapi, 'mailer').send({
        to: row.old_email,
        ...emailChangedNotice({ newEmail: email }, lang(settings?.locale ?? locale)),
      });
    } catch (error) {
      strapi.log.error(`[greeting-cards] notice of an e-mail change not sent: ${(error as Error)?.message}`);
    }
    return { status: 'changed', email };
  }

  async function syncRecipient(userId: number): Promise<void> {
    if (!getConfig(strapi).autoSyncUserRecipient) return;
    try {
      await getService(strapi, 'recipients').syncSystemRecipient(userId);
    } catch (error) {
      strapi.log.warn(`[greeting-cards] address-book entry of user ${userId} not synced: ${(error as Error)?.message}`);
    }
  }

  return { pending, request, peek, confirm };
};
