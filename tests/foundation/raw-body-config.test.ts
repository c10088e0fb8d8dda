import type { Core } from '@strapi/strapi';
import { QUIET_APP, bootFailure, startApp } from '../helpers/strapi';

// The Stripe webhook needs the request text as received (strapi::body with includeUnparsed). The
// plugin never rewrites the host's middleware list: it checks it at boot and says what to add.

const BARE_BODY = [
  'plugin::greeting-cards.access-log',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
const STRIPE = { SERVICE_STRIPE_SECRET_KEY: 'sk_test_raw_body', SERVICE_STRIPE_WEBHOOK_SECRET: 'whsec_raw_body' };
const withBareBody = (strapi: Core.Strapi) => strapi.config.set('middlewares', [...BARE_BODY]);

describe("the host's strapi::body and the Stripe webhook", () => {
  it('refuses to boot with Stripe configured, naming the file and the setting to add', async () => {
    const error = await bootFailure({ ...QUIET_APP, ...STRIPE }, { beforeLoad: withBareBody });
    expect(error.message).toMatch(/config\/middlewares/);
    expect(error.message).toContain("{ name: 'strapi::body', config: { includeUnparsed: true } }");
  });

  it('refuses a webhook secret alone too (webhooks are verified even in demo mode)', async () => {
    const error = await bootFailure(
      { ...QUIET_APP, SERVICE_STRIPE_WEBHOOK_SECRET: 'whsec_raw_body' },
      { beforeLoad: withBareBody },
    );
    expect(error.message).toMatch(/includeUnparsed/);
  });

  it("boots with Stripe off, says what to add once, and leaves the host's list as it was", async () => {
    const warnings: string[] = [];
    const app = await startApp(QUIET_APP, {
      beforeLoad: (strapi) => {
        withBareBody(strapi);
        const warn = strapi.log.warn.bind(strapi.log);
        strapi.log.warn = ((message: string) => {
          warnings.push(String(message));
          return warn(message);
        }) as typeof strapi.log.warn;
      },
    });
    try {
      // By name: Strapi's own preview feature (the host's config/admin.ts) adds the admin's frame-src to
      // strapi::security's options; the plugin adds, moves and replaces nothing.
      const names = (app.strapi.config.get('middlewares') as Array<string | { name: string }>).map((m) =>
        typeof m === 'string' ? m : m.name,
      );
      expect(names).toEqual(BARE_BODY);
      expect((app.strapi.config.get('middlewares') as unknown[]).find((m) => m === 'strapi::body')).toBe(
        'strapi::body',
      );
      const about = warnings.filter((w) => w.includes('includeUnparsed'));
      expect(about).toHaveLength(1);
      expect(about[0]).toMatch(/config\/middlewares/);
    } finally {
      await app.stop();
    }
  });
});
