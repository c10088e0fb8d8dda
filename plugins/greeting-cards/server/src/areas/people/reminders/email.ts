import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import type { Translate } from '../../../platform/i18n/translate';
import { intlLocale } from '../../../platform/i18n/locales';
import { renderEmail } from '../../../platform/email/views';

export interface ReminderEmailInput {
  ownerName: string;
  title: string;
  eventDate: string;
  daysBefore: number;
  catalogueUrl: string;
}

const when = (t: Translate, days: number) =>
  days === 0
    ? t('email.reminder.today')
    : days === 1
      ? t('email.reminder.tomorrow')
      : t('email.reminder.in-days', { count: days });

/** The reminder to its owner, with a link to cards for the occasion, in the owner's language. */
export function reminderEmail(input: ReminderEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t, locale } = text;
  const soon = when(t, input.daysBefore);
  const subject = t('email.reminder.subject', { title: input.title, when: soon });
  // The event's calendar date, with its weekday: not moved by any clock.
  const date = new Date(`${input.eventDate}T00:00:00Z`).toLocaleDateString(intlLocale(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return renderEmail(
    'reminder',
    subject,
    { title: input.title, ownerName: input.ownerName, when: soon, date, catalogueUrl: input.catalogueUrl },
    text,
  );
}
