import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

const ENTRY = 'plugin::greeting-cards.library-entry';
const text = {
  type: 'textbox',
  text: 'x'.repeat(3000),
  left: 0,
  top: 0,
  fontSize: 10,
  fill: '#000000',
  fontFamily: 'Georgia',
};
const small = { ...text, text: 'hi' };
const design = (objects: unknown[] = []) => ({ version: '7.0.0', background: '#FFFFFF', objects });

// SERVICE_LIBRARY_AUTO_SAVE_DRAFTS off: drafts get no entry; a card gets one when first saved.
// Small canvas limits here make the size checks testable through the API without a huge body.
describe('library with auto-save off', () => {
  let app: TestApp;
  let alice: TestUser;
  const types = async (cardId: number) =>
    (await app.strapi.db.query(ENTRY).findMany({ where: { user: { id: alice.id }, card: { id: cardId } } })).map(
      (e: { type: string }) => e.type,
    );

  appForSuite(
    {
      SERVICE_RENDERER: 'memory',
      SERVICE_LIBRARY_AUTO_SAVE_DRAFTS: 'false',
      SERVICE_CANVAS_MAX_BYTES: '8000',
      SERVICE_CANVAS_MAX_OBJECTS: '2',
    },
    async (booted) => {
      app = booted;
      alice = await createUser(app.strapi);
    },
  );

  it('gives drafts no entry and adds one when the card is first saved', async () => {
    const card = (await app.http().post('/api/cards/').set(alice.auth).send({ title: 'Quiet' }).expect(201)).body;
    expect(await types(card.id)).toEqual([]);
    const personalised = (
      await app.http().post('/api/templates/balloon-party/personalize/').set(alice.auth).expect(201)
    ).body;
    expect(await types(personalised.id)).toEqual([]);
    await app.http().post(`/api/cards/${card.id}/favorite/`).set(alice.auth).expect(200);
    expect(await types(card.id)).toEqual([]);
    expect((await app.http().get('/api/library/').set(alice.auth).expect(200)).body.count).toBe(0);

    await app
      .http()
      .post(`/api/cards/${card.id}/save_design/`)
      .set(alice.auth)
      .send({ canvas_data: design() })
      .expect(200);
    expect(await types(card.id)).toEqual(['saved']);
    const list = (await app.http().get('/api/library/').set(alice.auth).expect(200)).body;
    expect(list.results).toEqual([
      expect.objectContaining({
        type: 'saved',
        is_pinned: true,
        card: expect.objectContaining({ id: card.id, status: 'saved' }),
      }),
    ]);

    await app.strapi.plugin('greeting-cards').service('cards').setStatus(card.id, 'sent');
    expect(await types(card.id)).toEqual(['sent']);

    const back = (await app.http().post('/api/cards/').set(alice.auth).send({}).expect(201)).body;
    await app.http().patch(`/api/cards/${back.id}/`).set(alice.auth).send({ status: 'saved' }).expect(200);
    expect(await types(back.id)).toEqual(['saved']);
    await app.http().patch(`/api/cards/${back.id}/`).set(alice.auth).send({ status: 'draft' }).expect(200);
    expect(await types(back.id)).toEqual([]);
  });

  it('applies the configured canvas limits', async () => {
    const tooMany = await app
      .http()
      .post('/api/cards/')
      .set(alice.auth)
      .send({ canvas_data: design([small, small, small]) })
      .expect(400);
    expect(tooMany.body).toEqual({ canvas_data: ['objects: must hold at most 2 objects (got 3)'] });
    const tooBig = await app
      .http()
      .post('/api/cards/')
      .set(alice.auth)
      .send({ canvas_data: design([text, { ...text, text: 'y'.repeat(6000) }]) })
      .expect(400);
    expect(tooBig.body.canvas_data).toHaveLength(1);
    expect(tooBig.body.canvas_data[0]).toMatch(/^must be at most 8000 bytes \(got \d+\)$/);
    await app
      .http()
      .post('/api/cards/')
      .set(alice.auth)
      .send({ canvas_data: design([text, text]) })
      .expect(201);
  });
});
