import { defineType, rel, str, bool, json, dt, date, enumeration } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { REMINDER_TYPES } from '../../../../platform/enums';

const reminder = defineType({
  singular: 'reminder',
  plural: 'reminders',
  displayName: 'Reminder',
  curated: false,
  description: 'A yearly or one-off nudge to send a card.',
  attributes: {
    user: rel.user(),
    recipient: rel.manyToOne(UID.recipient),
    occasion: rel.manyToOne(UID.occasion),
    type: enumeration(REMINDER_TYPES, 'birthday'),
    title: str({ default: '' }),
    event_date: date(),
    days_before: json(),
    is_active: bool(true),
    last_sent_at: dt(),
    last_sent_key: str(),
    // The owner's shop language when they set the reminder up: its e-mail is written in it (null: English).
    locale: str(),
  },
});

export default reminder;
