import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { renderEmail } from '../../../platform/email/views';

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
  const text = emailText(lang);
  const { t } = text;
  const added = entries.filter((e) => e.isNew);
  const changed = entries.filter((e) => e.hasChange);
  const subject = added.length
    ? t('email.address-requests.added', { count: added.length })
    : t('email.address-requests.changed', { count: changed.length });
  // Each section with entries, its heading and its entries (the views print "name (email)").
  const sections = [
    { title: t('email.address-requests.new'), entries: added },
    { title: t('email.address-requests.changes'), entries: changed },
  ].filter((section) => section.entries.length);
  return renderEmail('address-requests', subject, { sections, link }, text);
}
