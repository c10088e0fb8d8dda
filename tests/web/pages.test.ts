import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { htmx, metaCsrf, webSession, WebSession } from './session';

// Full page versus htmx partial on every htmx route, and the pages around them, on a real Strapi.
describe('storefront pages', () => {
  let app: TestApp;
  let user: TestUser;
  let s: WebSession;
  appForSuite({ SERVICE_RENDERER: 'memory', SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false' }, async (booted) => {
    app = booted;
    user = await createUser(app.strapi, { username: 'Robin Page' });
    s = await webSession(app, user);
  });

  const isFullPage = (html: string) => html.startsWith('<!doctype html>') && html.includes('<meta name="csrf-token"');

  // Browsers ask for it on every page; without the file Strapi's favicon middleware answered 500.
  it('serves the shop icon at /favicon.ico', async () => {
    const res = await app.http().get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });

  it('home lists occasions and popular templates', async () => {
    const res = await app.http().get('/');
    expect(res.status).toBe(200);
    expect(isFullPage(res.text)).toBe(true);
    expect(res.text).toContain('href="/catalogue/?occasion=birthday"');
    expect(res.text).toContain('href="/templates/snowy-christmas/"');
    expect(res.text).toContain('<script src="/greeting-cards/static/vendor/htmx.min.js');
    expect(res.text).not.toMatch(/<script>|<script[^>]*>[^<]+<\/script>|\son[a-z]+=/i);
    // The progress bar htmx shows while a request runs.
    expect(res.text).toContain('hx-indicator="#progress"');
    expect(res.text).toMatch(/<div id="progress" class="progress htmx-indicator"/);
  });

  it('catalogue: full page normally, only the grid partial with the count under htmx', async () => {
    const full = await app.http().get('/catalogue/?occasion=birthday');
    expect(full.status).toBe(200);
    expect(isFullPage(full.text)).toBe(true);
    expect(full.text).toContain('Find the right card');
    expect(full.headers.vary).toMatch(/HX-Request/i);

    const partial = await app.http().get('/catalogue/?occasion=birthday').set('HX-Request', 'true');
    expect(partial.status).toBe(200);
    expect(isFullPage(partial.text)).toBe(false);
    expect(partial.text.trim().startsWith('<div id="catalogue-results"')).toBe(true);
    expect(partial.text).toContain('3 cards for Birthday');
    expect(partial.text).toContain('Balloon Party');
    expect(partial.text).not.toContain('Snowy Christmas');

    const styled = await app.http().get('/catalogue/?occasion=birthday&style=luxury').set('HX-Request', 'true');
    expect(styled.text).toContain('1 card for Birthday in Luxury style');
    expect(styled.text).toContain('Classic Gold Birthday');
    expect(styled.text).toContain('Premium');
  });

  it('template page shows the preview, occasion, premium badge and the Personalise link', async () => {
    const res = await app.http().get('/templates/classic-gold-birthday/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Classic Gold Birthday');
    expect(res.text).toContain('class="badge badge-premium"');
    expect(res.text).toContain('href="/catalogue/?occasion=birthday">Birthday</a>');
    expect(res.text).toContain('href="/editor/template/classic-gold-birthday/"');
    expect(res.text).toMatch(
      /aria-label="Preview of the card “Classic Gold Birthday”"|alt="Preview of the card “Classic Gold Birthday”"/,
    );
    const missing = await app.http().get('/templates/no-such-card/');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page not found');
  });

  it('library tabs: full page, and the grid partial under htmx; empty states say what to do', async () => {
    const full = await app.http().get('/library/?type=sent').set('Cookie', s.cookie);
    expect(full.status).toBe(200);
    expect(isFullPage(full.text)).toBe(true);
    const partial = await app.http().get('/library/?type=sent').set(htmx(s));
    expect(partial.status).toBe(200);
    expect(isFullPage(partial.text)).toBe(false);
    expect(partial.text.trim().startsWith('<div id="library-panel"')).toBe(true);
    expect(partial.text).toContain('Nothing sent yet');

    const card = await app.http().post('/api/cards/').set(user.auth).send({ title: 'Pinned one' });
    await app.http().post('/api/cards/').set(user.auth).send({ title: 'Plain one' });
    await app.http().post(`/api/cards/${card.body.id}/favorite/`).set(user.auth).send({});
    const all = await app.http().get('/library/').set(htmx(s));
    expect(all.text.indexOf('Pinned one')).toBeGreaterThan(-1);
    expect(all.text.indexOf('Pinned one')).toBeLessThan(all.text.indexOf('Plain one'));
    expect(all.text).toContain('is-pinned');
    // Each of the shopper's own cards opens in the editor.
    expect(all.text).toContain(`href="/editor/${card.body.id}/"`);
  });

  it('pinning a card from the library swaps the panel with the card moved to the top', async () => {
    const plain = (await app.http().get('/api/cards/').set(user.auth)).body.results.find(
      (c: { title: string }) => c.title === 'Plain one',
    );
    const pinned = await app
      .http()
      .post(`/library/${plain.id}/favorite/`)
      .set(htmx(s))
      .type('form')
      .send({ favorite: 'true', type: '' });
    expect(pinned.status).toBe(200);
    expect(pinned.text.trim().startsWith('<div id="library-panel"')).toBe(true);
    expect(pinned.text).toContain('Pinned to the top of your library.');
    const unpinOther = await app
      .http()
      .post('/library/999999/favorite/')
      .set(htmx(s))
      .type('form')
      .send({ favorite: 'true' });
    expect(unpinOther.status).toBe(400);
    const stranger = await createUser(app.strapi);
    const theirs = await app.http().post('/api/cards/').set(stranger.auth).send({ title: 'Not yours' });
    const foreign = await app
      .http()
      .post(`/library/${theirs.body.id}/favorite/`)
      .set(htmx(s))
      .type('form')
      .send({ favorite: 'true' });
    expect(foreign.status).toBe(400);
    expect(foreign.text).not.toContain('Not yours');
    const unpinned = await app
      .http()
      .post(`/library/${plain.id}/favorite/`)
      .set(htmx(s))
      .type('form')
      .send({ favorite: 'false' });
    expect(unpinned.text.indexOf('Pinned one')).toBeLessThan(unpinned.text.indexOf('Plain one'));
  });

  it('recipients: add and delete answer the panel partial; the system entry cannot be deleted', async () => {
    const page = await app.http().get('/recipients/').set('Cookie', s.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain(user.email);
    expect(page.text).toContain('From your account');

    const bad = await app
      .http()
      .post('/recipients/add/')
      .set(htmx(s))
      .type('form')
      .send({ first_name: 'Ada', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.text.trim().startsWith('<div id="recipients-panel"')).toBe(true);
    expect(bad.text).toContain('Enter a valid email address.');

    // The time zone field offers the zone list and checks what is typed.
    expect(page.text).toContain('<option value="Pacific/Auckland">');
    const badZone = await app
      .http()
      .post('/recipients/add/')
      .set(htmx(s))
      .type('form')
      .send({ first_name: 'Ada', time_zone: 'Atlantis' });
    expect(badZone.status).toBe(400);
    expect(badZone.text).toContain('Enter an IANA time zone such as Europe/London or Pacific/Auckland.');

    const added = await app
      .http()
      .post('/recipients/add/')
      .set(htmx(s))
      .type('form')
      .send({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', time_zone: 'America/New_York' });
    expect(added.status).toBe(200);
    expect(isFullPage(added.text)).toBe(false);
    expect(added.text).toContain('Ada Lovelace');
    expect(added.text).toContain(' · America/New_York');
    expect(added.text).toContain('hx-swap-oob="true"');

    const list = await app.http().get('/api/recipients/').set(user.auth);
    const ada = list.body.results.find((r: { email: string }) => r.email === 'ada@example.test');
    const me = list.body.results.find((r: { is_system_user: boolean }) => r.is_system_user);
    const gone = await app.http().delete(`/recipients/${ada.id}/delete/`).set(htmx(s));
    expect(gone.status).toBe(200);
    expect(gone.text.trim().startsWith('<div id="recipients-panel"')).toBe(true);
    expect(gone.text).not.toContain('Ada Lovelace');

    const refused = await app.http().delete(`/recipients/${me.id}/delete/`).set(htmx(s));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(user.email);
    expect(
      (await app.http().get('/api/recipients/').set(user.auth)).body.results.some(
        (r: { id: number }) => r.id === me.id,
      ),
    ).toBe(true);
  });

  it('recipients without JavaScript: a plain form post redirects back to the page', async () => {
    const res = await app
      .http()
      .post('/recipients/add/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf, first_name: 'Grace', email: 'grace@example.test' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/recipients/');
  });

  it('recipients: 100 a page with a pager; tagging ticked entries keeps the page and the group', async () => {
    const owner = await createUser(app.strapi);
    const ws = await webSession(app, owner);
    const csv = `First name,Email\n${Array.from({ length: 120 }, (_, i) => `P${String(i).padStart(3, '0')},p${i}@example.test`).join('\n')}\n`;
    await app
      .http()
      .post('/api/recipients/import/')
      .set(owner.auth)
      .attach('file', Buffer.from(csv), 'contacts.csv')
      .expect(200);
    const first = await app.http().get('/recipients/').set('Cookie', ws.cookie);
    const { count } = (await app.http().get('/api/recipients/').set(owner.auth)).body;
    expect(first.text).toContain(`Your contacts (${count})`);
    expect(first.text).toContain('Page 1 of 2');
    const second = await app.http().get('/recipients/?page=2').set('Cookie', ws.cookie);
    expect(second.text).toContain('Page 2 of 2');
    expect(second.text).toContain('P119');
    expect(second.text).not.toContain('P000');

    const onSecond = (await app.http().get('/api/recipients/?page=2&page_size=100').set(owner.auth)).body
      .results as Array<{ id: number; first_name: string }>;
    const ids = onSecond.filter((r) => ['P118', 'P119'].includes(r.first_name)).map((r) => r.id);
    const plain = await app
      .http()
      .post('/recipients/tag/')
      .set('Cookie', ws.cookie)
      .type('form')
      .send({ _csrf: ws.csrf, ids, tag: ' family ', op: 'add', filter_page: '2' });
    expect(plain.status).toBe(303);
    expect(plain.headers.location).toBe('/recipients/?page=2');
    const family = await app.http().get('/recipients/?tag=Family').set('Cookie', ws.cookie);
    expect(family.text).toContain('family (2)');
    expect(family.text).not.toContain('Page 1 of');

    const removed = await app
      .http()
      .post('/recipients/tag/')
      .set(htmx(ws))
      .type('form')
      .send({ ids: [ids[0]], tag: 'FAMILY', op: 'remove', filter_tag: 'family' });
    expect(removed.status).toBe(200);
    expect(removed.text).toContain('family (1)');
    expect(removed.text).toContain('Removed &quot;FAMILY&quot; from 1 entry.');
    const nothing = await app
      .http()
      .post('/recipients/tag/')
      .set(htmx(ws))
      .type('form')
      .send({ tag: 'Family', op: 'add' });
    expect(nothing.status).toBe(400);
    expect(nothing.text).toContain('Tick the entries to tag first.');
    // Another user's entry is not tagged: it is left out as if it did not exist.
    const foreign = await app
      .http()
      .post('/recipients/tag/')
      .set(htmx(s))
      .type('form')
      .send({ ids: [ids[1]], tag: 'Mine', op: 'add' });
    expect(foreign.text).toContain('to 0 entries');
    expect((await app.http().get(`/api/recipients/${ids[1]}/`).set(owner.auth)).body.tags).toEqual(['family']);
  });

  it('reminders: add and delete swap the panel; the list links to the occasion in the catalogue', async () => {
    const full = await app.http().get('/reminders/').set('Cookie', s.cookie);
    expect(full.status).toBe(200);
    expect(isFullPage(full.text)).toBe(true);
    const bad = await app
      .http()
      .post('/reminders/add/')
      .set(htmx(s))
      .type('form')
      .send({ type: 'birthday', event_date: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter a real date as YYYY-MM-DD.');
    const added = await app
      .http()
      .post('/reminders/add/')
      .set(htmx(s))
      .type('form')
      .send({ type: 'custom', occasion: 'wedding', title: 'Sam and Alex wed', event_date: '2030-06-01' });
    expect(added.status).toBe(200);
    expect(added.text.trim().startsWith('<div id="reminders-panel"')).toBe(true);
    expect(added.text).toContain('Sam and Alex wed');
    expect(added.text).toContain('href="/catalogue/?occasion=wedding"');
    const id = (await app.http().get('/api/reminders/').set(user.auth)).body.results[0].id;
    const gone = await app.http().delete(`/reminders/${id}/delete/`).set(htmx(s));
    expect(gone.status).toBe(200);
    expect(gone.text).not.toContain('Sam and Alex wed');
  });

  it('static files: htmx and the stylesheet with a long cache; no traversal, no listing', async () => {
    const js = await app.http().get('/static/vendor/htmx.min.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toMatch(/max-age=31536000/);
    const css = await app.http().get('/static/css/shop.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    for (const path of [
      '/static/',
      '/static/css/',
      '/static/..%2fpackage.json',
      '/static/%2e%2e/package.json',
      '/static/css/../../package.json',
      '/static/.hidden.css',
    ]) {
      // A path with no file of ours falls through to the host's public folder (strapi::public), which
      // answers 404, or 403 for a path leaving the folder: never a file from outside either.
      const res = await app.http().get(path);
      expect([path, [403, 404].includes(res.status)]).toEqual([path, true]);
      expect(res.text).not.toContain('"devDependencies"');
    }
  });

  it('GET /api/gift_addons/ lists active add-ons with prices, publicly, in the list format', async () => {
    const res = await app.http().get('/api/gift_addons/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ next: null, previous: null });
    expect(res.body.count).toBeGreaterThan(0);
    expect(res.body.results[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), name: expect.any(String), price_pence: expect.any(Number) }),
    );
  });

  it('every page carries the CSRF token for its session in <meta> and in hx-headers', async () => {
    const page = await app.http().get('/recipients/').set('Cookie', s.cookie);
    expect(metaCsrf(page.text)).toBe(s.csrf);
    expect(page.text).toContain(`hx-headers='{"X-CSRF-Token": "${s.csrf}"}'`);
    const anon = await app.http().get('/');
    expect(metaCsrf(anon.text)).toBe('');
  });
});
