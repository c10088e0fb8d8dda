import crypto from 'crypto';
import { startApp, QUIET_APP, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { webSession } from '../web/session';
import { design, fulfilment, q } from '../fulfilment/helpers';

// Security issue 39, finding 4: group-card invitations were a mail relay. One request from a new,
// unconfirmed account made the shop send 100 e-mails to addresses of its choosing with its own text in
// the Subject. Now: only an account with a confirmed address (or a paid order) may have the shop e-mail
// other people; each account may cause SERVICE_SHOPPER_EMAILS_PER_DAY such e-mails a day, counted in
// the database; and a subject never carries the shopper's free text, which the body shows as a quote.

const CAP = 5;
const PUBLIC_URL = 'https://cards.example.test';
const CONFIRM_FIRST =
  'Please confirm your e-mail address first. We send e-mails to other people only for accounts with a confirmed address or a paid order; we can e-mail you a confirmation link.';

describe('e-mails a shopper can have sent to addresses they type', () => {
  let app: TestApp;
  let smtp: SmtpCapture;

  // The mail server refuses these mailboxes: an e-card to one fails, and may be sent again.
  const refused = new Set<string>();

  beforeAll(async () => {
    smtp = await startSmtpCapture({
      rejectRecipient: (address) => (refused.has(address) ? `5.1.1 <${address}>: Recipient address rejected` : null),
    });
    app = await startApp({
      ...QUIET_APP,
      ...smtp.env,
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_SHOPPER_EMAILS_PER_DAY: String(CAP),
      SERVICE_DELIVERY_MAX_ATTEMPTS: '1',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const deadline = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
  const invite = async (user: TestUser, emails: string[], extra: Record<string, unknown> = {}, language = 'en') => {
    const card = await createCard(app.strapi, user);
    return app
      .http()
      .post('/api/group-cards/')
      .set(user.auth)
      .set('Accept-Language', language)
      .send({
        card_id: card.id,
        title: 'Farewell',
        recipient_name: 'Sam',
        deadline: deadline(),
        invite_emails: emails,
        ...extra,
      });
  };
  const addresses = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@example.test`);
  const groupCardsOf = (user: TestUser) =>
    app.strapi.db.query('plugin::greeting-cards.group-card').count({ where: { owner: { id: user.id } } });
  const runJob = () =>
    app.strapi.plugin('greeting-cards').service('groupCardMail').runDue(new Date()) as Promise<{ invitations: number }>;

  describe('only an account with a confirmed address or a paid order', () => {
    it('refuses invitations from a new account whose address is not confirmed, says how to confirm it, and stores nothing', async () => {
      const fresh = await createUser(app.strapi);
      const refused = await invite(fresh, addresses(100, 'victim'));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: CONFIRM_FIRST });
      const german = await invite(fresh, ['one@example.test'], {}, 'de-DE,de;q=0.9');
      expect(german.status).toBe(403);
      expect(german.body.detail).toMatch(/^Bitte bestätige zuerst deine E-Mail-Adresse\./);
      expect(await groupCardsOf(fresh)).toBe(0);
      expect((await runJob()).invitations).toBe(0);

      // A group card without invitations sends nobody anything: allowed, the link is shared by hand.
      expect((await invite(fresh, [])).status).toBe(201);

      // The web form says the same under the form, and offers the confirmation link.
      const session = await webSession(app, fresh);
      const card = await createCard(app.strapi, fresh);
      const page = await app
        .http()
        .post('/group/new/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({
          _csrf: session.csrf,
          card_id: String(card.id),
          title: 'Farewell',
          recipient_name: 'Sam',
          deadline: '2099-01-01T17:00',
          invite_emails: 'a@example.test',
        });
      expect(page.status).toBe(400);
      expect(page.text).toContain(CONFIRM_FIRST);
      expect(page.text).toMatch(
        /<form method="post" action="\/library\/confirm-email\/"[^>]*>\s*<input type="hidden" name="_csrf" value="[^"]+">\s*<input type="hidden" name="next" value="\/group\/new\/">/,
      );

      // The button sends the link and comes back to the form, which says so; any other `next` is ignored.
      const asked = await app
        .http()
        .post('/library/confirm-email/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: session.csrf, next: '/group/new/' })
        .redirects(0);
      expect(asked.status).toBe(303);
      expect(asked.headers.location).toBe('/group/new/?link=sent');
      await smtp.waitFor((m) => (m.to as { text: string }).text === fresh.email);
      expect((await app.http().get(asked.headers.location).set('Cookie', session.cookie)).text).toContain(
        'We sent a confirmation link to your e-mail address.',
      );
      const elsewhere = await app
        .http()
        .post('/library/confirm-email/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: session.csrf, next: '//evil.example/' })
        .redirects(0);
      expect(elsewhere.headers.location).toBe('/library/?type=received&link=sent');

      // Once the address is proven (the plugin's link), the same request is accepted.
      await proveAddress(app.strapi, fresh);
      const accepted = await invite(fresh, ['friend@example.test']);
      expect(accepted.status).toBe(201);
    });

    it("takes the host's confirmed flag as proof when the host confirms e-mail addresses", async () => {
      const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
      const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
      const unconfirmed = await createUser(app.strapi, { confirmed: false });
      const confirmed = await createUser(app.strapi, { confirmed: true });
      try {
        await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
        expect((await invite(confirmed, ['x@example.test'])).status).toBe(201);
        expect((await invite(unconfirmed, ['x@example.test'])).status).toBe(403);
      } finally {
        await store.set({ key: 'advanced', value: advanced });
      }
      // With confirmation off, every account is created confirmed: the flag then proves nothing.
      expect((await invite(await createUser(app.strapi, { confirmed: true }), ['x@example.test'])).status).toBe(403);
    });

    it('accepts an account that has paid for an order, but not a demo payment or a free order', async () => {
      const orders = app.strapi.db.query('plugin::greeting-cards.order');
      const paidOrder = (user: TestUser, fields: Record<string, unknown>) =>
        orders.create({
          data: {
            uuid: crypto.randomUUID(),
            user: user.id,
            status: 'paid',
            paid_at: new Date(),
            currency: 'GBP',
            ...fields,
          },
        });
      const buyer = await createUser(app.strapi);
      await paidOrder(buyer, { total_pence: 299, payment_provider: 'stripe' });
      expect((await invite(buyer, ['x@example.test'])).status).toBe(201);

      const demo = await createUser(app.strapi);
      await paidOrder(demo, { total_pence: 299, payment_provider: 'demo' });
      await paidOrder(demo, { total_pence: 0, payment_provider: 'none', status: 'fulfilled' });
      expect((await invite(demo, ['x@example.test'])).status).toBe(403);
    });
  });

  describe('a daily number per account', () => {
    it(`sends at most ${CAP} a day: the request past it is refused with when to try again, in English and German`, async () => {
      const user = await createUser(app.strapi);
      await proveAddress(app.strapi, user);
      expect((await invite(user, addresses(3, 'a'))).status).toBe(201);
      const tooMany = await invite(user, addresses(3, 'b'));
      expect(tooMany.status).toBe(429);
      expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(tooMany.headers['retry-after'])).toBeLessThanOrEqual(86_400 + 3_600);
      expect(tooMany.body).toEqual({
        detail: expect.stringMatching(
          new RegExp(
            `^This would send 3 e-mails, but your account can send only 2 more today \\(${CAP} a day\\)\\. You can send more from midnight \\(shop time\\), in (under an hour|about \\d+ hours)\\.$`,
          ),
        ),
      });
      expect((await invite(user, addresses(2, 'c'))).status).toBe(201);

      // The cap's next one: N + 1.
      const full = await invite(user, ['one.more@example.test']);
      expect(full.status).toBe(429);
      expect(full.body.detail).toMatch(
        new RegExp(
          `^Your account has sent the ${CAP} e-mails to other people it may send today\\. You can send more from midnight \\(shop time\\), in (under an hour|about \\d+ hours)\\.$`,
        ),
      );
      const german = await invite(user, ['one.more@example.test'], {}, 'de-DE,de;q=0.9');
      expect(german.status).toBe(429);
      expect(german.body.detail).toMatch(
        new RegExp(
          `^Dein Konto hat heute schon die ${CAP} E-Mails an andere verschickt, die es darf\\. Ab Mitternacht \\(Zeit des Shops\\) geht es weiter, (in weniger als einer Stunde|in etwa \\d+ Stunden)\\.$`,
        ),
      );
      expect(await groupCardsOf(user)).toBe(2);
    });

    it('holds when requests race: the count is taken in the database', async () => {
      const racer = await createUser(app.strapi);
      await proveAddress(app.strapi, racer);
      const cards = await Promise.all(Array.from({ length: 8 }, () => createCard(app.strapi, racer)));
      const answers = await Promise.all(
        cards.map((card, i) =>
          app
            .http()
            .post('/api/group-cards/')
            .set(racer.auth)
            .send({
              card_id: card.id,
              title: 'Race',
              recipient_name: 'Sam',
              deadline: deadline(),
              invite_emails: [`race${i}@example.test`],
            }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(CAP).fill(201), ...Array(8 - CAP).fill(429)]);
      expect(await groupCardsOf(racer)).toBe(CAP);
    });

    it('counts an e-card sent again, which also needs a confirmed address (a demo payment is not a paid order)', async () => {
      const buyer = await createUser(app.strapi);
      const card = await createCard(app.strapi, buyer, { title: 'Hi', canvas_data: design('Hi') });
      const emails = ['gone.one@example.test', 'gone.two@example.test'];
      for (const email of emails) {
        refused.add(email);
        const recipient = await createRecipient(app.strapi, buyer, { first_name: 'Gone', last_name: 'Reader', email });
        expect(
          (
            await app
              .http()
              .post('/api/orders/add_to_cart/')
              .set(buyer.auth)
              .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'ecard' })
          ).status,
        ).toBe(200);
      }
      const cart = await app.http().get('/api/orders/cart/').set(buyer.auth);
      expect((await app.http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(buyer.auth).send({})).status).toBe(
        200,
      );
      expect((await app.http().post(`/api/orders/${cart.body.uuid}/pay/`).set(buyer.auth).send({})).status).toBe(200);
      await fulfilment(app.strapi).drain();
      const failed = await q(app.strapi, 'delivery').findMany({
        where: { order_item: { order: { uuid: cart.body.uuid } } },
        orderBy: { id: 'asc' },
      });
      expect(failed.map((d: { status: string }) => d.status)).toEqual(['failed', 'failed']);
      emails.forEach((e) => refused.delete(e));
      const sendAgain = (id: number) => app.http().post(`/api/deliveries/${id}/send-again/`).set(buyer.auth).send({});

      expect((await sendAgain(failed[0].id)).body).toEqual({ detail: CONFIRM_FIRST });
      await proveAddress(app.strapi, buyer);
      expect((await invite(buyer, addresses(CAP - 1, 'fill'))).status).toBe(201);
      expect((await sendAgain(failed[0].id)).status).toBe(200);
      const over = await sendAgain(failed[1].id);
      expect(over.status).toBe(429);
      expect(over.body.detail).toMatch(/^Your account has sent the 5 e-mails to other people it may send today\./);
      expect((await q(app.strapi, 'delivery').findOne({ where: { id: failed[1].id } })).status).toBe('failed');
    });

    it('counts the address-confirmation link too: the link past the cap is not sent', async () => {
      const asker = await createUser(app.strapi);
      const session = await webSession(app, asker);
      const mailsTo = () => smtp.messages.filter((m) => (m.to as { text: string }).text === asker.email).length;
      for (let i = 1; i <= CAP; i++) {
        const sent = await app
          .http()
          .post('/library/confirm-email/')
          .set('Cookie', session.cookie)
          .type('form')
          .send({ _csrf: session.csrf })
          .redirects(0);
        expect(sent.status).toBe(303);
        await smtp.waitFor((m) => (m.to as { text: string }).text === asker.email, i);
      }
      const refused = await app
        .http()
        .post('/library/confirm-email/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: session.csrf })
        .redirects(0);
      expect(refused.status).toBe(429);
      expect(refused.text).toContain(`Your account has sent the ${CAP} e-mails to other people it may send today.`);
      expect(mailsTo()).toBe(CAP);
    });
  });

  describe('subjects and bodies', () => {
    const invitationTo = async (address: string) =>
      (await smtp.waitFor((m) => (m.to as { text: string }).text === address))[0];

    it("keeps the shopper's text out of the subject and shows it quoted and escaped in the body", async () => {
      const spammer = await createUser(app.strapi, { first_name: 'Visit', last_name: 'cheap-pills.example today' });
      await proveAddress(app.strapi, spammer);
      expect(
        (
          await invite(spammer, ['target@example.test'], {
            title: 'WIN A PRIZE <b>now</b> at prize.example',
            recipient_name: 'Claim it at prize.example',
          })
        ).status,
      ).toBe(201);
      expect((await runJob()).invitations).toBeGreaterThanOrEqual(1);
      const mail = await invitationTo('target@example.test');
      expect(mail.subject).toBe('You are invited to sign a group card');
      expect(mail.subject).not.toMatch(/prize|pills|Visit/i);
      // The text part marks every line of theirs as a quote.
      expect(mail.text).toContain('> WIN A PRIZE <b>now</b> at prize.example\n> For: Claim it at prize.example');
      for (const line of String(mail.text).split('\n'))
        if (/prize\.example/.test(line)) expect(line.startsWith('> ')).toBe(true);
      // The HTML part in a blockquote, escaped.
      expect(String(mail.html)).toMatch(
        /<blockquote[^>]*>[\s\S]*WIN A PRIZE &lt;b&gt;now&lt;\/b&gt; at prize\.example[\s\S]*<\/blockquote>/,
      );
      expect(String(mail.html)).not.toContain('<b>now</b>');
      // A name that is not a name (a web address in it) is never shown as the sender's.
      expect(String(mail.text)).not.toContain('cheap-pills');
    });

    it('names a real-looking organiser in the subject, nothing more', async () => {
      const alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Organiser' });
      await proveAddress(app.strapi, alice);
      expect(
        (await invite(alice, ['ann.subject@example.test'], { title: 'Leaving do', recipient_name: 'Sam' })).status,
      ).toBe(201);
      expect((await runJob()).invitations).toBeGreaterThanOrEqual(1);
      const mail = await invitationTo('ann.subject@example.test');
      expect(mail.subject).toBe('Alice Organiser invites you to sign a group card');
      expect(mail.text).toContain('Message from Alice Organiser:\n> Leaving do\n> For: Sam');
    });
  });
});
