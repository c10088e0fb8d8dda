import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import { isDevelopmentOrTest } from '../config/settings';
import { doesBackgroundWork } from '../config/service-role';
import { emailCheck, type EmailPluginConfig } from './email-check';
import { rendererCheck } from './renderer-check';
import { proxyCheck } from './proxy-check';
import type { HostCheck, HostHealth } from './types';

/**
 * The `host` service: what the plugin needs from the Strapi app it runs in, for the boot warnings and
 * the admin settings view. Starting Chromium takes a second, so its result is kept until `refresh`.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  let renderer: Promise<HostCheck> | null = null;

  const checkRenderer = (): Promise<HostCheck> => {
    // Not even a test launch on a web instance: it never starts Chromium (the workers need it, not it).
    if (!doesBackgroundWork(strapi)) {
      return Promise.resolve({ ok: true, detail: 'Not used on this instance (SERVICE_ROLE=web): workers draw.' });
    }
    if (getConfig(strapi).renderer === 'memory') {
      return Promise.resolve({ ok: true, detail: 'The memory renderer (a test double) draws nothing real.' });
    }
    return rendererCheck();
  };

  const checkProxy = (): HostCheck =>
    proxyCheck({
      publicUrl: getConfig(strapi).publicUrl,
      trustsProxy: Boolean((strapi.server.app as unknown as { proxy?: boolean }).proxy),
      proxySetting: strapi.config.get('server.proxy'),
    });

  return {
    /** Waits for a Chromium check still under way (plugin destroy: no browser may start after Strapi stops). */
    async settled(): Promise<void> {
      await renderer?.catch(() => undefined);
    },

    async health(options: { refresh?: boolean } = {}): Promise<HostHealth> {
      if (!renderer || options.refresh) renderer = checkRenderer();
      return {
        renderer: await renderer,
        email: emailCheck(strapi.config.get('plugin::email') as EmailPluginConfig | undefined, isDevelopmentOrTest()),
        proxy: checkProxy(),
      };
    },

    /** Whether Secure cookies and client addresses work behind a TLS proxy (checked at boot in every environment). */
    proxy(): HostCheck {
      return checkProxy();
    },
  };
};
