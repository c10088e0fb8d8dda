import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

// The shop in English and German on a real Strapi: the language comes from the shop's pinned setting,
// then ?locale= (remembered in a cookie), then that cookie, then Accept-Language, then English. Pages
// say which (<html lang>, Content-Language, Vary), every text comes from the catalogue (no raw key
// leaks) and money, dates and numbers follow the language.
describe('shop language', () => {
  let app: TestApp;
  let user: TestUser;
  const NBSP = '\u00a0';
  appForSuite({ SERVICE_RENDERER: 'memory', SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false' }, async (booted) => {
    app = booted;
    user = await createUser(app.strapi, { username: 'Kim Sprache' });
    // One e-card in the basket, so the basket shows lines, money and totals.
    const auth = { Authorization: `Bearer ${user.token}` };
    const card = await app.http().post('/api/templates/balloon-party/personalize/').set(auth).send({});
    expect(card.status).toBe(201);
    const friend = await app
      .http()
      .post('/api/recipients/')
      .set(auth)
      .send({ first_name: 'Mia', email: 'mia@example.test' });
    expect(friend.status).toBe(201);
    const added = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(auth)
      .send({ card_id: card.body.id, recipient_id: friend.body.id, delivery_method: 'ecard' });
    expect(added.status).toBe(200);
  });

  const session = () => `gc_session=${user.token}`;
  const langOf = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];
  // A message key printed instead of its text ("shop.cart.title"), anywhere in the page.
  const rawKeys = (html: string) => html.match(/\bshop\.[a-zA-Z]+\.[a-zA-Z_.]+/g) ?? [];
  const localeCookie = (res: { headers: Record<string, unknown> }) =>
    ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('gc_locale='));

  const PAGES: Array<{ path: string; signedIn?: boolean; de: string[]; en: string[] }> = [
    {
      path: '/',
      de: ['Karten ansehen', 'Gerade beliebt', `E-Cards ab 2,99${NBSP}£`],
      en: ['Browse cards', 'Popular right now', 'E-cards from £2.99'],
    },
    {
      path: '/catalogue/?occasion=birthday',
      de: ['Finde die passende Karte', '3 Karten für Geburtstag', 'Luftballon-Party', 'Alle Anlässe'],
      en: ['Find the right card', '3 cards for Birthday', 'All occasions', 'Balloon Party'],
    },
    {
      path: '/templates/balloon-party/',
      de: ['Luftballon-Party', 'Gestalten', 'Postkarte:', `3,99${NBSP}£`],
      en: ['Balloon Party', 'Personalise', 'Posted card:', '£3.99'],
    },
    {
      path: '/cart/',
      signedIn: true,
      de: ['Dein Warenkorb', '1 Karte', ' an Mia', 'Gesamt', `2,99${NBSP}£`, 'Abmelden'],
      en: ['Your basket', '1 card', ' to Mia', 'Total', '£2.99', 'Sign out'],
    },
    {
      path: '/login/',
      de: ['E-Mail-Adresse oder Benutzername', 'Neu hier?'],
      en: ['E-mail address or username', 'New here?'],
    },
  ];

  it.each(PAGES)('$path answers in German to Accept-Language: de', async ({ path, signedIn, de, en }) => {
    const req = app.http().get(path).set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.5');
    if (signedIn) req.set('Cookie', session());
    const res = await req;
    expect(res.status).toBe(200);
    expect(langOf(res.text)).toBe('de');
    expect(res.headers['content-language']).toBe('de');
    expect(res.headers.vary).toMatch(/Accept-Language/i);
    expect(res.headers.vary).toMatch(/Cookie/i);
    for (const words of de) expect(res.text).toContain(words);
    for (const words of en) expect(res.text).not.toContain(words);
    expect(rawKeys(res.text)).toEqual([]);
    // Nothing was chosen, so nothing is remembered.
    expect(localeCookie(res)).toBeUndefined();
  });

  it.each(PAGES)('$path stays English without a language preference', async ({ path, signedIn, en }) => {
    const req = app.http().get(path);
    if (signedIn) req.set('Cookie', session());
    const res = await req;
    expect(langOf(res.text)).toBe('en');
    expect(res.headers['content-language']).toBe('en');
    for (const words of en) expect(res.text).toContain(words);
    expect(rawKeys(res.text)).toEqual([]);
  });

  // The rest of the signed-in shop: every page renders in German, with no raw key and no English heading.
  it.each([
    ['/library/', 'Alles, was du gestaltet, verschickt und bekommen hast', 'Everything you have made'],
    ['/orders/', 'Noch keine Bestellungen', 'No orders yet'],
    ['/recipients/', 'Jemanden hinzufügen', 'Add someone'],
    ['/recipients/import/', 'Kontakte importieren', 'Import contacts'],
    ['/reminders/', 'Erinnerung hinzufügen', 'Add a reminder'],
    ['/subscriptions/', 'Premium-Mitgliedschaft', 'Premium membership'],
    ['/group/', 'Du hast noch keine Gruppenkarte gestartet.', 'You have not started a group card yet.'],
    ['/group/new/', 'Gruppenkarte starten', 'Start a group card'],
  ])('%s answers in German', async (path, german, english) => {
    const res = await app.http().get(path).set('Accept-Language', 'de').set('Cookie', session());
    expect(res.status).toBe(200);
    expect(langOf(res.text)).toBe('de');
    expect(res.text).toContain(german);
    expect(res.text).not.toContain(english);
    expect(rawKeys(res.text)).toEqual([]);
  });

  it('a group card: the organiser page and the signing page answer in German', async () => {
    const auth = { Authorization: `Bearer ${user.token}` };
    const card = await app.http().post('/api/templates/balloon-party/personalize/').set(auth).send({});
    const group = await app
      .http()
      .post('/api/group-cards/')
      .set(auth)
      .send({
        card_id: card.body.id,
        title: 'Alles Gute!',
        recipient_name: 'Jonas',
        deadline: new Date(Date.now() + 86_400_000).toISOString(),
      });
    expect(group.status).toBe(201);
    const organiser = await app
      .http()
      .get(`/group/${group.body.uuid}/`)
      .set('Accept-Language', 'de')
      .set('Cookie', session());
    expect(organiser.status).toBe(200);
    expect(organiser.text).toContain('Nachrichten (0 von höchstens');
    expect(organiser.text).toContain('Link zum Unterschreiben teilen');
    expect(rawKeys(organiser.text)).toEqual([]);
    const signPath = new URL(group.body.sign_url).pathname;
    const sign = await app.http().get(signPath).set('Accept-Language', 'de');
    expect(sign.status).toBe(200);
    expect(sign.text).toContain('Eine Karte für Jonas');
    expect(sign.text).toContain('Karte unterschreiben');
    expect(rawKeys(sign.text)).toEqual([]);
  });

  it('?locale=en wins over the browser and is remembered by a cookie for the next pages', async () => {
    const chosen = await app.http().get('/catalogue/?locale=en').set('Accept-Language', 'de');
    expect(langOf(chosen.text)).toBe('en');
    expect(chosen.text).toContain('Find the right card');
    const cookie = localeCookie(chosen);
    expect(cookie).toMatch(/^gc_locale=en;/);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);

    // The next page, without ?locale=, still English for this German browser.
    const next = await app
      .http()
      .get('/cart/')
      .set('Accept-Language', 'de')
      .set('Cookie', `${session()}; gc_locale=en`);
    expect(langOf(next.text)).toBe('en');
    expect(next.text).toContain('Your basket');
    expect(next.text).toContain('£2.99');

    // And back: ?locale=de on an English browser.
    const german = await app
      .http()
      .get('/login/?locale=de')
      .set('Accept-Language', 'en-GB')
      .set('Cookie', 'gc_locale=en');
    expect(langOf(german.text)).toBe('de');
    expect(localeCookie(german)).toMatch(/^gc_locale=de;/);
    // A language we do not ship is ignored, not remembered.
    const unknown = await app.http().get('/login/?locale=xx').set('Accept-Language', 'de');
    expect(langOf(unknown.text)).toBe('de');
    expect(localeCookie(unknown)).toBeUndefined();
  });

  it('the footer links to this page in each language, keeping its query', async () => {
    const res = await app.http().get('/catalogue/?occasion=birthday').set('Accept-Language', 'de');
    const nav = /<nav class="language-switch"[^>]*>[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '';
    expect(nav).toContain('aria-label="Sprache wählen"');
    expect(nav).toContain('href="/catalogue/?occasion=birthday&amp;locale=en" lang="en" hreflang="en">English</a>');
    expect(nav).toMatch(
      /href="\/catalogue\/\?occasion=birthday&amp;locale=de" lang="de" hreflang="de" aria-current="true">Deutsch<\/a>/,
    );
  });

  it('errors, toasts and statuses are translated too', async () => {
    const missing = await app.http().get('/templates/no-such-card/').set('Accept-Language', 'de');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Seite nicht gefunden');
    expect(missing.text).toContain('Zurück zum Shop');
    const added = await app.http().get('/cart/?added=1').set('Accept-Language', 'de').set('Cookie', session());
    expect(added.text).toContain('In deinen Warenkorb gelegt.');
    const signedOut = await app.http().get('/login/?signed_out=1').set('Accept-Language', 'de');
    expect(signedOut.text).toContain('Du bist abgemeldet. Bis bald!');
    const styled = await app
      .http()
      .get('/catalogue/?occasion=birthday&style=luxury')
      .set('Accept-Language', 'de')
      .set('HX-Request', 'true');
    expect(styled.text).toContain('1 Karte für Geburtstag im Stil „Edel“');
    expect(rawKeys(styled.text)).toEqual([]);
  });

  it("the admin's template designer speaks the admin user's language (?lang=), remembering nothing", async () => {
    const german = await app
      .http()
      .get('/greeting-cards/designer/?embed=admin&lang=de')
      .set('Accept-Language', 'en-GB')
      .set('Cookie', 'gc_locale=en');
    expect(german.status).toBe(200);
    expect(german.text).toContain('lang="de"');
    expect(german.text).toContain('Vorlagen-Design');
    expect(localeCookie(german)).toBeUndefined();
    expect(rawKeys(german.text)).toEqual([]);
    // Only a shipped language counts: anything else leaves the page's usual choice (here the browser's).
    for (const lang of ['fr', 'DE-de', '', 'de&lang=en']) {
      const other = await app
        .http()
        .get(`/greeting-cards/designer/?embed=admin&lang=${encodeURIComponent(lang)}`)
        .set('Accept-Language', 'en-GB');
      expect(other.status).toBe(200);
      expect(other.text).toContain('Template design');
      expect(other.text).not.toContain('Vorlagen-Design');
    }
  });

  describe('with the shop pinned to German (SERVICE_SHOP_LOCALE=de)', () => {
    let before: unknown;
    beforeAll(() => {
      before = app.strapi.config.get('plugin::greeting-cards');
      app.strapi.config.set('plugin::greeting-cards', { ...(before as object), shopLocale: 'de' });
    });
    afterAll(() => {
      app.strapi.config.set('plugin::greeting-cards', before);
    });

    it('every visitor gets German: the URL, the cookie and the browser are not asked', async () => {
      const res = await app.http().get('/?locale=en').set('Accept-Language', 'en-GB').set('Cookie', 'gc_locale=en');
      expect(langOf(res.text)).toBe('de');
      expect(res.text).toContain('Karten ansehen');
      expect(res.text).toContain(`2,99${NBSP}£`);
      expect(localeCookie(res)).toBeUndefined();
      // One language for everyone: no switcher, and caches need not split by language.
      expect(res.text).not.toContain('class="language-switch"');
      expect(res.headers.vary ?? '').not.toMatch(/Accept-Language/i);
      expect(rawKeys(res.text)).toEqual([]);
    });

    it("the admin's template designer still speaks an English admin user's language", async () => {
      const res = await app.http().get('/greeting-cards/designer/?embed=admin&lang=en').set('Accept-Language', 'de');
      expect(res.status).toBe(200);
      expect(res.text).toContain('Template design');
      expect(res.text).not.toContain('Vorlagen-Design');
    });

    it('an API call records the pinned language too: a reminder made in English is written in German', async () => {
      const auth = { Authorization: `Bearer ${user.token}` };
      const made = await app
        .http()
        .post('/api/reminders/?locale=en')
        .set(auth)
        .set('Accept-Language', 'en-GB')
        .set('Cookie', 'gc_locale=en')
        .send({ type: 'custom', title: 'Mum', event_date: '2031-03-14' });
      expect(made.status).toBe(201);
      const row = await app.strapi.db.query('plugin::greeting-cards.reminder').findOne({ where: { id: made.body.id } });
      expect(row.locale).toBe('de');
    });
  });
});
