import type { ParsedMail } from 'mailparser';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { webSession } from '../web/session';
import { design, fulfilment, q } from './helpers';
import { replyEmail } from '../../plugins/greeting-cards/server/src/areas/fulfilment/ecards/reply-email';

// Issue 45 item 5, a thank-you back: the recipient of a card replies from its view page (found by the
// view token) or through /api/cards/view/<token>/reply/: 1 to 500 characters and an optional free
// sticker, one reply per token, changeable for a day. The sender is e-mailed once (and, for a group
// card, every signer who signed in); the reply shows on the order page and in the library.

const HOSTILE = 'Thank you <b>so</b> much & "more"!';
const replyHeader = (m: ParsedMail) => String(m.headers.get('x-greeting-card-reply') ?? '');
const toOf = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));

describe('a thank-you back from the e-card view page', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let sender: TestUser;
  let freeSticker: number;
  let premiumSticker: number;
  const http = () => app.http();
  const api = (token: string) => `/api/cards/view/${token}/reply/`;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
    });
    sender = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    await proveAddress(app.strapi, sender);
    const assets = app.strapi.db.query('plugin::greeting-cards.asset');
    const sticker = (name: string, emoji: string, premium: boolean) =>
      assets.create({
        data: { name, asset_type: 'sticker', emoji, is_premium: premium, is_active: true, publishedAt: new Date() },
      });
    freeSticker = (await sticker('Party', '🎉', false)).id;
    premiumSticker = (await sticker('Crown', '👑', true)).id;
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  /** Buys one e-card for `email` (demo payment), waits for its send; the order and the view token. */
  async function buyEcard(buyer: TestUser, email: string, cardId?: number) {
    const card = cardId ?? (await createCard(app.strapi, buyer, { title: 'Thanks', canvas_data: design('Hello') })).id;
    const recipient = await createRecipient(app.strapi, buyer, { first_name: 'Ada', last_name: 'Reader', email });
    await http()
      .post('/api/orders/add_to_cart/')
      .set(buyer.auth)
      .send({ card_id: card, recipient_id: recipient.id })
      .expect(200);
    return payCart(buyer, card);
  }
  async function payCart(buyer: TestUser, card: number) {
    const cart = (await http().get('/api/orders/cart/').set(buyer.auth).expect(200)).body;
    await http().post(`/api/orders/${cart.uuid}/checkout/`).set(buyer.auth).send({}).expect(200);
    await http().post(`/api/orders/${cart.uuid}/pay/`).set(buyer.auth).send({}).expect(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, cart.uuid);
    return { uuid: cart.uuid as string, token: delivery.view_token as string, deliveryId: delivery.id as number, card };
  }
  const repliesStored = async () => q(app.strapi, 'ecard-reply').count({});

  it('sends a reply: 201, one e-mail to the sender, escaped; it shows on the order page and in the library', async () => {
    const { uuid, token, card } = await buyEcard(sender, 'ada.one@example.test');
    const sent = await http()
      .post(api(token))
      .send({ message: `  ${HOSTILE}\r\nBest, Ada  `, sticker_id: freeSticker });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      message: `${HOSTILE}\nBest, Ada`,
      sticker: { id: freeSticker, name: 'Party', emoji: '🎉' },
      recipient_name: 'Ada Reader',
      editable: true,
      edited_at: null,
    });
    expect(Date.parse(sent.body.editable_until) - Date.parse(sent.body.sent_at)).toBe(86_400_000);
    expect(sent.headers['x-robots-tag']).toContain('noindex');
    expect((await http().get(api(token))).body.message).toBe(`${HOSTILE}\nBest, Ada`);

    const [mail] = await smtp.waitFor((m) => replyHeader(m) !== '' && toOf(m).includes(sender.email), 1);
    expect(mail.subject).toBe('Ada Reader replied to your card');
    expect(mail.html).toContain('Thank you &lt;b&gt;so&lt;/b&gt; much &amp; &quot;more&quot;!');
    expect(mail.html).not.toContain('<b>so</b>');
    expect(mail.html).toContain(`https://cards.example.test/orders/${uuid}/`);
    expect(mail.text).toContain(`> ${HOSTILE}`);
    expect(mail.text).toContain('With a sticker: 🎉 Party');

    const session = await webSession(app, sender);
    const order = await http().get(`/orders/${uuid}/`).set('Cookie', session.cookie).expect(200);
    expect(order.text).toContain('Ada Reader replied');
    expect(order.text).toContain('Thank you &lt;b&gt;so&lt;/b&gt; much');
    expect(order.text).not.toContain('<b>so</b>');
    const library = await http().get('/library/?type=sent').set('Cookie', session.cookie).expect(200);
    expect(library.text).toContain('1 reply · Latest reply, from Ada Reader');
    expect(library.text).toContain('🎉 Thank you &lt;b&gt;so&lt;/b&gt;');
    expect(library.text).toContain(`/editor/${card}/`);

    expect(smtp.messages.filter((m) => replyHeader(m) === replyHeader(mail))).toHaveLength(1);
  });

  it('refuses a second reply (409), changes the first within its day (PUT), mailing nobody again', async () => {
    const { token } = await buyEcard(sender, 'ada.two@example.test');
    expect((await http().post(api(token)).send({ message: 'First words' })).status).toBe(201);
    await smtp.waitFor((m) => replyHeader(m) !== '' && m.text!.includes('First words'), 1);
    const mailsBefore = smtp.messages.length;

    const second = await http().post(api(token)).send({ message: 'Second words' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ detail: 'This card has a reply already. Change it instead (PUT).' });
    const edited = await http().put(api(token)).send({ message: 'Better words', sticker_id: freeSticker });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Better words', sticker: { id: freeSticker }, editable: true });
    expect(edited.body.edited_at).toEqual(expect.any(String));
    // Taking the sticker off again.
    const plain = await http().put(api(token)).send({ message: 'Better words', sticker_id: null });
    expect(plain.body.sticker).toBeNull();
    const rows = await q(app.strapi, 'ecard-reply').findMany({ where: { message: { $contains: 'words' } } });
    expect(rows.map((r: { message: string }) => r.message)).toEqual(['Better words']);
    // A sent e-mail takes no time to arrive here: wait for any stray one by sending a marker message.
    await app.strapi
      .plugin('greeting-cards')
      .service('mailer')
      .send({ to: 'marker@example.test', subject: 'marker', text: 'x', html: 'x' });
    await smtp.waitFor((m) => m.subject === 'marker', 1);
    expect(smtp.messages.length).toBe(mailsBefore + 1);
  });

  it('keeps one reply per card when five arrive at once (the unique index on the delivery)', async () => {
    const { token, deliveryId } = await buyEcard(sender, 'ada.race@example.test');
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        http()
          .post(api(token))
          .send({ message: `Racing reply ${n}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await q(app.strapi, 'ecard-reply').count({ where: { delivery_id: deliveryId } })).toBe(1);
    await smtp.waitFor((m) => replyHeader(m) !== '' && String(m.text).includes('Racing reply'), 1);
    // The database refuses a second row itself, whatever the service checks first.
    const refused = await q(app.strapi, 'ecard-reply')
      .create({ data: { delivery_id: deliveryId, message: 'Direct', sent_at: new Date() } })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String((refused as Error | null)?.message ?? refused)).toMatch(/unique|duplicate/i);
  });

  it('refuses a change after a day (403), and the reply stays as it was', async () => {
    const { token, deliveryId } = await buyEcard(sender, 'ada.three@example.test');
    await http().post(api(token)).send({ message: 'Kept as sent' }).expect(201);
    await q(app.strapi, 'ecard-reply').update({
      where: { delivery_id: deliveryId },
      data: { sent_at: new Date(Date.now() - 86_400_000 - 60_000) },
    });
    expect((await http().get(api(token))).body).toMatchObject({ editable: false, message: 'Kept as sent' });
    const late = await http().put(api(token)).send({ message: 'Too late' });
    expect(late.status).toBe(403);
    expect(late.body).toEqual({
      detail: 'A reply can be changed for a day after it was sent; this one can no longer be changed.',
    });
    expect((await http().get(api(token))).body.message).toBe('Kept as sent');
    // The page shows it, final: no form.
    const page = await http().get(`/cards/view/${token}/`).expect(200);
    expect(page.text).toContain('Kept as sent');
    expect(page.text).toContain('this one is final now');
    expect(page.text).not.toContain('class="stack reply-form"');
  });

  it('answers 404 for a token that opens no card, and PUT before any reply', async () => {
    for (const token of ['not-a-real-token-at-all-0000000000', 'x', '..%2F..']) {
      for (const method of ['get', 'post', 'put'] as const) {
        const res = await http()[method](api(token)).send({ message: 'Hello' });
        expect([res.status, Object.keys(res.body)]).toEqual([404, ['detail']]);
      }
    }
    const { token } = await buyEcard(sender, 'ada.four@example.test');
    const put = await http().put(api(token)).send({ message: 'Nothing to change' });
    expect([put.status, put.body]).toEqual([404, { detail: 'This card has no reply yet.' }]);
    expect((await http().get(api(token))).status).toBe(404);
  });

  it('answers 400 naming the field for an empty, over-long or badly stickered reply, storing nothing', async () => {
    const { token } = await buyEcard(sender, 'ada.five@example.test');
    const before = await repliesStored();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'message', 'This field is required.'],
      [{ message: '' }, 'message', 'This field may not be blank.'],
      [{ message: ' \n\t ' }, 'message', 'This field may not be blank.'],
      [{ message: 'x'.repeat(501) }, 'message', 'Ensure this field has no more than 500 characters.'],
      [{ message: 42 }, 'message', 'Not a valid string.'],
      [{ message: 'Hi', sticker_id: 999_999 }, 'sticker_id', 'Invalid pk "999999" - object does not exist.'],
      [{ message: 'Hi', sticker_id: premiumSticker }, 'sticker_id', 'Choose one of the free stickers.'],
      [{ message: 'Hi', sticker_id: 'party' }, 'sticker_id', 'A valid integer is required.'],
    ];
    for (const [body, field, text] of cases) {
      const res = await http().post(api(token)).send(body);
      expect([JSON.stringify(body).slice(0, 40), res.status, res.body]).toEqual([
        JSON.stringify(body).slice(0, 40),
        400,
        { [field]: [text] },
      ]);
    }
    // In German when the request asks for it.
    const german = await http().post(api(token)).set('Accept-Language', 'de').send({ message: '' });
    expect(german.body.message[0]).not.toBe('This field may not be blank.');
    expect(await repliesStored()).toBe(before);
    // Exactly 500 characters is fine.
    expect(
      (
        await http()
          .post(api(token))
          .send({ message: 'y'.repeat(500) })
      ).status,
    ).toBe(201);
  });

  it('the view page: the form, its problems shown on the card again (400), then the reply, in English and German', async () => {
    const { token } = await buyEcard(sender, 'ada.six@example.test');
    const page = await http().get(`/cards/view/${token}/`).expect(200);
    expect(page.text).toContain('Say thank you');
    expect(page.text).toContain('Send Sam Jones a short reply.');
    expect(page.text).toContain(`action="/cards/view/${token}/reply/"`);
    expect(page.text).toContain('🎉');
    expect(page.text).not.toContain('👑');
    const german = await http().get(`/cards/view/${token}/`).set('Accept-Language', 'de').expect(200);
    expect(german.text).toContain('Danke sagen');
    expect(german.text).toContain('Antwort senden');

    const empty = await http().post(`/cards/view/${token}/reply/`).type('form').send({ message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('This field may not be blank.');
    expect(empty.text).toContain('aria-invalid="true" aria-describedby="message-error"');
    expect(empty.text).toContain('card-front');
    const views = (await q(app.strapi, 'delivery').findOne({ where: { view_token: token } })).view_count;

    const sent = await http()
      .post(`/cards/view/${token}/reply/`)
      .type('form')
      .send({ message: '<script>alert(1)</script> Lovely!', sticker_id: String(freeSticker) })
      .redirects(0);
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`/cards/view/${token}/?reply=sent#reply`);
    const after = await http().get(`/cards/view/${token}/?reply=sent`).expect(200);
    expect(after.text).toContain('Thank you! Your reply is on its way to Sam Jones.');
    expect(after.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Lovely!');
    expect(after.text).not.toContain('<script>alert(1)');
    expect(after.text).toContain('Change your reply');
    // A form sent back with problems is no visit of the card.
    expect((await q(app.strapi, 'delivery').findOne({ where: { view_token: token } })).view_count).toBe(views + 1);

    // The same form changes it within the day.
    const changed = await http()
      .post(`/cards/view/${token}/reply/`)
      .type('form')
      .send({ message: 'Changed on the page', sticker_id: '' })
      .redirects(0);
    expect(changed.headers.location).toBe(`/cards/view/${token}/?reply=saved#reply`);
    expect((await http().get(api(token))).body).toMatchObject({ message: 'Changed on the page', sticker: null });
  });

  it('with replies turned off: no form, and the routes answer 404 with a clear message', async () => {
    const { token } = await buyEcard(sender, 'ada.seven@example.test');
    const config = app.strapi.config.get('plugin::greeting-cards') as Record<string, unknown>;
    app.strapi.config.set('plugin::greeting-cards', { ...config, ecardReplies: false });
    try {
      const page = await http().get(`/cards/view/${token}/`).expect(200);
      expect(page.text).not.toContain('reply-panel');
      const res = await http().post(api(token)).send({ message: 'Hello' });
      expect([res.status, res.body]).toEqual([404, { detail: 'Replies to cards are turned off.' }]);
      expect((await http().post(`/cards/view/${token}/reply/`).type('form').send({ message: 'Hi' })).status).toBe(404);
    } finally {
      app.strapi.config.set('plugin::greeting-cards', config);
    }
    expect((await http().post(api(token)).send({ message: 'Hello again' })).status).toBe(201);
  });

  it('a group card: the sender and every signer who signed in get the reply, once each', async () => {
    const signerA = await createUser(app.strapi, { first_name: 'Bea', last_name: 'Signer' });
    const signerB = await createUser(app.strapi, { first_name: 'Cal', last_name: 'Signer' });
    const hiddenSigner = await createUser(app.strapi);
    const base = await createCard(app.strapi, sender, { title: 'Leaving', canvas_data: design('Good luck') });
    const group = await http()
      .post('/api/group-cards/')
      .set(sender.auth)
      .send({
        card_id: base.id,
        title: 'Goodbye Ada',
        recipient_name: 'Ada',
        deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      });
    expect(group.status).toBe(201);
    const sign = (user: TestUser | null, message: string) => {
      const req = http().post(`/api/sign/${group.body.sign_token}/signatures/`);
      return (user ? req.set(user.auth) : req).send({ display_name: 'Friend', message });
    };
    for (const [user, message] of [
      [signerA, 'From Bea'],
      [signerB, 'From Cal'],
      [signerA, 'Bea again'],
      [null, 'Anonymous'],
      [sender, 'The organiser too'],
    ] as Array<[TestUser | null, string]>)
      expect((await sign(user, message)).status).toBe(201);
    const hidden = await sign(hiddenSigner, 'Hidden one');
    await http()
      .post(`/api/group-cards/${group.body.uuid}/signatures/${hidden.body.id}/hide/`)
      .set(sender.auth)
      .expect(200);
    const recipient = await createRecipient(app.strapi, sender, {
      first_name: 'Ada',
      last_name: 'Leaver',
      email: 'ada.group@example.test',
    });
    const sent = await http()
      .post(`/api/group-cards/${group.body.uuid}/send/`)
      .set(sender.auth)
      .send({ delivery_method: 'ecard', recipient_id: recipient.id });
    expect(sent.status).toBe(200);
    const { token } = await payCart(sender, sent.body.basket_card_id);

    const reply = await http().post(api(token)).send({ message: 'Thank you all!' });
    expect(reply.status).toBe(201);
    const mails = await smtp.waitFor((m) => replyHeader(m) !== '' && m.text!.includes('Thank you all!'), 3);
    const byAddress = new Map(mails.map((m) => [toOf(m)[0], m]));
    expect([...byAddress.keys()].sort()).toEqual([sender.email, signerA.email, signerB.email].sort());
    expect(mails).toHaveLength(3);
    expect(byAddress.get(signerA.email)!.subject).toBe('Ada Leaver replied to the group card you signed');
    expect(byAddress.get(signerA.email)!.html).not.toContain('/orders/');
    expect(byAddress.get(sender.email)!.subject).toBe('Ada Leaver replied to your card');
    // The hidden signer and the anonymous one got nothing.
    expect(smtp.messages.filter((m) => toOf(m).includes(hiddenSigner.email))).toHaveLength(0);
  });

  it('writes its e-mails in German too, the reply escaped in the HTML part only', () => {
    const sender = replyEmail(
      {
        recipientName: 'Ada Reader',
        message: '<i>Danke</i>!',
        sticker: '🎉 Party',
        audience: 'sender',
        orderUrl: 'https://x.test/orders/1/',
      },
      { locale: 'de' },
    );
    expect(sender.subject).toBe('Ada Reader hat auf deine Karte geantwortet');
    expect(sender.html).toContain('Antwort von Ada Reader:');
    expect(sender.html).toContain('&lt;i&gt;Danke&lt;/i&gt;!');
    expect(sender.text).toContain('> <i>Danke</i>!');
    expect(sender.text).toContain('Zur Bestellung: https://x.test/orders/1/');
    const signer = replyEmail(
      {
        recipientName: 'Win a prize at spam.example',
        message: 'Hi',
        sticker: null,
        audience: 'signer',
        orderUrl: null,
      },
      { locale: 'de' },
    );
    expect(signer.subject).toBe('Die Gruppenkarte, die du unterschrieben hast, hat eine Antwort bekommen');
    expect(signer.text).not.toContain('spam.example');
  });
});

describe('thank-you replies are limited per IP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_REPLIES_PER_IP: '3',
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('counts every attempt, through the API and the page alike, then answers 429 with Retry-After', async () => {
    const buyer = await createUser(app.strapi);
    const card = await createCard(app.strapi, buyer);
    const recipient = await createRecipient(app.strapi, buyer, { email: 'limit@example.test' });
    await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(buyer.auth)
      .send({ card_id: card.id, recipient_id: recipient.id })
      .expect(200);
    const cart = (await app.http().get('/api/orders/cart/').set(buyer.auth)).body;
    await app.http().post(`/api/orders/${cart.uuid}/checkout/`).set(buyer.auth).send({}).expect(200);
    await app.http().post(`/api/orders/${cart.uuid}/pay/`).set(buyer.auth).send({}).expect(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, cart.uuid);
    const path = `/api/cards/view/${delivery.view_token}/reply/`;
    expect((await app.http().post(path).send({ message: '' })).status).toBe(400);
    expect((await app.http().post(path).send({ message: 'Thanks!' })).status).toBe(201);
    expect(
      (await app.http().post(`/cards/view/${delivery.view_token}/reply/`).type('form').send({ message: 'Again' }))
        .status,
    ).toBe(303);
    const limited = await app.http().put(path).send({ message: 'Once more' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(limited.body)).toEqual(['detail']);
    const page = await app
      .http()
      .post(`/cards/view/${delivery.view_token}/reply/`)
      .type('form')
      .send({ message: 'Page' });
    expect(page.status).toBe(429);
    // Reading is not limited.
    expect((await app.http().get(path)).body.message).toBe('Again');
  });
});
