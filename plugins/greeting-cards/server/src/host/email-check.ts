import type { HostCheck } from './types';

// E-cards, sign-in links and reminders go out through Strapi's e-mail plugin. A new app's provider is
// sendmail, which needs a local mail transfer agent and usually fails (no MX lookup, no relay); the
// failures would only show as retries in the log, so boot and the admin say so instead.

const SET_UP_SMTP =
  'Install @strapi/provider-email-nodemailer and set the email plugin in config/plugins.ts to provider "nodemailer" with your SMTP host, port and login (see the README, "Install into your Strapi app").';

export interface EmailPluginConfig {
  provider?: string;
  providerOptions?: Record<string, unknown>;
}

/** Whether the host's e-mail plugin can send, from its config; `developmentOrTest` allows the mailbox mode. */
export function emailCheck(config: EmailPluginConfig | undefined, developmentOrTest: boolean): HostCheck {
  const provider = config?.provider ?? 'sendmail';
  if (provider === 'sendmail' || provider === '@strapi/provider-email-sendmail') {
    return { ok: false, detail: `E-mail is sent with sendmail (Strapi's default), which cannot deliver from most servers. ${SET_UP_SMTP}` };
  }
  const options = config?.providerOptions ?? {};
  if (provider === 'nodemailer' || provider === '@strapi/provider-email-nodemailer') {
    if (options.streamTransport) {
      return developmentOrTest
        ? { ok: true, detail: 'E-mail is kept in the development mailbox (/dev/mailbox/), not sent: set SMTP_HOST to send.' }
        : { ok: false, detail: `E-mail is not configured: nodemailer has no SMTP server (set SMTP_HOST). ${SET_UP_SMTP}` };
    }
    if (!options.host && !options.service && !options.url) {
      return { ok: false, detail: `The nodemailer e-mail provider has no SMTP host. ${SET_UP_SMTP}` };
    }
    return { ok: true, detail: `E-mail is sent through SMTP at ${String(options.host ?? options.service ?? 'the configured URL')}.` };
  }
  return { ok: true, detail: `E-mail is sent with the "${provider}" provider.` };
}
