import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';

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
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_STRIPE_SECRET_KEY: '',
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

  // Paying a one-line order marks its card ordered and files it in the owner's library in the move's own
  // statement on PostgreSQL (payments/payment-completion.ts), the same outcome as the library's sync.
  it('files a paid card as saved, pinned as it is a favourite: a new entry, an entry brought in line, two made one', async () => {
    const recipient = await createRecipient(app.strapi, alice);
    const entries = async (cardId: number) =>
      (await app.strapi.db
        .query(ENTRY)
        .findMany({ where: { user: { id: alice.id }, card: { id: cardId } }, orderBy: { id: 'asc' } })) as Array<{
        id: number;
        type: string;
        is_pinned: boolean;
      }>;
    const orderAndPay = async (cardId: number) => {
      const added = await app
        .http()
        .post('/api/orders/add_to_cart/')
        .set(alice.auth)
        // Scheduled: the card stays `ordered` (a send would make it `sent`).
        .send({
          card_id: cardId,
          recipient_id: recipient.id,
          delivery_method: 'ecard',
          scheduled_for: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        });
      expect([added.status, added.body]).toEqual([200, expect.anything()]);
      await app.http().post(`/api/orders/${added.body.uuid}/checkout/`).set(alice.auth).send({}).expect(200);
      const paid = await app.http().post(`/api/orders/${added.body.uuid}/pay/`).set(alice.auth).send({}).expect(200);
      expect(paid.body.status).toBe('paid');
    };
    const status = async (cardId: number) =>
      (await app.strapi.db.query('plugin::greeting-cards.card').findOne({ where: { id: cardId } })).status;

    // A favourite draft: no entry (auto-save off) until it is paid for.
    const fresh = await createCard(app.strapi, alice, { is_favorite: true });
    expect(await entries(fresh.id)).toEqual([]);
    await orderAndPay(fresh.id);
    expect(await status(fresh.id)).toBe('ordered');
    expect(await entries(fresh.id)).toEqual([expect.objectContaining({ type: 'saved', is_pinned: true })]);

    // An entry that says otherwise (a draft entry, unpinned) is brought in line, not doubled.
    const kept = await createCard(app.strapi, alice, { is_favorite: true });
    const old = await app.strapi.db
      .query(ENTRY)
      .create({ data: { type: 'draft', is_pinned: false, user: alice.id, card: kept.id } });
    await orderAndPay(kept.id);
    expect(await entries(kept.id)).toEqual([expect.objectContaining({ id: old.id, type: 'saved', is_pinned: true })]);

    // Two entries of the owner's for one card (an old fault): one is left, the older.
    const twice = await createCard(app.strapi, alice);
    const first = await app.strapi.db.query(ENTRY).create({ data: { type: 'saved', user: alice.id, card: twice.id } });
    await app.strapi.db.query(ENTRY).create({ data: { type: 'saved', user: alice.id, card: twice.id } });
    await orderAndPay(twice.id);
    expect(await entries(twice.id)).toEqual([
      expect.objectContaining({ id: first.id, type: 'saved', is_pinned: false }),
    ]);
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
