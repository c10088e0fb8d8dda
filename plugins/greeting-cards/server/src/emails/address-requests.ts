import { html } from '../web/html';
import { buttonStyle, emailHtml } from './layout';

// The shopper's daily summary of what friends put in their address book through their address link:
// at most one a day (services/address-requests/address-summary-mail-service.ts).

export interface SummaryEntry {
  name: string;
  email: string;
  /** True when the entry is new since the last summary; false when a friend updated their entry. */
  isNew: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function addressSummaryEmail(entries: SummaryEntry[], link: string) {
  const added = entries.filter((e) => e.isNew);
  const updated = entries.filter((e) => !e.isNew);
  const subject = added.length
    ? `${plural(added.length, 'friend', 'friends')} added their address to your address book`
    : `${plural(updated.length, 'friend', 'friends')} updated their address in your address book`;
  const line = (e: SummaryEntry) => `${e.name || e.email} (${e.email})`;
  const sections: Array<[string, SummaryEntry[]]> = [['New entries', added], ['Updated entries', updated]];
  const filled = sections.filter(([, list]) => list.length);
  const body = html`<h1 style="font-size:22px">${subject}</h1>
<p style="font-size:16px">These came in through your address link. They are marked “Added by them” in your address book.</p>
${filled.map(([title, list]) => html`<h2 style="font-size:18px">${title}</h2><ul>${list.map((e) => html`<li style="font-size:16px">${line(e)}</li>`)}</ul>`)}
<p style="margin:28px 0"><a href="${link}" style="${buttonStyle}">Open your address book</a></p>`;
  const text = [
    'These came in through your address link. They are marked "Added by them" in your address book.',
    ...filled.map(([title, list]) => [`${title}:`, ...list.map((e) => `- ${line(e)}`)].join('\n')),
    `Open your address book: ${link}`,
    '',
  ].join('\n\n');
  return { subject, html: emailHtml(subject, body), text };
}
