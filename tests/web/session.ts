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
