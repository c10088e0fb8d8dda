import { startApp, TestApp } from '../helpers/strapi';

// This repository's host keeps the raw body for the plugin's webhook (tests/orders/webhooks.test.ts posts
// real signed events through it); tests/foundation/raw-body-config.test.ts covers hosts that do not.
describe('what the plugin needs from its host', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false' });
  });
  afterAll(() => app.stop());

  it("has includeUnparsed on strapi::body in the host's own config", () => {
    const middlewares = app.strapi.config.get('middlewares') as unknown[];
    expect(middlewares).toContainEqual({ name: 'strapi::body', config: { includeUnparsed: true } });
  });

  it('reports e-mail and a Chromium that starts', async () => {
    const health = await app.strapi.plugin('greeting-cards').service('host').health();
    expect(health.email.ok).toBe(true);
    expect(health.email.detail).toMatch(/mailbox|SMTP/);
    expect(health.renderer.ok).toBe(true);
    expect(health.renderer.detail).toMatch(/Chrom/);
  });
});
