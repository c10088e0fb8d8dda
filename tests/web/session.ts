import type { TestApp } from '../helpers/strapi';
import type { TestUser } from '../helpers/users';

// A signed-in browser, as far as supertest can be one: the session cookie, and the CSRF token read
// from the page's <meta name="csrf-token"> exactly as the shop's scripts read it.

export interface WebSession {
  cookie: string;
  csrf: string;
}

export function metaCsrf(html: string): string {
  const match = /<meta name="csrf-token" content="([^"]*)">/.exec(html);
  if (!match) throw new Error('page has no csrf-token meta tag');
  return match[1];
}

export async function webSession(app: TestApp, user: TestUser): Promise<WebSession> {
  const cookie = `gc_session=${user.token}`;
  const page = await app.http().get('/library/').set('Cookie', cookie);
  if (page.status !== 200) throw new Error(`library page answered ${page.status}`);
  return { cookie, csrf: metaCsrf(page.text) };
}

/** Headers of an htmx request from a signed-in page. */
export const htmx = (s: WebSession) => ({ Cookie: s.cookie, 'HX-Request': 'true', 'X-CSRF-Token': s.csrf });

/** What a browser holds after opening an anonymous form page (sign-in, registration): its cookies and the form's token. */
export interface FormVisit {
  cookie: string;
  csrf: string;
}

/** Opens an anonymous form page the way a browser does and keeps what the page set for the form's POST. */
export async function openForm(app: TestApp, path = '/login/'): Promise<FormVisit> {
  const page = await app.http().get(path);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const setCookies = (page.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  const field = /<input type="hidden" name="_csrf" value="([^"]*)">/.exec(page.text);
  if (!field) throw new Error(`${path} has no _csrf field`);
  return { cookie, csrf: field[1] };
}

/** Posts an anonymous form (sign-in, registration) as the page a browser opened first would. */
export async function postForm(
  app: TestApp,
  path: string,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const visit = await openForm(app, path);
  const req = app.http().post(path).type('form');
  if (visit.cookie) req.set('Cookie', visit.cookie);
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req.send({ _csrf: visit.csrf, ...fields });
}
