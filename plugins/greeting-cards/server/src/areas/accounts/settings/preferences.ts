import { CONSENT_TOPICS, type ConsentTopic } from '../content-types/account-consent/schema';
import type { MessageKey } from '../../../platform/i18n/messages';
import type { Row } from '../../../platform/db/query';

export { CONSENT_TOPICS, type ConsentTopic };

/** The sentence a shopper agrees to per kind of e-mail: shown beside its box, stored with the answer. */
export const CONSENT_WORDING: Record<ConsentTopic, MessageKey> = {
  reminders: 'shop.accountPage.prefReminders',
  group_invitations: 'shop.accountPage.prefGroupInvitations',
  marketing: 'shop.accountPage.prefMarketing',
};

/** The settings row's column of each kind. */
export const PREF_COLUMN: Record<ConsentTopic, string> = {
  reminders: 'pref_reminders',
  group_invitations: 'pref_group_invitations',
  marketing: 'pref_marketing',
};

/** A shopper's answer: true, false, or null when they have not chosen. */
export const answerOf = (settings: Row | null, topic: ConsentTopic): boolean | null => {
  const value = settings?.[PREF_COLUMN[topic]];
  return typeof value === 'boolean' ? value : null;
};

/**
 * Whether an e-mail of this kind may go to the shopper. Reminders they set and invitations from an
 * organiser went out before shoppers could choose: they still go until the shopper says no. News and
 * offers need a yes.
 */
export function mayReceive(settings: Row | null, topic: ConsentTopic): boolean {
  const answer = answerOf(settings, topic);
  return topic === 'marketing' ? answer === true : answer !== false;
}
