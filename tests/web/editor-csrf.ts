import type { TestApp } from '../helpers/strapi';

/**
 * The CSRF token a signed-in shopper's pages carry (<meta name="csrf-token">), read the way browser
 * code reads it: from a page, so tests do not depend on how the token is made.
 */
export async function csrfTokenOfPage(app: TestApp, sessionToken: string): Promise<string> {
  const page = await app.http().get('/editor/').set('Cookie', `gc_session=${sessionToken}`).redirects(0);
  const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.text)?.[1];
  if (!token) throw new Error(`no CSRF token on /editor/ (status ${page.status})`);
  return token;
}
