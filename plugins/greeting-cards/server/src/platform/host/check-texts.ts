import type { HostCheck } from './types';

// The details of the health checks the admin's settings page shows, as messages: the English is written
// once here, with {placeholders}; the API's `detail` is that English filled in, and `message` lets the
// admin show it in its user's language (de.json "health-detail.<id>", checked by
// tests/unit/admin-setting-texts.test.ts). Values such as an error's own text stay as they come.

export const INSTALL_CHROMIUM =
  'Install the plugin with its optional dependencies (npm ci brings @sparticuz/chromium), install Chromium (Debian/Ubuntu: `apt-get install chromium`) or set PUPPETEER_EXECUTABLE_PATH to a Chromium or Chrome binary.';
const SET_UP_SMTP =
  'Install @strapi/provider-email-nodemailer and set the email plugin in config/plugins.ts to provider "nodemailer" with your SMTP host, port and login (see the README, "Install into your Strapi app").';

export const CHECK_TEXTS = {
  'email.sendmail': `E-mail is sent with sendmail (Strapi's default), which cannot deliver from most servers. ${SET_UP_SMTP}`,
  'email.mailbox': 'E-mail is kept in the development mailbox (/dev/mailbox/), not sent: set SMTP_HOST to send.',
  'email.no-smtp-server': `E-mail is not configured: nodemailer has no SMTP server (set SMTP_HOST). ${SET_UP_SMTP}`,
  'email.no-smtp-host': `The nodemailer e-mail provider has no SMTP host. ${SET_UP_SMTP}`,
  'email.smtp': 'E-mail is sent through SMTP at {host}.',
  'email.smtp-url': 'E-mail is sent through SMTP at the configured URL.',
  'email.provider': 'E-mail is sent with the "{provider}" provider.',
  'email.smtp-accepted': 'nodemailer over SMTP at {where}: the server accepted the connection.',
  'email.smtp-failed': 'nodemailer over SMTP at {where}: {error}',
  'renderer.web-role': '{renderer}: not used on this instance (SERVICE_ROLE=web: workers draw).',
  'renderer.drew': '{renderer}: drew a test preview in {ms} ms with {browser}.',
  'renderer.failed': '{renderer}: {error}',
  'renderer.failed-chromium': `{renderer}: {error} ${INSTALL_CHROMIUM}`,
} as const;

export type CheckTextId = keyof typeof CHECK_TEXTS;
type Values = Record<string, string | number>;

/** A check whose detail is one of CHECK_TEXTS, filled in with `values`. */
export function checkResult(ok: boolean, id: CheckTextId, values: Values = {}): HostCheck {
  const text: string = CHECK_TEXTS[id];
  const detail = text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  return { ok, detail, message: { id, text, values } };
}
