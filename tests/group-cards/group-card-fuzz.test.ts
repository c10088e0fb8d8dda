import fc from 'fast-check';
import { appForSuite, QUIET_APP, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';

// Issue 23: the fuzz rule of every other write route (security/fuzz-write-routes.test.ts) on the
// group-card routes: generated bodies never cause a 5xx, and refusals have the spec's error shape.
const RUNS = Math.max(20, Math.ceil(Number(process.env.FUZZ_RUNS || 2000) / 10));

const FIELDS = [
  'card_id',
  'title',
  'recipient_name',
  'deadline',
  'invite_emails',
  'show_signatures',
  'approval_mode',
  'display_name',
  'message',
  'sticker_id',
  'colour',
  'font',
  'signature_ids',
  'delivery_method',
  'recipient_id',
  '__proto__',
];
const nasty = fc.string({
  unit: fc.constantFrom('\u0000', '\u0001', '\u200b', '\ud83c\udf89', 'a', '<', '"', '\\', '%', '\n'),
});
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom('2030-01-01T10:00:00Z', '#FFFFFF', 'Caveat', 'ecard', 'x'.repeat(600), [1, 2], ['a@b.test']),
);
const body = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), nasty), value, { maxKeys: 6 }) },
  { weight: 1, arbitrary: fc.anything() },
);

describe('group-card routes under generated bodies', () => {
  let app: TestApp;
  let alice: TestUser;
  let g: { uuid: string; sign_token: string };
  let mine: { id: number; edit_token: string };

  appForSuite({ ...QUIET_APP }, async (booted) => {
    app = booted;
    alice = await createUser(app.strapi);
    const card = await createCard(app.strapi, alice);
    g = (
      await app
        .http()
        .post('/api/group-cards/')
        .set(alice.auth)
        .send({
          card_id: card.id,
          title: 'T',
          recipient_name: 'R',
          deadline: new Date(Date.now() + 86_400_000).toISOString(),
        })
    ).body;
    mine = (await app.http().post(`/api/sign/${g.sign_token}/signatures/`).send({ display_name: 'Jo', message: 'Hi' }))
      .body;
  });

  const routes: Array<[string, 'post' | 'patch', () => string, boolean]> = [
    ['start', 'post', () => '/api/group-cards/', true],
    ['update', 'patch', () => `/api/group-cards/${g.uuid}/`, true],
    ['reorder', 'post', () => `/api/group-cards/${g.uuid}/reorder/`, true],
    ['sign', 'post', () => `/api/sign/${g.sign_token}/signatures/`, false],
    ['edit', 'patch', () => `/api/sign/${g.sign_token}/signatures/${mine.id}/`, false],
  ];

  it.each(routes)('%s: no 5xx and spec error shapes', async (_name, method, path, organiser) => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        let req = app.http()[method](path()).set('Content-Type', 'application/json');
        if (organiser) req = req.set(alice.auth);
        else req = req.set('X-Edit-Token', mine.edit_token);
        const res = await req.send(JSON.stringify(b) ?? 'null');
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          const shaped =
            typeof res.body.detail === 'string' ||
            Object.values(res.body).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
          expect(shaped).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
