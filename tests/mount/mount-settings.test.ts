import { bootFailure, QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { fromEnvironment } from '../../plugins/greeting-cards/server/src/platform/config/settings';
import { validateConfig } from '../../plugins/greeting-cards/server/src/platform/config/validate';
import { safeNext } from '../../plugins/greeting-cards/server/src/platform/web/safe-next';

// The mount-point and brand settings refuse what could break out of their place: a colour that would
// inject CSS, paths that are not plain paths, an override folder that does not exist.

const refused = (env: Record<string, string>): string => {
  try {
    validateConfig(fromEnvironment(env));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('mount point and brand settings', () => {
  it('has the spec paths as defaults, and a static path that is not /static', () => {
    const c = validateConfig(fromEnvironment({}));
    expect(c).toMatchObject({
      apiPrefix: '/api',
      storefrontBasePath: '/',
      storefrontEnabled: true,
      staticPath: '/greeting-cards/static',
      viewsDir: '',
    });
    expect(
      validateConfig(
        fromEnvironment({
          SERVICE_ACCENT_COLOUR: '#1D5C63',
          SERVICE_STOREFRONT_BASE_PATH: '/shop/',
          SERVICE_API_PREFIX: '/api/greeting-cards',
        }),
      ),
    ).toMatchObject({
      accentColour: '#1D5C63',
      storefrontBasePath: '/shop/',
      apiPrefix: '/api/greeting-cards',
    });
  });

  it.each([
    'red; } body { display: none',
    '#a3214f; background: url(https://evil.example/x)',
    'expression(alert(1))',
    'red',
    '#12345',
    '',
  ])('refuses the accent colour %j (only #rgb or #rrggbb reaches the page CSS)', (value) => {
    expect(refused({ SERVICE_ACCENT_COLOUR: value || ' ' })).toContain(
      'SERVICE_ACCENT_COLOUR (accentColour) must be a hex colour',
    );
  });

  it.each([
    ['SERVICE_STOREFRONT_BASE_PATH', 'shop'],
    ['SERVICE_STOREFRONT_BASE_PATH', '/shop/../admin'],
    ['SERVICE_STOREFRONT_BASE_PATH', '//evil.example'],
    ['SERVICE_STOREFRONT_BASE_PATH', '/shop?x=1'],
    ['SERVICE_API_PREFIX', '/'],
    ['SERVICE_STATIC_PATH', '/'],
    ['SERVICE_STATIC_PATH', '/a b'],
    ['SERVICE_LOGO_URL', 'javascript:alert(1)'],
    ['SERVICE_LOGO_URL', '//evil.example/logo.svg'],
  ])('refuses %s=%j', (name, value) => {
    expect(refused({ [name]: value })).toContain(name);
  });

  it("judges next against the shop's base path: its sign-in pages refused, its library the fallback", () => {
    expect(safeNext('/shop/orders/x/', '/shop')).toBe('/shop/orders/x/');
    expect(safeNext('/shop/login/', '/shop')).toBe('/shop/library/');
    expect(safeNext('//evil.example/', '/shop')).toBe('/shop/library/');
    expect(safeNext('/SHOP/Register/?next=/x', '/shop')).toBe('/shop/library/');
    // Another path of the same site is the host's and stays allowed.
    expect(safeNext('/login/', '/shop')).toBe('/login/');
  });

  it('refuses to boot with an override folder that does not exist, naming it', async () => {
    const error = await bootFailure({ ...QUIET_APP, SERVICE_VIEWS_DIR: 'tests/fixtures/no-such-folder' });
    expect(error.message).toMatch(
      /SERVICE_VIEWS_DIR \(viewsDir\) names .*tests\/fixtures\/no-such-folder, which is not a folder/,
    );
  });

  describe('with the storefront off', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startApp({ ...QUIET_APP, SERVICE_STOREFRONT_ENABLED: 'false' });
    });
    afterAll(async () => {
      await app?.stop();
    });

    it('mounts no shop pages; the API, the view page e-mails link to, the admin designer and the static files stay', async () => {
      expect((await app.http().get('/')).headers.location).toBe('/admin');
      for (const page of ['/catalogue/', '/login/', '/cart/', '/editor/'])
        expect([page, (await app.http().get(page)).status]).toEqual([page, 404]);
      expect((await app.http().get('/api/templates/')).status).toBe(200);
      // Our page (an unknown token's 404 page), not Strapi's bare 404.
      const view = await app.http().get('/cards/view/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/');
      expect(view.status).toBe(404);
      expect(view.headers['content-type']).toMatch(/html/);
      expect((await app.http().get('/greeting-cards/designer/?embed=admin')).status).toBe(200);
      expect((await app.http().get('/editor/design/?embed=admin')).status).toBe(404);
      expect((await app.http().get('/greeting-cards/static/css/shop.css')).status).toBe(200);
    });
  });
});
