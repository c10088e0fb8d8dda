import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import { publicShopUrl } from '../../../platform/mount/mount-points';
import { getService } from '../../../platform/get-service';
import type { Locale } from '../../../platform/i18n/locales';
import { addressProofEmail } from './email';

// Whether a shopper has proven they own their account's e-mail address. With users-permissions'
// e-mail confirmation off (its default) every account is `confirmed`, so `confirmed` proves nothing:
// anyone may register under someone else's address. Proof is then a link this plugin sends to the
// address; with the host's confirmation on, the host's `confirmed` is proof enough.
// Received cards (library-service) are shown only for a proven address.

const LINK_HOURS = 24;
// users-permissions' e-mail confirmation switch, read at most this often per process: every library
// request asked for it (a query each). This process sees its own changes at once; other instances
// within this time.
const HOST_SETTING_TTL_MS = 5_000;
// Proven addresses remembered per process, keyed by user and address. Exact, not a guess: a proof is
// never withdrawn, and a changed address is another key. Only "proven" is kept (another instance may
// prove an address at any time, so "not proven" is always asked again). Bounded: cleared when full.
const PROVEN_CACHE_SIZE = 10_000;
const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const normalise = (email: unknown) =>
  String(email ?? '')
    .trim()
    .toLowerCase();

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const proofs = () => query(strapi, UID.emailProof);

  let hostSetting: { value: boolean; until: number } | null = null;
  let watching = false;
  const proven = new Set<string>();

  function watchHostSetting(): void {
    if (watching) return;
    watching = true;
    const forget = () => {
      hostSetting = null;
    };
    strapi.db.lifecycles.subscribe({
      models: ['strapi::core-store'],
      afterCreate: forget,
      afterUpdate: forget,
      afterDelete: forget,
    });
  }

  async function hostConfirmsEmails(): Promise<boolean> {
    watchHostSetting();
    if (hostSetting && hostSetting.until > Date.now()) return hostSetting.value;
    const advanced = (await strapi
      .store({ type: 'plugin', name: 'users-permissions' })
      .get({ key: 'advanced' })) as Row | null;
    hostSetting = { value: Boolean(advanced?.email_confirmation), until: Date.now() + HOST_SETTING_TTL_MS };
    return hostSetting.value;
  }

  function remember(key: string): void {
    if (proven.size >= PROVEN_CACHE_SIZE) proven.clear();
    proven.add(key);
  }

  /** The user's address when they have proven it (lower case), else null. */
  // Takes the user row when the caller already has it (the signed-in user of the request): reading it
  // again was one of the queries every library request paid.
  async function provenAddress(
    userOrId: number | { id: number; email?: unknown; confirmed?: unknown },
  ): Promise<string | null> {
    const userId = typeof userOrId === 'number' ? userOrId : userOrId.id;
    const user =
      typeof userOrId === 'number'
        ? ((await query(strapi, getConfig(strapi).userModel).findOne({
            where: { id: userId },
            select: ['id', 'email', 'confirmed'],
          })) as Row | null)
        : userOrId;
    const email = normalise(user?.email);
    if (!email) return null;
    const key = `${userId}:${email}`;
    if (proven.has(key)) return email;
    if (user?.confirmed === true && (await hostConfirmsEmails())) return email;
    const proof = await proofs().findOne({
      where: { user: { id: userId }, email, proven_at: { $notNull: true } },
      select: ['id'],
    });
    if (!proof) return null;
    remember(key);
    return email;
  }

  /**
   * Sends the user a one-time link to their current address, in the shop language they asked in. The
   * address is one they typed (anyone may register under someone else's): each link is one of the day's
   * e-mails to others (mail-to-others-service; 429 past them), so a button cannot flood a mailbox.
   */
  async function sendLink(userId: number, locale?: Locale): Promise<void> {
    const user = (await query(strapi, getConfig(strapi).userModel).findOne({
      where: { id: userId },
      select: ['id', 'email'],
    })) as Row | null;
    const email = normalise(user?.email);
    if (!email) return;
    await getService(strapi, 'mailToOthers').take(userId, 1);
    const token = crypto.randomBytes(32).toString('base64url');
    await proofs().create({
      data: {
        user: userId,
        email,
        token_hash: digest(token),
        expires_at: new Date(Date.now() + LINK_HOURS * 3600_000),
      },
    });
    const link = publicShopUrl(strapi, `/account/confirm-email/${token}/`);
    await getService(strapi, 'mailer').send({
      to: email,
      ...addressProofEmail({ link, hours: LINK_HOURS }, { locale, shopName: getConfig(strapi).shopName }),
    });
  }

  /**
   * Marks the link's address proven. False for an unknown, used or expired link, or when the account's
   * address changed since the link was sent (it proves the old address, not the new one).
   */
  async function confirm(token: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
    const proof = (await proofs().findOne({
      where: { token_hash: digest(token) },
      populate: { user: { select: ['id', 'email'] } },
    })) as Row | null;
    if (!proof || proof.proven_at || !proof.user || new Date(proof.expires_at).getTime() < Date.now()) return false;
    if (normalise(proof.user.email) !== proof.email) return false;
    // Conditional on still being unused: two clicks at once prove it once.
    const { count } = await proofs().updateMany({
      where: { id: proof.id, proven_at: { $null: true } },
      data: { proven_at: new Date() },
    });
    return count > 0;
  }

  return { provenAddress, sendLink, confirm };
};
