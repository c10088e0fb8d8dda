import { defineType, int, str, dt, enumeration } from '../../../../platform/db/define-content-type';
import { SUPPORTED_LOCALES } from '../../../../platform/i18n/locales';

// A shopper's own settings, kept beside users-permissions' user (whose schema belongs to the host):
// one row per user, made the first time they save something on the account page.
const accountSetting = defineType({
  singular: 'account-setting',
  plural: 'account-settings',
  displayName: 'Account setting',
  curated: false,
  description: "A shopper's display name, language, e-mail choices and the time their other sessions end.",
  attributes: {
    // A plain column, not a relation: one row per user is a unique index on it.
    user_id: int({ required: true }),
    display_name: str(),
    locale: enumeration(SUPPORTED_LOCALES),
    // Tokens issued before this moment (a password change) no longer sign anyone in.
    sessions_valid_after: dt(),
    // null: not chosen yet (see docs/accounts.md for what each one controls).
    pref_reminders: { type: 'boolean' },
    pref_group_invitations: { type: 'boolean' },
    pref_marketing: { type: 'boolean' },
  },
  unique: ['user_id'],
});

export default accountSetting;
