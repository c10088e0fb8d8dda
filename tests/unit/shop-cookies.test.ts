import * as fs from 'fs';
import * as path from 'path';
import { SHOP_COOKIES } from '../../plugins/greeting-cards/server/src/platform/web/cookies';
import { SESSION_COOKIE } from '../../plugins/greeting-cards/server/src/platform/http/auth';
import { LOCALE_COOKIE } from '../../plugins/greeting-cards/server/src/platform/i18n/locales';
import { PRE_SESSION_COOKIE } from '../../plugins/greeting-cards/server/src/platform/web/pre-session';
import { PROVIDER_NEXT_COOKIE } from '../../plugins/greeting-cards/server/src/platform/web/cookies';
import { SIGNATURE_COOKIE_PREFIX } from '../../plugins/greeting-cards/server/src/platform/http/edit-tokens';
import { renderBody } from '../../plugins/greeting-cards/server/src/areas/catalogue/legal/render-body';

// The privacy page lists SHOP_COOKIES (platform/web/cookies.ts); every cookie the server sets must be on
// that list, so the page cannot drift from the code.
const SRC = path.join(__dirname, '../../plugins/greeting-cards/server/src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|js)$/.test(e.name) ? [full] : [];
  });
}

/** What the name argument of each `cookies.set(` call in the server code evaluates to. */
const NAME_OF: Record<string, string> = {
  SESSION_COOKIE,
  LOCALE_COOKIE,
  PRE_SESSION_COOKIE,
  PROVIDER_NEXT_COOKIE,
  'cookieName(signatureId)': `${SIGNATURE_COOKIE_PREFIX}<id>`,
};

describe('the cookies the shop sets', () => {
  const listed = SHOP_COOKIES.map((c) => c.name as string);

  it('every cookies.set( call names a cookie on the list, through a known constant', () => {
    const calls = sourceFiles(SRC).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/cookies\.set\(\s*([^,]+),/g)].map((m) => ({
        file: path.relative(SRC, file),
        arg: m[1].trim(),
      })),
    );
    expect(calls.length).toBeGreaterThanOrEqual(6);
    for (const call of calls) {
      const literal = /^['"`]([^'"`]*)['"`]$/.exec(call.arg)?.[1];
      const name = literal ?? NAME_OF[call.arg];
      expect({ ...call, name, listed: name !== undefined && listed.includes(name) }).toEqual({
        ...call,
        name,
        listed: true,
      });
    }
  });

  it('lists each cookie once, with a purpose and a lifetime', () => {
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toEqual(expect.arrayContaining(['gc_session', 'gc_locale', 'gc_presession', 'gc_sig_<id>']));
    for (const c of SHOP_COOKIES)
      expect([c.purpose, c.lifetime].every((k) => k.startsWith('shop.cookies.'))).toBe(true);
  });
});

describe("a legal page's body", () => {
  it('escapes every tag an editor types and keeps only safe links', () => {
    const html = renderBody(
      '## Hi <b>there</b>\n\n<script>alert(1)</script> [ok](https://example.test/a?b=1&c=2) [bad](javascript:alert(1))\n\n- one\n- <img src=x onerror=alert(1)>',
    );
    expect(html).toBe(
      '<h2>Hi &lt;b&gt;there&lt;/b&gt;</h2>\n' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; <a href="https://example.test/a?b=1&amp;c=2">ok</a> [bad](javascript:alert(1))</p>\n' +
        '<ul><li>one</li><li>&lt;img src=x onerror=alert(1)&gt;</li></ul>',
    );
  });
});
