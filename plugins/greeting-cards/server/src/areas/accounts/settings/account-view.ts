import type { Core } from '@strapi/strapi';
import { getService } from '../../../platform/get-service';
import type { Row } from '../../../platform/db/query';
import { translate } from '../../../platform/i18n/translate';
import type { Locale } from '../../../platform/i18n/locales';
import { CONSENT_TOPICS, CONSENT_WORDING, answerOf, type ConsentTopic } from './preferences';

/** What GET /api/me/account/ answers and the account page shows (docs/api.md). */
export async function accountView(strapi: Core.Strapi, user: Row, locale: Locale) {
  const settings = getService(strapi, 'accountSettings');
  const row = await settings.of(user.id);
  const consents = await settings.consentsInForce(user.id);
  const byTopic = new Map(consents.map((c) => [c.topic as ConsentTopic, c]));
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    display_name: row?.display_name ?? null,
    locale: row?.locale ?? null,
    pending_email: await getService(strapi, 'emailChange').pending(user.id),
    preferences: Object.fromEntries(CONSENT_TOPICS.map((topic) => [topic, answerOf(row, topic)])),
    // The sentence each answer means, in the request's language: what a client shows beside its box.
    preference_wording: Object.fromEntries(CONSENT_TOPICS.map((t) => [t, translate(locale, CONSENT_WORDING[t])])),
    consents: CONSENT_TOPICS.flatMap((topic) => {
      const c = byTopic.get(topic);
      return c
        ? [
            {
              topic,
              granted: c.granted,
              wording: c.wording,
              locale: c.locale,
              decided_at: new Date(c.decided_at).toISOString(),
            },
          ]
        : [];
    }),
  };
}
