import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, proveAddress, TestUser } from '../helpers/users';

const ENTRY = 'plugin::greeting-cards.library-entry';
const design = () => ({ version: '7.0.0', background: '#FFFFFF', objects: [] });

// SERVICE_LIBRARY_AUTO_SAVE_DRAFTS on (the default). The "off" case boots its own app in
// library-no-autosave.test.ts.
describe('library with auto-save on', () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const cards = () => app.strapi.plugin('greeting-cards').service('cards');
  const library = () => app.strapi.plugin('greeting-cards').service('library');

  const newCard = async (user: TestUser, title = 'Card') =>
    (await app.http().post('/api/cards/').set(user.auth).send({ title, canvas_data: design() }).expect(201)).body;
  const ownEntries = (userId: number, cardId: number) =>
    app.strapi.db.query(ENTRY as any).findMany({ where: { user: { id: userId }, card: { id: cardId } } });
  const entryTypes = async (userId: number, cardId: number) =>
    (await ownEntries(userId, cardId)).map((e: any) => e.type);
  const listOf = async (user: TestUser, query = '') =>
    (await app.http().get(`/api/library/${query}`).set(user.auth).expect(200)).body;

  appForSuite({ SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
    alice = await createUser(app.strapi);
    bob = await createUser(app.strapi);
  });

  it('keeps one entry per card in step with its status', async () => {
    const card = await newCard(alice);
    expect(await entryTypes(alice.id, card.id)).toEqual(['draft']);
    await app
      .http()
      .post(`/api/cards/${card.id}/save_design/`)
      .set(alice.auth)
      .send({ canvas_data: design() })
      .expect(200);
    expect(await entryTypes(alice.id, card.id)).toEqual(['saved']);
    await cards().setStatus(card.id, 'ordered');
    expect(await entryTypes(alice.id, card.id)).toEqual(['saved']);
    await cards().setStatus(card.id, 'sent');
    expect(await entryTypes(alice.id, card.id)).toEqual(['sent']);
    await cards().setStatus(card.id, 'delivered');
    expect(await entryTypes(alice.id, card.id)).toEqual(['sent']);
    await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ status: 'archived' }).expect(200);
    expect(await entryTypes(alice.id, card.id)).toEqual([]);

    const other = await newCard(alice);
    await app.http().patch(`/api/cards/${other.id}/`).set(alice.auth).send({ status: 'saved' }).expect(200);
    expect(await entryTypes(alice.id, other.id)).toEqual(['saved']);
    await app.http().patch(`/api/cards/${other.id}/`).set(alice.auth).send({ status: 'draft' }).expect(200);
    expect(await entryTypes(alice.id, other.id)).toEqual(['draft']);
    await app.http().patch(`/api/cards/${other.id}/`).set(alice.auth).send({ status: 'archived' }).expect(200);
    await app.http().patch(`/api/cards/${other.id}/`).set(alice.auth).send({ status: 'saved' }).expect(200);
    expect(await entryTypes(alice.id, other.id)).toEqual(['saved']);
  });

  it('personalised cards appear as drafts; deleting a card removes its entry', async () => {
    const card = (await app.http().post('/api/templates/forever-hearts/personalize/').set(alice.auth).expect(201)).body;
    expect(await entryTypes(alice.id, card.id)).toEqual(['draft']);
    await app.http().delete(`/api/cards/${card.id}/`).set(alice.auth).expect(204);
    expect(await app.strapi.db.query(ENTRY as any).count({ where: { card: { id: card.id } } })).toBe(0);
  });

  it('syncCard repairs a missing or duplicated entry', async () => {
    const card = await newCard(alice);
    const q = app.strapi.db.query(ENTRY as any);
    await q.create({ data: { user: alice.id, card: card.id, type: 'sent' } });
    await library().syncCard(card.id);
    expect(await entryTypes(alice.id, card.id)).toEqual(['draft']);
    const [only] = await ownEntries(alice.id, card.id);
    await q.delete({ where: { id: only.id } });
    await library().syncCard(card.id);
    expect(await entryTypes(alice.id, card.id)).toEqual(['draft']);
    await expect(library().syncCard(987654)).resolves.toBeUndefined();
  });

  it('lists entries pinned first, then most recently updated, in the documented shape', async () => {
    const carol = await createUser(app.strapi);
    const a = await newCard(carol, 'A');
    const b = await newCard(carol, 'B');
    const c = await newCard(carol, 'C');
    await newCard(bob, "Bob's");
    // Saving A moves it above C and B; the favourite B is pinned above everything.
    await app
      .http()
      .post(`/api/cards/${a.id}/save_design/`)
      .set(carol.auth)
      .send({ canvas_data: design() })
      .expect(200);
    await app.http().post(`/api/cards/${b.id}/favorite/`).set(carol.auth).expect(200);
    const res = await listOf(carol);
    expect(res).toMatchObject({ count: 3, next: null, previous: null });
    expect(res.results.map((e: any) => e.card.title)).toEqual(['B', 'A', 'C']);
    const { card: pinned, ...entry } = res.results[0];
    expect(entry).toEqual({
      id: expect.any(Number),
      type: 'draft',
      is_pinned: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Object.keys(pinned).sort()).toEqual(['id', 'preview_url', 'status', 'title']);
    expect(pinned).toMatchObject({ id: b.id, title: 'B', status: 'draft' });
    // A new card's preview is rendered in the background shortly after it is made: none yet, or that one.
    expect(
      pinned.preview_url === null || /^\/uploads\/greeting-cards\/previews\/[0-9a-f]+\.png$/.test(pinned.preview_url),
    ).toBe(true);
    expect(res.results[1]).toMatchObject({ type: 'saved', is_pinned: false, card: { id: a.id, status: 'saved' } });

    await app.http().post(`/api/cards/${b.id}/favorite/`).set(carol.auth).send({ is_favorite: false }).expect(200);
    const unpinned = await listOf(carol);
    expect(unpinned.results.find((e: any) => e.card.id === b.id).is_pinned).toBe(false);
    expect(unpinned.results.map((e: any) => e.card.id)).toContain(c.id);
  });

  it('filters by type and rejects unknown types', async () => {
    const dave = await createUser(app.strapi);
    const draft = await newCard(dave, 'Draft');
    const saved = await newCard(dave, 'Saved');
    await app
      .http()
      .post(`/api/cards/${saved.id}/save_design/`)
      .set(dave.auth)
      .send({ canvas_data: design() })
      .expect(200);
    const sent = await newCard(dave, 'Sent');
    await cards().setStatus(sent.id, 'sent');
    const ids = async (type: string) => (await listOf(dave, `?type=${type}`)).results.map((e: any) => e.card.id);
    expect(await ids('draft')).toEqual([draft.id]);
    expect(await ids('saved')).toEqual([saved.id]);
    expect(await ids('sent')).toEqual([sent.id]);
    expect(await ids('received')).toEqual([]);
    for (const type of ['archived', 'all', 'DRAFT']) {
      const bad = await app.http().get(`/api/library/?type=${type}`).set(dave.auth).expect(400);
      expect(bad.body).toEqual({ type: [`"${type}" is not a valid choice.`] });
    }
  });

  it('paginates', async () => {
    const erin = await createUser(app.strapi);
    for (let i = 0; i < 3; i++) await newCard(erin, `E${i}`);
    const first = await app.http().get('/api/library?page_size=2').set(erin.auth).expect(200);
    expect(first.body.count).toBe(3);
    expect(first.body.results).toHaveLength(2);
    expect(new URL(first.body.next).searchParams.get('page')).toBe('2');
    const second = await app.http().get('/api/library/?page_size=2&page=2').set(erin.auth).expect(200);
    expect(second.body.results).toHaveLength(1);
    expect(second.body.next).toBeNull();
    expect((await app.http().get('/api/library/?page=5').set(erin.auth).expect(404)).body).toEqual({
      detail: 'Invalid page.',
    });
  });

  it('addReceived puts a delivered card in the library of the registered user with that e-mail', async () => {
    const frank = await createUser(app.strapi);
    await proveAddress(app.strapi, frank);
    const card = await newCard(alice, 'To Frank');
    await cards().setStatus(card.id, 'delivered');
    expect(await library().addReceived(card.id, frank.email.toUpperCase())).toBe(true);
    expect(await library().addReceived(card.id, ` ${frank.email} `)).toBe(true);
    const res = await listOf(frank, '?type=received');
    expect(res.count).toBe(1);
    expect(res.results[0]).toMatchObject({
      type: 'received',
      is_pinned: false,
      card: { id: card.id, title: 'To Frank', status: 'delivered' },
    });
    expect((await listOf(frank)).count).toBe(1);
    // The sender's own entry is untouched.
    expect(await entryTypes(alice.id, card.id)).toEqual(['sent']);
    expect(await library().addReceived(card.id, 'nobody@example.test')).toBe(false);
    expect(await library().addReceived(card.id, '')).toBe(false);
    expect(await library().addReceived(987654, frank.email)).toBe(false);
    // A received entry survives later syncs of the sender's card.
    await library().syncCard(card.id);
    expect((await listOf(frank, '?type=received')).count).toBe(1);
  });

  it("never shows another user's entries", async () => {
    const card = await newCard(alice, 'Private');
    const res = await listOf(bob, '?page_size=100');
    expect(res.results.map((e: any) => e.card.id)).not.toContain(card.id);
  });
});
