import { defineType, rel, str, text, int, bool, json, dt, date } from '../../../../platform/db/define-content-type';

const recipient = defineType({
  singular: 'recipient',
  plural: 'recipients',
  displayName: 'Recipient',
  curated: false,
  description: 'An address-book entry.',
  unique: ['system_owner_key', 'link_email_key'],
  attributes: {
    owner: rel.user(),
    first_name: str({ default: '' }),
    last_name: str({ default: '' }),
    email: str({ default: '' }),
    phone: str({ default: '' }),
    address_line_1: str({ default: '' }),
    address_line_2: str({ default: '' }),
    city: str({ default: '' }),
    county: str({ default: '' }),
    postcode: str({ default: '' }),
    country: str({ default: 'GB' }),
    birthday: date(),
    anniversary: date(),
    notes: text({ default: '' }),
    is_system_user: bool(false),
    // IANA zone (Europe/London) whose clock a card scheduled for a date follows; on the system entry,
    // the shopper's own zone (reminders, dates on their pages). Null: the shop's SERVICE_TIME_ZONE.
    time_zone: str(),
    // Equals the owner's id on the is_system_user entry, null elsewhere: a unique index on it
    // makes "at most one system entry per owner" hold even when two syncs race.
    system_owner_key: int(),
    // Issue 24: 'address_link' on entries a friend filled in through the shopper's address link, null
    // on the shopper's own. link_email_key is "<owner id>:<lower-case e-mail>" on those entries: a
    // unique index on it makes a second submission from the same e-mail update the entry, never add one.
    source: str(),
    link_email_key: str({ unique: true }),
    link_submitted_at: dt(),
    // Security issue 39: a later answer through the link for the same e-mail never overwrites the
    // entry (whoever holds the link could otherwise move a friend). It waits here, the submitted
    // fields as JSON, for the owner to accept or reject; a newer one replaces a waiting one.
    pending_change: json(),
    pending_change_at: dt(),
  },
});

export default recipient;
