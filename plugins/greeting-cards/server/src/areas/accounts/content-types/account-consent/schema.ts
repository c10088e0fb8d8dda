import { defineType, int, str, text, dt, enumeration } from '../../../../platform/db/define-content-type';

export const CONSENT_TOPICS = ['reminders', 'group_invitations', 'marketing'] as const;
export type ConsentTopic = (typeof CONSENT_TOPICS)[number];

// Every yes or no a shopper gave to a kind of e-mail, with the words they saw and when: a record that
// is only ever added to, so the answer in force at any moment can be shown later.
const accountConsent = defineType({
  singular: 'account-consent',
  plural: 'account-consents',
  displayName: 'Account consent',
  curated: false,
  description: 'A shopper opting in or out of a kind of e-mail: the wording they agreed to, its language and the time.',
  attributes: {
    user_id: int({ required: true }),
    topic: enumeration(CONSENT_TOPICS),
    granted: { type: 'boolean', required: true },
    wording: text({ required: true }),
    locale: str(),
    decided_at: dt(),
    // 'web' (the account page) or 'api' (PATCH /api/me/account/).
    source: str(),
  },
  indexed: ['user_id'],
});

export default accountConsent;
