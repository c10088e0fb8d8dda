import { html } from '../web/html';
import { buttonStyle, emailHtml } from './layout';

export interface ReminderEmailInput {
  ownerName: string;
  title: string;
  eventDate: string;
  daysBefore: number;
  catalogueUrl: string;
}

const when = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

/** The reminder to its owner, with a link to cards for the occasion. */
export function reminderEmail(input: ReminderEmailInput) {
  const subject = `Reminder: ${input.title} is ${when(input.daysBefore)}`;
  const date = new Date(`${input.eventDate}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const body = html`<h1 style="font-size:22px">${input.title}</h1>
<p style="font-size:16px">Hello ${input.ownerName},</p>
<p style="font-size:16px">${input.title} is ${when(input.daysBefore)}, on ${date}. There is still time to send a card.</p>
<p style="margin:28px 0"><a href="${input.catalogueUrl}" style="${buttonStyle}">Choose a card</a></p>`;
  const text = [`Hello ${input.ownerName},`, '', `${input.title} is ${when(input.daysBefore)}, on ${date}. There is still time to send a card.`, '', `Choose a card: ${input.catalogueUrl}`, ''].join('\n');
  return { subject, html: emailHtml(subject, body), text };
}
