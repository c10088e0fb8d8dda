import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { webSession } from '../web/session';
import { createMemoryMailer } from '../../plugins/greeting-cards/server/src/platform/providers/mailer/memory-mailer';

// Security round 2, item 8: with e-mail confirmation off (Strapi's default) every new account is
// `confirmed`, so whoever registers an address first saw the e-cards later sent to it. Received cards
// now show only for an address the account has proven: through the host's own e-mail confirmation when
// it is on, or through the confirmation link the plugin sends from the Received tab.
describe('security: received cards need a proven address', () => {
  let app: TestApp;
  let sender: TestUser;
  const mailer = createMemoryMailer();
  const library = () => app.strapi.plugin('greeting-cards').service('library');
  const received = async (u: TestUser) =>
    (await app.http().get('/api/library/?type=received').set(u.auth).expect(200)).body;
  const deliveredCard = async (to: TestUser) => {
    const card = (
      await app
        .http()
        .post('/api/cards/')
        .set(sender.auth)
        .send({ title: `For ${to.username}` })
        .expect(201)
    ).body;
    // What fulfilment does once the e-card has gone out to this address.
    await library().addReceived(card.id, to.email);
    return card;
  };
  const confirmationLink = (to: string) => {
    const mail = [...mailer.sent].reverse().find((m) => m.to === to);
    const link = /https?:\/\/[^\s"]+\/account\/confirm-email\/[A-Za-z0-9_-]+\//.exec(String(mail?.text ?? ''))?.[0];
    if (!link) throw new Error(`no confirmation link sent to ${to}`);
    return new URL(link).pathname;
  };

  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
    app.strapi.plugin('greeting-cards').service('mailer').use(mailer);
    sender = await createUser(app.strapi);
  });

  it('hides cards sent to an address the account has not proven, and says how to prove it', async () => {
    // Registered under someone else's address: `confirmed` as every account is with confirmation off.
    const squatter = await createUser(app.strapi);
    await deliveredCard(squatter);
    expect((await received(squatter)).count).toBe(0);
    expect(
      (await app.http().get('/api/library/').set(squatter.auth).expect(200)).body.results.map(
        (e: { type: string }) => e.type,
      ),
    ).not.toContain('received');
    const page = await app
      .http()
      .get('/library/?type=received')
      .set('Cookie', `gc_session=${squatter.token}`)
      .expect(200);
    expect(page.text).toMatch(/Confirm your e-mail address/);
    expect(page.text).not.toMatch(/For user_/);
  });

  it('shows them once the account proves the address with the link the plugin sends', async () => {
    const owner = await createUser(app.strapi);
    const card = await deliveredCard(owner);
    const session = await webSession(app, owner);
    const asked = await app
      .http()
      .post('/library/confirm-email/')
      .set('Cookie', session.cookie)
      .type('form')
      .send({ _csrf: session.csrf })
      .redirects(0);
    expect([302, 303]).toContain(asked.status);
    const link = confirmationLink(owner.email);
    // A wrong token proves nothing; nor does another account opening the right one.
    expect(
      (await app.http().get('/account/confirm-email/not-a-real-token/').set('Cookie', session.cookie)).status,
    ).toBe(404);
    expect((await received(owner)).count).toBe(0);
    const opened = await app.http().get(link).set('Cookie', session.cookie);
    expect(opened.status).toBe(200);
    expect(opened.text).toMatch(/confirmed/i);
    const list = await received(owner);
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ type: 'received', card: { id: card.id } });
    // A link is used once.
    expect((await app.http().get(link)).status).toBe(404);
    // The proof is of that address: once the account's address changes, nothing shows until the new
    // one is proven (the proven address is remembered per process, keyed by the address).
    const changed = { ...owner, email: `changed-${owner.email}` };
    await app.strapi.db
      .query('plugin::users-permissions.user')
      .update({ where: { id: owner.id }, data: { email: changed.email } });
    await deliveredCard(changed);
    expect((await received(owner)).count).toBe(0);
  });

  it("trusts the host's own e-mail confirmation when it is on", async () => {
    const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
    await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
    try {
      const confirmed = await createUser(app.strapi);
      const unconfirmed = await createUser(app.strapi, { confirmed: false });
      await deliveredCard(confirmed);
      await deliveredCard(unconfirmed);
      expect((await received(confirmed)).count).toBe(1);
      expect((await received(unconfirmed)).count).toBe(0);
    } finally {
      await store.set({ key: 'advanced', value: advanced });
    }
  });
});

describe('security: received cards switched off', () => {
  let app: TestApp;
  appForSuite(
    { SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory', SERVICE_RECEIVED_CARDS: 'false' },
    (booted) => {
      app = booted;
    },
  );

  it('keeps no received entries and shows no Received tab', async () => {
    const sender = await createUser(app.strapi);
    const to = await createUser(app.strapi);
    const card = (await app.http().post('/api/cards/').set(sender.auth).send({ title: 'Hello' }).expect(201)).body;
    expect(await app.strapi.plugin('greeting-cards').service('library').addReceived(card.id, to.email)).toBe(false);
    expect(
      await app.strapi.db.query('plugin::greeting-cards.library-entry').count({ where: { type: 'received' } }),
    ).toBe(0);
    const page = await app.http().get('/library/').set('Cookie', `gc_session=${to.token}`).expect(200);
    expect(page.text).not.toMatch(/type=received/);
  });
});
