import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { translate } from '../../../platform/i18n/translate';
import type { Locale } from '../../../platform/i18n/locales';
import { CONSENT_WORDING, PREF_COLUMN, mayReceive, type ConsentTopic } from './preferences';

// The shopper's own settings row (display name, language, e-mail choices, end of old sessions) and
// the consent record. Other areas ask `mayEmail` before sending a reminder or an invitation.

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => query(strapi, UID.accountSetting);
  const consents = () => query(strapi, UID.accountConsent);

  const of = (userId: number): Promise<Row | null> => rows().findOne({ where: { user_id: userId } });

  /** The user's row, made on first use; two first saves at once make one row. */
  async function ensure(userId: number): Promise<Row> {
    const found = await of(userId);
    if (found) return found;
    try {
      return await rows().create({ data: { user_id: userId } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await of(userId))!;
    }
  }

  async function update(userId: number, data: Record<string, unknown>): Promise<Row> {
    const row = await ensure(userId);
    return rows().update({ where: { id: row.id }, data });
  }

  /**
   * Records each answer with the sentence shown for it in `locale` and the time, and makes it the one
   * in force. Answers equal to the one in force are not recorded again.
   */
  async function decide(
    userId: number,
    answers: Partial<Record<ConsentTopic, boolean>>,
    locale: Locale,
    source: 'web' | 'api',
  ): Promise<Row> {
    const row = await ensure(userId);
    const now = new Date();
    const changed: Record<string, boolean> = {};
    for (const [topic, granted] of Object.entries(answers) as [ConsentTopic, boolean][]) {
      if (row[PREF_COLUMN[topic]] === granted) continue;
      changed[PREF_COLUMN[topic]] = granted;
      await consents().create({
        data: {
          user_id: userId,
          topic,
          granted,
          wording: translate(locale, CONSENT_WORDING[topic]),
          locale,
          decided_at: now,
          source,
        },
      });
    }
    return Object.keys(changed).length ? rows().update({ where: { id: row.id }, data: changed }) : row;
  }

  /** The answers in force, newest first per kind (what GET /api/me/account/ shows). */
  async function consentsInForce(userId: number): Promise<Row[]> {
    const all: Row[] = await consents().findMany({ where: { user_id: userId }, orderBy: [{ id: 'desc' }] });
    const seen = new Set<string>();
    return all.filter((c) => !seen.has(c.topic) && seen.add(c.topic));
  }

  /** Whether an e-mail of this kind may go to the user (preferences.ts says the rule). */
  async function mayEmail(userId: number, topic: ConsentTopic): Promise<boolean> {
    return mayReceive(await of(userId), topic);
  }

  /**
   * Of these addresses, the ones that belong to a shopper who said no to this kind of e-mail (compared
   * in lower case). Addresses without an account are never in it.
   */
  async function declinedAmong(emails: string[], topic: ConsentTopic): Promise<Set<string>> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
    if (!wanted.length) return new Set();
    const users: Row[] = await query(strapi, UID.user).findMany({
      where: { email: { $in: wanted } },
      select: ['id', 'email'],
    });
    if (!users.length) return new Set();
    const settings: Row[] = await rows().findMany({ where: { user_id: { $in: users.map((u) => u.id) } } });
    const byUser = new Map(settings.map((s) => [Number(s.user_id), s]));
    return new Set(
      users
        .filter((u) => !mayReceive(byUser.get(Number(u.id)) ?? null, topic))
        .map((u) => String(u.email).toLowerCase()),
    );
  }

  return { of, ensure, update, decide, consentsInForce, mayEmail, declinedAmong };
};
