// Address request links (issue 24): a shopper's personal link friends open to put their own address in
// the shopper's address book. Internal: shoppers manage it on /recipients/, never in the Content Manager.
import { defineType, rel, str, int, dt } from '../../../../platform/db/define-content-type';

const addressRequestLink = defineType({
  singular: 'address-request-link',
  plural: 'address-request-links',
  displayName: 'Address request link',
  curated: false,
  description: "A shopper's link that lets friends add their own address to the shopper's address book.",
  unique: ['owner_key', 'token'],
  indexed: ['summary_pending_since'],
  attributes: {
    owner: rel.user(),
    // The owner's id: a unique index on it means one link row per shopper even when two creates race.
    owner_key: int({ required: true, unique: true }),
    // The link's token, kept so the shopper can copy the link again. Rotating replaces it and revoking
    // clears it (NULLs never collide), so a lookup by an old value finds nothing at once.
    token: str({ unique: true }),
    // The daily cap (SERVICE_ADDRESS_LINK_DAILY_CAP): the shop day being counted and its count, moved
    // on by compare-and-set updates so two instances never both take the last place. The row outlives
    // rotation, so a new link does not reset the day's count.
    day_key: str(),
    day_count: int({ default: 0 }),
    // The daily summary e-mail: set by a submission when nothing is waiting yet, cleared by the job's
    // claim; summary_sent_at is that claim (at most one e-mail in 24 hours).
    summary_pending_since: dt(),
    summary_sent_at: dt(),
    summarised_until: dt(),
    // The owner's shop language when they last made or replaced the link: the summary e-mail is
    // written in it (null: the shop's pinned language, else English).
    locale: str(),
  },
});

export default addressRequestLink;
