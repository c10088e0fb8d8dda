import { appForSuite, QUIET_APP, startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { getService } from '../../plugins/greeting-cards/server/src/platform/get-service';
import { openForm } from '../web/session';

// Security round 2, item 9: behind a proxy that ends TLS the session cookie must still be Secure.
// Koa decides ctx.secure (and ctx.ip) from X-Forwarded-* only when it trusts the proxy; in Strapi 5
// that is `proxy: { koa: true }` in config/server (the host app reads TRUST_PROXY). A shop whose public
// URL is https but which does not trust its proxy is warned about at boot.

const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith(`${name}=`));

describe('security: behind a trusted TLS proxy', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(
    {
      ...QUIET_APP,
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      TRUST_PROXY: 'true',
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_AUTH_PER_IP: '2',
    },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
    },
  );

  it('the host config makes Strapi trust the proxy', () => {
    expect((app.strapi.server.app as unknown as { proxy: boolean }).proxy).toBe(true);
  });

  it('marks the session and pre-session cookies Secure when the proxy says the request came over https', async () => {
    const https = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.1' };
    const page = await app.http().get('/login/').set(https);
    expect(cookieNamed(page, 'gc_presession')).toMatch(/; secure/i);
    const cookie = cookieNamed(page, 'gc_presession')!.split(';')[0];
    const csrf = /<input type="hidden" name="_csrf" value="([^"]+)">/.exec(page.text)![1];
    const res = await app
      .http()
      .post('/login/')
      .set(https)
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: csrf, identifier: user.email, password: 'correct-horse-battery' });
    expect(res.status).toBe(303);
    expect(cookieNamed(res, 'gc_session')).toMatch(/; secure/i);
  });

  it('takes the client address from the entry the proxy added, so a forged X-Forwarded-For is no way around a limit', async () => {
    const attempt = async (forwardedFor: string) => {
      const form = await openForm(app, '/login/');
      return app
        .http()
        .post('/login/')
        .set('X-Forwarded-For', forwardedFor)
        .set('Cookie', form.cookie)
        .type('form')
        .send({ _csrf: form.csrf, identifier: 'nobody@example.test', password: 'x' });
    };
    // The client writes whatever it likes first; the proxy appends the address it saw.
    expect((await attempt('10.0.0.1, 203.0.113.7')).status).toBe(400);
    expect((await attempt('10.0.0.2, 203.0.113.7')).status).toBe(400);
    expect((await attempt('10.0.0.3, 203.0.113.7')).status).toBe(429);
    expect((await attempt('203.0.113.8')).status).toBe(400);
  });

  it('reports the proxy as fine in the host health', async () => {
    expect((await getService(app.strapi, 'host').health()).proxy).toEqual({ ok: true, detail: expect.any(String) });
  });
});

describe('security: an https public URL without a trusted proxy', () => {
  let app: TestApp;
  const warnings: string[] = [];
  beforeAll(async () => {
    app = await startApp(
      { ...QUIET_APP, SERVICE_PUBLIC_URL: 'https://cards.example.test' },
      {
        beforeLoad: (strapi) => {
          const warn = strapi.log.warn.bind(strapi.log);
          strapi.log.warn = ((message: string, ...rest: unknown[]) => {
            warnings.push(String(message));
            return warn(message, ...rest);
          }) as typeof strapi.log.warn;
        },
      },
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('is warned about at boot, naming the setting to change', () => {
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/\[greeting-cards\].*https.*proxy: \{ koa: true \}/)]),
    );
  });

  it('is reported in the host health, and the cookie stays without Secure over plain http', async () => {
    const health = await getService(app.strapi, 'host').health();
    expect(health.proxy.ok).toBe(false);
    expect(health.proxy.detail).toMatch(/proxy: \{ koa: true \}/);
    // X-Forwarded-Proto from an untrusted peer is ignored: anyone could send it.
    const page = await app.http().get('/login/').set('X-Forwarded-Proto', 'https');
    expect(cookieNamed(page, 'gc_presession')).not.toMatch(/; secure/i);
  });

  it("says that Strapi 4's `proxy: true` is not read by Strapi 5", async () => {
    const before = app.strapi.config.get('server.proxy');
    app.strapi.config.set('server.proxy', true);
    try {
      expect((await getService(app.strapi, 'host').health()).proxy.detail).toMatch(/proxy: true.*Strapi 5/);
    } finally {
      app.strapi.config.set('server.proxy', before);
    }
  });
});
