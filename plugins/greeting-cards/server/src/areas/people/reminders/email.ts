import { html } from '../../../platform/web/html';
import { buttonStyle, emailText, type EmailLanguage } from '../../../platform/email/layout';
import type { Translate } from '../../../platform/i18n/translate';
import { intlLocale } from '../../../platform/i18n/locales';

export interface ReminderEmailInput {
  ownerName: string;
  title: string;
  eventDate: string;
  daysBefore: number;
  catalogueUrl: string;
}

const when = (t: Translate, days: number) =>
  days === 0 ? t('email.reminder.today') : days === 1 ? t('email.reminder.tomorrow') : t('email.reminder.in-days', { count: days });

/** The reminder to its owner, with a link to cards for the occasion, in the owner's language. */
export function reminderEmail(input: ReminderEmailInput, lang: EmailLanguage = {}) {
  const { t, locale, frame } = emailText(lang);
  const soon = when(t, input.daysBefore);
  const subject = t('email.reminder.subject', { title: input.title, when: soon });
  // The event's calendar date, with its weekday: not moved by any clock.
  const date = new Date(`${input.eventDate}T00:00:00Z`).toLocaleDateString(intlLocale(locale), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const hello = t('email.reminder.hello', { name: input.ownerName });
  const line = t('email.reminder.body', { title: input.title, when: soon, date });
  const body = html`<h1 style="font-size:22px">${input.title}</h1>
<p style="font-size:16px">${hello}</p>
<p style="font-size:16px">${line}</p>
<p style="margin:28px 0"><a href="${input.catalogueUrl}" style="${buttonStyle}">${t('email.reminder.choose')}</a></p>`;
  const text = [hello, '', line, '', `${t('email.reminder.choose')}: ${input.catalogueUrl}`, ''].join('\n');
  return { subject, html: frame(subject, body), text };
}
