import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { htmx, webSession, WebSession } from './session';

// Error texts follow the request's language on a real Strapi: the API's field errors and details in
// German for Accept-Language: de (or the shop's language cookie), the spec's English without it, and a
// shop form's errors in the page's language.
describe('error messages in the request language', () => {
  let app: TestApp;
  let user: TestUser;
  let s: WebSession;
  appForSuite({ SERVICE_RENDERER: 'memory', SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false' }, async (booted) => {
    app = booted;
    user = await createUser(app.strapi, { username: 'Lena Fehler' });
    s = await webSession(app, user);
  });

  const addToCart = (body: Record<string, unknown>) =>
    app.http().post('/api/orders/add_to_cart/').set(user.auth).send(body);

  it("API field errors: German for Accept-Language: de, the spec's English without it", async () => {
    const german = await addToCart({}).set('Accept-Language', 'de-DE,de;q=0.9');
    expect(german.status).toBe(400);
    expect(german.body.card_id).toEqual(['Dieses Feld ist erforderlich.']);

    const english = await addToCart({});
    expect(english.status).toBe(400);
    expect(english.body.card_id).toEqual(['This field is required.']);
    // The same fields, only the words differ.
    expect(Object.keys(german.body).sort()).toEqual(Object.keys(english.body).sort());
  });

  it('API templated and zod errors in German, with their variable parts kept', async () => {
    const long = await app
      .http()
      .post('/api/recipients/')
      .set(user.auth)
      .set('Accept-Language', 'de')
      .send({ first_name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ first_name: ['Dieses Feld darf höchstens 100 Zeichen lang sein.'] });
    const choice = await addToCart({ card_id: 1, delivery_method: 'pigeon' }).set('Cookie', 'gc_locale=de');
    expect(choice.status).toBe(400);
    expect(choice.body.delivery_method).toEqual(['„pigeon“ ist keine gültige Auswahl.']);
  });

  it('API 404 detail: German for Accept-Language: de, "Not found." without it', async () => {
    const german = await app.http().get('/api/recipients/999999/').set(user.auth).set('Accept-Language', 'de');
    expect(german.status).toBe(404);
    expect(german.body).toEqual({ detail: 'Nicht gefunden.' });
    const english = await app.http().get('/api/recipients/999999/').set(user.auth);
    expect(english.status).toBe(404);
    expect(english.body).toEqual({ detail: 'Not found.' });
    // Errors Strapi raises before our controllers (malformed JSON) are rewritten in the language too.
    const malformed = await app
      .http()
      .post('/api/recipients/')
      .set(user.auth)
      .set('Accept-Language', 'de')
      .set('Content-Type', 'application/json')
      .send('{"first_name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: 'Der Inhalt der Anfrage ist fehlerhaft: Schick gültiges JSON.' });
    // ?locale= names the language too, without remembering it.
    const byUrl = await app.http().get('/api/recipients/999999/?locale=de').set(user.auth);
    expect(byUrl.body).toEqual({ detail: 'Nicht gefunden.' });
  });

  it('the refusal of null characters, answered before the route runs, in German too', async () => {
    const german = await app
      .http()
      .post('/api/recipients/')
      .set(user.auth)
      .set('Accept-Language', 'de')
      .send({ first_name: 'A\u0000da' });
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ first_name: ['Null-Zeichen sind nicht erlaubt.'] });
    const english = await app.http().post('/api/recipients/').set(user.auth).send({ first_name: 'A\u0000da' });
    expect(english.body).toEqual({ first_name: ['Null characters are not allowed.'] });
  });

  it('a shop form in German shows its errors in German; in English as before', async () => {
    const german = await app
      .http()
      .post('/recipients/add/?locale=de')
      .set(htmx(s))
      .type('form')
      .send({ first_name: 'Ada', email: 'not-an-email' });
    expect(german.status).toBe(400);
    expect(german.text).toContain('Gib eine gültige E-Mail-Adresse ein.');
    expect(german.text).not.toContain('Enter a valid email address.');

    const cookie = await app
      .http()
      .post('/recipients/add/')
      .set(htmx(s))
      .set('Cookie', `${s.cookie}; gc_locale=de`)
      .type('form')
      .send({ first_name: 'Ada', time_zone: 'Atlantis' });
    expect(cookie.status).toBe(400);
    expect(cookie.text).toContain('Gib eine IANA-Zeitzone ein, etwa Europe/Berlin oder Pacific/Auckland.');

    const english = await app
      .http()
      .post('/recipients/add/')
      .set(htmx(s))
      .type('form')
      .send({ first_name: 'Ada', email: 'not-an-email' });
    expect(english.status).toBe(400);
    expect(english.text).toContain('Enter a valid email address.');
  });
});
