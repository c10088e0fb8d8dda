import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import type { EmailPluginConfig } from './email-check';

// E-mail goes out through Strapi's e-mail plugin, whose nodemailer provider makes one transport from the
// host's providerOptions when the e-mail plugin boots. Without `pool`, nodemailer opens a connection (and
// greets, and logs in) for every message: a thousand e-cards were mostly SMTP handshakes. The plugin sets
// nodemailer's pool of SERVICE_SMTP_POOL_SIZE connections there in register(), before that boot, so a
// host that only names its SMTP server gets pooled sending. A host that set `pool` itself keeps its own.

const NODEMAILER = ['nodemailer', '@strapi/provider-email-nodemailer'];

/**
 * The providerOptions with the plugin's pool (`size` connections; 0: none), or null when they stay as
 * they are: another provider, nodemailer without an SMTP server (the development mailbox's stream
 * transport), or a `pool` the host chose.
 */
export function pooledSmtpOptions(config: EmailPluginConfig | undefined, size: number): Record<string, unknown> | null {
  if (!NODEMAILER.includes(config?.provider ?? '')) return null;
  const options = config?.providerOptions ?? {};
  if (!options.host && !options.service && !options.url) return null;
  if (options.streamTransport || options.jsonTransport || options.sendmail || 'pool' in options) return null;
  return size > 0 ? { ...options, pool: true, maxConnections: size } : { ...options, pool: false };
}

export function poolSmtpConnections(strapi: Core.Strapi): void {
  const options = pooledSmtpOptions(
    strapi.config.get('plugin::email') as EmailPluginConfig | undefined,
    getConfig(strapi).smtpPoolSize,
  );
  if (options) strapi.config.set('plugin::email.providerOptions', options);
}
