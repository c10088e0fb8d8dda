import { appForSuite, startApp, QUIET_APP, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';

// Issue 45, item 1: message suggestions by occasion, tone and language (seeded, draft & publish), and
// AI suggestions through an OpenAI-compatible endpoint: off by default, limited per shopper per day,
// capped in length, markup stripped, and sent nothing but the occasion, tone and first name.
const OCCASIONS = [
  'birthday',
  'anniversary',
  'thank-you',
  'wedding',
  'new-baby',
  'get-well-soon',
  'christmas',
  'valentines-day',
  'mothers-day',
  'congratulations',
];

describe('message suggestions', () => {
  let app: TestApp;
  appForSuite({ SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
  });

  it('lists at least 8 published suggestions per occasion in English and German, written per language', async () => {
    for (const locale of ['en', 'de']) {
      for (const occasion of OCCASIONS) {
        const res = await app
          .http()
          .get(`/api/message_suggestions/?occasion=${occasion}&locale=${locale}&page_size=100`);
        expect({ occasion, locale, status: res.status }).toEqual({ occasion, locale, status: 200 });
        expect(res.body.count).toBeGreaterThanOrEqual(8);
        for (const s of res.body.results) expect(s).toMatchObject({ occasion, locale, tone: expect.any(String) });
      }
    }
    const de = await app.http().get('/api/message_suggestions/?occasion=birthday&locale=de&page_size=100');
    expect(de.body.results.map((s: { text: string }) => s.text)).toContain(
      'Alles Liebe zum Geburtstag, {first_name}! Hab einen wunderschönen Tag.',
    );
  });

  it('filters by tone and refuses unknown tones, bad slugs and languages with a 400 naming the field', async () => {
    const funny = await app.http().get('/api/message_suggestions/?occasion=christmas&tone=funny');
    expect(funny.status).toBe(200);
    expect(funny.body.count).toBeGreaterThan(0);
    expect(new Set(funny.body.results.map((s: { tone: string }) => s.tone))).toEqual(new Set(['funny']));
    expect((await app.http().get('/api/message_suggestions/?tone=rude')).body).toHaveProperty('tone');
    expect((await app.http().get('/api/message_suggestions/?occasion=%3Cb%3E')).status).toBe(400);
    expect((await app.http().get('/api/message_suggestions/?locale=xx')).body).toHaveProperty('locale');
  });

  it('shows only published suggestions: a draft stays hidden until an editor publishes it', async () => {
    const documents = app.strapi.documents('plugin::greeting-cards.message-suggestion' as never) as unknown as {
      create(a: object): Promise<{ documentId: string }>;
      publish(a: object): Promise<unknown>;
    };
    const draft = await documents.create({
      locale: 'en',
      data: { text: 'A draft idea', occasion: 'wedding', tone: 'warm' },
    });
    const texts = async () =>
      (await app.http().get('/api/message_suggestions/?occasion=wedding&page_size=100')).body.results.map(
        (s: { text: string }) => s.text,
      );
    expect(await texts()).not.toContain('A draft idea');
    await documents.publish({ documentId: draft.documentId, locale: 'en' });
    expect(await texts()).toContain('A draft idea');
  });

  it('has AI suggestions off without settings', async () => {
    const user = await createUser(app.strapi);
    expect((await app.http().get('/api/message_suggestions/ai/')).body).toEqual({ enabled: false });
    const res = await app
      .http()
      .post('/api/message_suggestions/ai/')
      .set(user.auth)
      .send({ occasion: 'birthday', tone: 'warm', first_name: 'Ada' });
    expect(res.status).toBe(404);
  });
});

describe('AI message suggestions against an OpenAI-compatible server', () => {
  let app: TestApp;
  let ai: FakeOpenAi;

  beforeAll(async () => {
    ai = await startFakeOpenAi('sk-test-words-0123456789');
    app = await startApp({
      ...QUIET_APP,
      SERVICE_AI_BASE_URL: ai.baseUrl,
      SERVICE_AI_API_KEY: 'sk-test-words-0123456789',
      SERVICE_AI_MODEL: 'tiny-writer',
      SERVICE_AI_SUGGESTIONS_PER_DAY: '3',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await ai?.close();
  });

  it('sends only the occasion, tone and first name, and returns plain text capped in length', async () => {
    const user = await createUser(app.strapi, { email: 'secret-shopper@example.test' });
    expect((await app.http().get('/api/message_suggestions/ai/')).body).toEqual({ enabled: true });
    ai.answers.push(
      `**Happy birthday, Ada!** <script>alert(1)</script> <img src=x onerror=alert(2)> [link](https://evil.example) ${'la '.repeat(200)}`,
    );
    const res = await app
      .http()
      .post('/api/message_suggestions/ai/')
      .set(user.auth)
      .send({ occasion: 'birthday', tone: 'funny', first_name: 'Ada', locale: 'de' });
    expect(res.status).toBe(200);
    expect(res.body.text).toMatch(/^Happy birthday, Ada!/);
    expect(res.body.text).not.toMatch(/[<>*[\]]/);
    expect(res.body.text.length).toBeLessThanOrEqual(300);
    const sent = ai.completions().at(-1);
    expect(sent.model).toBe('tiny-writer');
    const said = JSON.stringify(sent.messages);
    expect(said).toContain("Occasion: birthday. Tone: funny. Recipient's first name: Ada.");
    expect(said).toContain('German');
    expect(said).not.toContain('secret-shopper');
    expect(said).not.toContain(String(user.id));
  });

  it('needs a sign-in, checks its input, and limits each shopper per day', async () => {
    const anonymous = await app
      .http()
      .post('/api/message_suggestions/ai/')
      .send({ occasion: 'birthday', tone: 'warm' });
    expect(anonymous.status).toBe(401);
    const user = await createUser(app.strapi);
    const ask = (body: object) => app.http().post('/api/message_suggestions/ai/').set(user.auth).send(body);
    const bad = await ask({ occasion: 'birthday', tone: 'rude', first_name: 'A\n<b>' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['first_name', 'tone']);
    for (let i = 0; i < 3; i++) expect((await ask({ occasion: 'wedding', tone: 'warm' })).status).toBe(200);
    const over = await ask({ occasion: 'wedding', tone: 'warm' });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body.detail).toContain('3 AI suggestions');
    // Another shopper has their own allowance.
    const other = await createUser(app.strapi);
    const res = await app
      .http()
      .post('/api/message_suggestions/ai/')
      .set(other.auth)
      .send({ occasion: 'wedding', tone: 'warm' });
    expect(res.status).toBe(200);
  });

  it('answers 503 when the writing service fails', async () => {
    const user = await createUser(app.strapi);
    ai.failNext(1);
    const res = await app
      .http()
      .post('/api/message_suggestions/ai/')
      .set(user.auth)
      .send({ occasion: 'birthday', tone: 'warm' });
    expect(res.status).toBe(503);
    expect(res.body.detail).toMatch(/not available/);
  });
});
