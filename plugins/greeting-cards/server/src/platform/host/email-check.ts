import { checkResult } from './check-texts';
import type { HostCheck } from './types';

// E-cards, sign-in links and reminders go out through Strapi's e-mail plugin. A new app's provider is
// sendmail, which needs a local mail transfer agent and usually fails (no MX lookup, no relay); the
// failures would only show as retries in the log, so boot and the admin say so instead.

export interface EmailPluginConfig {
  provider?: string;
  providerOptions?: Record<string, unknown>;
}

/** Whether the host's e-mail plugin can send, from its config; `developmentOrTest` allows the mailbox mode. */
export function emailCheck(config: EmailPluginConfig | undefined, developmentOrTest: boolean): HostCheck {
  const provider = config?.provider ?? 'sendmail';
  if (provider === 'sendmail' || provider === '@strapi/provider-email-sendmail') {
    return checkResult(false, 'email.sendmail');
  }
  const options = config?.providerOptions ?? {};
  if (provider === 'nodemailer' || provider === '@strapi/provider-email-nodemailer') {
    if (options.streamTransport) {
      return developmentOrTest ? checkResult(true, 'email.mailbox') : checkResult(false, 'email.no-smtp-server');
    }
    if (!options.host && !options.service && !options.url) {
      return checkResult(false, 'email.no-smtp-host');
    }
    const host = options.host ?? options.service;
    return host ? checkResult(true, 'email.smtp', { host: String(host) }) : checkResult(true, 'email.smtp-url');
  }
  return checkResult(true, 'email.provider', { provider });
}
