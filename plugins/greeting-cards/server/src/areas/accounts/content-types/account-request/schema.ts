// A shopper's request about their own data (issue 42): an export (one row per download, counted for
// SERVICE_ACCOUNT_EXPORTS_PER_DAY) or a deletion. A deletion is a job: the steps it has finished are
// recorded one by one, so a run that stops halfway (a crash, a restart) is finished by the next run,
// and every step is safe to repeat. `deletion_key` (the account's id, only on deletions) has a unique
// index: one deletion per account however many requests race.
import { defineType, str, int, json, dt, enumeration } from '../../../../platform/db/define-content-type';

export const ACCOUNT_REQUEST_KINDS = ['export', 'deletion'] as const;
export const ACCOUNT_REQUEST_STATUSES = ['running', 'done'] as const;

const accountRequest = defineType({
  singular: 'account-request',
  plural: 'account-requests',
  displayName: 'Account request',
  curated: false,
  description: "A shopper's data export or account deletion (GDPR articles 15, 17 and 20).",
  unique: ['deletion_key'],
  indexed: ['user_key'],
  attributes: {
    kind: enumeration(ACCOUNT_REQUEST_KINDS, 'export'),
    user_key: int({ required: true }),
    deletion_key: int(),
    status: enumeration(ACCOUNT_REQUEST_STATUSES, 'running'),
    requested_by: str({ default: 'shopper' }),
    steps_done: json(),
    finished_at: dt(),
  },
});

export default accountRequest;
