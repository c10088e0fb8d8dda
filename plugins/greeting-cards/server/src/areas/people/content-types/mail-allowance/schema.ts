// The day's count of e-mails an account has had the shop send to addresses it typed (security issue
// 39: group-card invitations were a mail relay). One row per account, moved on by one conditional
// UPDATE (services/people/mail-allowance-service.ts), so two instances never both take the last place.
import { defineType, str, int } from '../../../../platform/db/define-content-type';

const mailAllowance = defineType({
  singular: 'mail-allowance',
  plural: 'mail-allowances',
  displayName: 'Mail allowance',
  curated: false,
  description: 'How many e-mails to other people an account has had sent today (SERVICE_SHOPPER_EMAILS_PER_DAY).',
  // The account's id: a unique index makes one row per account even when two first requests race.
  unique: ['user_key'],
  attributes: {
    user_key: int({ required: true }),
    // The shop day being counted (YYYY-MM-DD on SERVICE_TIME_ZONE's clock) and its count: a new day
    // starts again from the request that finds an older day here.
    day_key: str(),
    sent_count: int({ default: 0 }),
  },
});

export default mailAllowance;
