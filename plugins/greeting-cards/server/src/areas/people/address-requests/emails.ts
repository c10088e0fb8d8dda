import { html } from '../../../platform/web/html';
import { buttonStyle, emailText, type EmailLanguage } from '../../../platform/email/layout';

// The shopper's daily summary of what friends put in their address book through their address link:
// at most one a day (areas/people/address-requests/address-summary-mail-service.ts). New entries, and
// later answers waiting for the shopper to accept or reject (security issue 39: they never overwrite).

export interface SummaryEntry {
  name: string;
  email: string;
  /** True when the entry is new since the last summary. */
  isNew: boolean;
  /** True when a later answer for the entry waits for the shopper to check. */
  hasChange: boolean;
}

export function addressSummaryEmail(entries: SummaryEntry[], link: string, lang: EmailLanguage = {}) {
  const { t, frame } = emailText(lang);
  const added = entries.filter((e) => e.isNew);
  const changed = entries.filter((e) => e.hasChange);
  const subject = added.length
    ? t('email.address-requests.added', { count: added.length })
    : t('email.address-requests.changed', { count: changed.length });
  const line = (e: SummaryEntry) => `${e.name || e.email} (${e.email})`;
  const sections: Array<[string, SummaryEntry[]]> = [[t('email.address-requests.new'), added], [t('email.address-requests.changes'), changed]];
  const filled = sections.filter(([, list]) => list.length);
  const open = t('email.address-requests.open');
  const body = html`<h1 style="font-size:22px">${subject}</h1>
<p style="font-size:16px">${t('email.address-requests.intro-html')}</p>
${filled.map(([title, list]) => html`<h2 style="font-size:18px">${title}</h2><ul>${list.map((e) => html`<li style="font-size:16px">${line(e)}</li>`)}</ul>`)}
<p style="margin:28px 0"><a href="${link}" style="${buttonStyle}">${open}</a></p>`;
  const text = [
    t('email.address-requests.intro-text'),
    ...filled.map(([title, list]) => [`${title}:`, ...list.map((e) => `- ${line(e)}`)].join('\n')),
    `${open}: ${link}`,
    '',
  ].join('\n\n');
  return { subject, html: frame(subject, body), text };
}
