import { bootFailure, PRODUCTION_SECRETS as SECRETS, startApp } from '../helpers/strapi';

// Issue 9, item 13: development conveniences only when NODE_ENV is development or test.
// The default renderer starts Chromium only when something is drawn, which these tests never do.
const BASE = {
  SERVICE_SEED_SAMPLE_DATA: 'false',
  SERVICE_RENDERER: undefined,
  SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
};

describe('boot rules outside development', () => {
  it('refuses the fixed fallback secrets in any environment but development and test', async () => {
    const error = await bootFailure({ ...BASE, NODE_ENV: 'staging', SERVICE_PUBLIC_URL: 'https://cards.example.test' });
    expect(error.message).toMatch(/must be set when NODE_ENV=staging/);
  });

  it('refuses to start in production without SERVICE_PUBLIC_URL', async () => {
    const error = await bootFailure({ ...BASE, ...SECRETS, NODE_ENV: 'production', SERVICE_PUBLIC_URL: undefined });
    expect(error.message).toMatch(/SERVICE_PUBLIC_URL/);
  });

  it('refuses provider mode in production without a webhook secret', async () => {
    const error = await bootFailure({
      ...BASE,
      ...SECRETS,
      NODE_ENV: 'production',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_123',
      SERVICE_STRIPE_WEBHOOK_SECRET: undefined,
    });
    expect(error.message).toMatch(/SERVICE_STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses the in-memory test renderer in production', async () => {
    const error = await bootFailure({
      ...BASE,
      ...SECRETS,
      NODE_ENV: 'production',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_RENDERER: 'memory',
    });
    expect(error.message).toMatch(/SERVICE_RENDERER/);
  });

  it('starts in staging with its settings, without the dev mailbox and without demo payments unless asked', async () => {
    const app = await startApp({
      ...BASE,
      ...SECRETS,
      NODE_ENV: 'staging',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
    });
    try {
      expect((await app.http().get('/dev/mailbox/')).status).toBe(404);
      expect((app.strapi.config.get('plugin::greeting-cards') as { demoPayments: boolean }).demoPayments).toBe(false);
    } finally {
      await app.stop();
    }
    const demo = await startApp({
      ...BASE,
      ...SECRETS,
      NODE_ENV: 'staging',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_DEMO_PAYMENTS: 'true',
    });
    try {
      expect((demo.strapi.config.get('plugin::greeting-cards') as { demoPayments: boolean }).demoPayments).toBe(true);
    } finally {
      await demo.stop();
    }
  });
});
