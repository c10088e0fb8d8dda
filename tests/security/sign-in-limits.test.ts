import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { postForm } from '../web/session';

// Security round 2, item 1: sign-in, registration and password reset are limited per identifier and
// per IP by the plugin's own limiter, whatever other fields the body carries (users-permissions' own
// limiter keys on body.email, so a new `email` field gave the /login/ form a fresh counter each time).
// The JSON routes of users-permissions (/api/auth/local...) share the same counters.

const LIMITED = { SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory', SERVICE_RATE_LIMIT_ENABLED: 'true' };

const wrongLogin = (app: TestApp, identifier: string, extra: Record<string, string> = {}) =>
  postForm(app, '/login/', { identifier, password: 'not-the-password', ...extra });

describe('security: sign-in is limited per identifier', () => {
  let app: TestApp;
  let user: TestUser;
  let other: TestUser;
  appForSuite(
    { ...LIMITED, SERVICE_RATE_LIMIT_AUTH_PER_IDENTIFIER: '3', SERVICE_RATE_LIMIT_AUTH_PER_IP: '1000' },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
      other = await createUser(app.strapi);
    },
  );

  it('counts /login/ attempts per identifier whatever `email` field each one adds', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await wrongLogin(app, user.email, { email: `fresh-${i}@example.test` });
      expect(res.status).toBe(400);
    }
    const limited = await wrongLogin(app, user.email.toUpperCase(), { email: 'another-fresh@example.test' });
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/html/);
    expect(limited.text).toContain('Too many attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The right password is no way around it, and no session is handed out.
    const right = await postForm(app, '/login/', { identifier: user.email, password: 'correct-horse-battery' });
    expect(right.status).toBe(429);
    expect(String(right.headers['set-cookie'] ?? '')).not.toMatch(/gc_session=[^;]/);
  });

  it("the JSON route /api/auth/local shares the counter and answers in Strapi's format", async () => {
    const res = await app
      .http()
      .post('/api/auth/local')
      .send({ identifier: user.email, password: 'correct-horse-battery', email: 'x@example.test' });
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual(expect.objectContaining({ status: 429, name: 'RateLimitError' }));
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body.jwt).toBeUndefined();
  });

  it('limits /api/auth/local per identifier on its own, and leaves other identifiers alone', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await app
            .http()
            .post('/API/auth/local/')
            .send({ identifier: other.username, password: 'wrong', email: `f${i}@example.test` })
        ).status,
      ).toBe(400);
    }
    expect(
      (await app.http().post('/api/auth/local').send({ identifier: other.username, password: 'correct-horse-battery' }))
        .status,
    ).toBe(429);
    expect((await wrongLogin(app, other.username)).status).toBe(429);
    const fresh = await createUser(app.strapi);
    const ok = await app
      .http()
      .post('/api/auth/local')
      .send({ identifier: fresh.email, password: 'correct-horse-battery' });
    expect(ok.status).toBe(200);
    expect(ok.body.jwt).toEqual(expect.any(String));
  });

  it('limits registration and password reset per e-mail address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await app.http().post('/api/auth/forgot-password').send({ email: 'Reset.Me@example.test' })).status).toBe(
        200,
      );
    }
    expect((await app.http().post('/api/auth/forgot-password').send({ email: 'reset.me@example.test' })).status).toBe(
      429,
    );
    expect(
      (
        await postForm(app, '/register/', {
          email: 'reset.me@example.test',
          username: 'Reset Me',
          password: 'a-long-password',
        })
      ).status,
    ).toBe(429);
    expect(
      (
        await app
          .http()
          .post('/api/auth/local/register')
          .send({ email: 'RESET.ME@example.test', username: 'resetme', password: 'a-long-password' })
      ).status,
    ).toBe(429);
  });
});

describe('security: sign-in, registration and password reset are limited per IP', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(
    { ...LIMITED, SERVICE_RATE_LIMIT_AUTH_PER_IDENTIFIER: '1000', SERVICE_RATE_LIMIT_AUTH_PER_IP: '4' },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
    },
  );

  it('counts every kind of attempt from one address together, through pages and API alike', async () => {
    expect((await wrongLogin(app, 'guess-1@example.test')).status).toBe(400);
    expect(
      (await app.http().post('/api/auth/local').send({ identifier: 'guess-2@example.test', password: 'x' })).status,
    ).toBe(400);
    expect(
      (await postForm(app, '/register/', { email: 'short@example.test', username: 'Shorty', password: 'short' }))
        .status,
    ).toBe(400);
    expect((await app.http().post('/api/auth/forgot-password').send({ email: 'guess-3@example.test' })).status).toBe(
      200,
    );
    // The fifth, whichever route and identifier it uses, is refused.
    expect((await wrongLogin(app, 'guess-4@example.test')).status).toBe(429);
    expect(
      (
        await app
          .http()
          .post('/api/auth/reset-password')
          .send({ code: 'x', password: 'a-long-password', passwordConfirmation: 'a-long-password' })
      ).status,
    ).toBe(429);
    expect(
      (
        await app
          .http()
          .post('/api/auth/local/register')
          .send({ email: 'new@example.test', username: 'newbie', password: 'a-long-password' })
      ).status,
    ).toBe(429);
    expect(
      (await app.http().post('/api/auth/local').send({ identifier: user.email, password: 'correct-horse-battery' }))
        .status,
    ).toBe(429);
  });
});

describe("security: with the plugin's rate limits off, sign-in is not limited by it", () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(
    { SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory', SERVICE_RATE_LIMIT_AUTH_PER_IDENTIFIER: '1' },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
    },
  );

  it('lets repeated attempts through', async () => {
    for (let i = 0; i < 3; i++) expect((await wrongLogin(app, user.email)).status).toBe(400);
    expect(
      (await app.http().post('/api/auth/local').send({ identifier: user.email, password: 'correct-horse-battery' }))
        .status,
    ).toBe(200);
  });
});
