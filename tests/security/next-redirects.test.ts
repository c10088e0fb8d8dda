import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { postForm } from '../web/session';
import { safeNext } from '../../plugins/greeting-cards/server/src/platform/web/safe-next';

// Security round 2, item 3: `next` after sign-in is judged after URL normalisation. A value that only
// becomes "//host" once dot segments are resolved (/.//, /%2e//, /a/..//) or that holds a backslash
// (raw or encoded) must never reach the Location header as another origin.
const TRICKS = [
  '/.//evil.example/x',
  '/%2e//evil.example/x',
  '/%2E//evil.example/x',
  '/a/..//evil.example/x',
  '/a/%2e%2e//evil.example/x',
  '/././/evil.example',
  '/.\\/evil.example',
  '/\\/evil.example',
  '/%5c/evil.example',
  '/%5C%5Cevil.example',
  '/%2f/evil.example',
  '/%2F%2Fevil.example',
  '/.%2f/evil.example',
  '//evil.example',
  '///evil.example',
  '/\t/evil.example',
  'https:evil.example',
  '/login/../..//evil.example',
  '/LOGIN/',
];

/** What a browser does with a Location header: resolve it against the page it came from. */
const landsOn = (location: string) => new URL(location, 'https://cards.example.test/login/').origin;

describe('security: next after sign-in is normalised before it is judged', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(QUIET_APP, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
  });

  it.each(TRICKS)('safeNext(%j) stays on this site', (raw) => {
    const next = safeNext(raw);
    expect(next.startsWith('/')).toBe(true);
    expect(next).not.toMatch(/^\/[/\\]/);
    expect(landsOn(next)).toBe('https://cards.example.test');
    // Judged once more, the answer does not change (nothing left for a second normalisation to undo).
    expect(safeNext(next)).toBe(next);
  });

  it('keeps ordinary paths, with their query, after normalising them', () => {
    expect(safeNext('/orders/abc/?x=1')).toBe('/orders/abc/?x=1');
    expect(safeNext('/a/../orders/')).toBe('/orders/');
    expect(safeNext('/./cart/')).toBe('/cart/');
  });

  it.each(TRICKS)('GET /login/?next=%j for a signed-in shopper redirects on this site', async (next) => {
    const res = await app
      .http()
      .get(`/login/?next=${encodeURIComponent(next)}`)
      .set('Cookie', `gc_session=${user.token}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).not.toMatch(/^\/[/\\]/);
    expect(landsOn(res.headers.location)).toBe('https://cards.example.test');
  });

  it('the raw query (not only an encoded one) is judged the same way', async () => {
    const res = await app.http().get('/login/?next=/.//evil.example/x').set('Cookie', `gc_session=${user.token}`);
    expect(res.status).toBe(302);
    expect(landsOn(res.headers.location)).toBe('https://cards.example.test');
  });

  it.each(TRICKS)('POST /login/ with next=%j redirects on this site', async (next) => {
    const res = await postForm(app, '/login/', { identifier: user.email, password: 'correct-horse-battery', next });
    expect(res.status).toBe(303);
    expect(res.headers.location).not.toMatch(/^\/[/\\]/);
    expect(landsOn(res.headers.location)).toBe('https://cards.example.test');
  });

  it('POST /register/ with a disguised next redirects on this site', async () => {
    for (const [i, next] of ['/.//evil.example/x', '/%2e//evil.example/x', '/a/..//evil.example/x'].entries()) {
      const res = await postForm(app, '/register/', {
        email: `next.${i}@example.test`,
        username: `Next Person ${i}`,
        password: 'a-long-password',
        next,
      });
      expect(res.status).toBe(303);
      expect(landsOn(res.headers.location)).toBe('https://cards.example.test');
    }
  });
});
