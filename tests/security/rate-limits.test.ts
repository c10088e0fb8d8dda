import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';

// Issue 9, item 7: per-user and per-IP limits on writes and renders, answered 429 with Retry-After.
// The limits are small here so the test reaches them; SERVICE_CORS_ORIGINS (item 10) is checked too.
// @coverage-on postgres (the limits' shared PostgreSQL store is checked there only: tests/helpers/lane-sequencer.js)
describe('rate limits', () => {
  let app: TestApp;
  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_WRITES_PER_USER: '3',
      SERVICE_RATE_LIMIT_WRITES_PER_IP: '100',
      SERVICE_RATE_LIMIT_RENDERS_PER_IP: '2',
      SERVICE_CORS_ORIGINS: 'https://shop.example.test, https://admin.example.test/',
    },
    (booted) => {
      app = booted;
    },
  );

  it('limits card creation per user: 429 with detail and Retry-After, other users unaffected', async () => {
    const busy = await createUser(app.strapi);
    for (let i = 0; i < 3; i++)
      expect(
        (
          await app
            .http()
            .post('/api/cards/')
            .set(busy.auth)
            .send({ title: `Card ${i}` })
        ).status,
      ).toBe(201);
    const limited = await app.http().post('/api/cards/').set(busy.auth).send({ title: 'One too many' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/Too many requests/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await app.strapi.db.query('plugin::greeting-cards.card').count({ where: { owner: { id: busy.id } } })).toBe(
      3,
    );
    // Reads are not limited, and another shopper still gets through.
    expect((await app.http().get('/api/cards/').set(busy.auth)).status).toBe(200);
    const calm = await createUser(app.strapi);
    expect((await app.http().post('/api/cards/').set(calm.auth).send({ title: 'Mine' })).status).toBe(201);
  });

  it('limits the public view page per IP', async () => {
    expect((await app.http().get('/cards/view/no-such-token/')).status).toBe(404);
    expect((await app.http().get('/cards/view/no-such-token/card.pdf')).status).toBe(404);
    const limited = await app.http().get('/cards/view/no-such-token/');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/Too many requests/) });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('keeps its counters in the database on PostgreSQL, so every instance shares them', async () => {
    if (app.db.kind !== 'postgres') return;
    const rows = await app.strapi.db.connection('gc_rate_limits').count({ n: '*' });
    expect(Number(rows[0].n)).toBeGreaterThan(0);
  });

  it('grants CORS credentials to the origins of SERVICE_CORS_ORIGINS only', async () => {
    const shop = await app.http().get('/api/templates/').set('Origin', 'https://admin.example.test');
    expect(shop.headers['access-control-allow-origin']).toBe('https://admin.example.test');
    const local = await app.http().get('/api/templates/').set('Origin', 'http://localhost:1337');
    expect(local.headers['access-control-allow-origin']).toBeUndefined();
  });
});
