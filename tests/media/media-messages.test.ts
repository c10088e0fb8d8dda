import fs from 'fs';
import path from 'path';
import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { fulfilment } from '../fulfilment/helpers';
import { APP_DIR } from '../helpers/database';
import { mp3, mp4, ogg, webm } from '../helpers/media-files';
import { createAdmin } from '../helpers/admin';
import JSZip from 'jszip';

// Issue 45 item 3: a card's video or voice message. The owner uploads it (checked from its bytes,
// stored through the upload provider), a bad file is a 400 naming `media` with nothing stored, each
// shopper has a count and a storage cap, and the e-card view page and the message page play it.
const MESSAGE = 'plugin::greeting-cards.media-message';
const UPLOADS = path.join(APP_DIR, 'public', 'uploads');

describe('video and voice messages', () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const http = () => app.http();
  const send = (u: TestUser | null, cardId: number, file: Buffer | null, name = 'message.mp3', captions?: string) => {
    const req = http().post(`/editor/${cardId}/message/`);
    if (u) req.set(u.auth);
    if (captions !== undefined) req.field('captions', captions);
    return file ? req.attach('media', file, name) : req.field('nothing', 'x');
  };
  const rows = () => app.strapi.db.query(MESSAGE as never).findMany({});
  const uploadRows = () => app.strapi.db.query('plugin::upload.file').count({});
  const messageFiles = () =>
    fs.existsSync(UPLOADS) ? fs.readdirSync(UPLOADS).filter((f) => f.startsWith('message_')) : [];
  async function stored() {
    return { rows: (await rows()).length, uploads: await uploadRows(), files: messageFiles().length };
  }

  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_MEDIA_MESSAGE_MAX_PER_USER: '2',
      SERVICE_MEDIA_MESSAGE_STORAGE_MB_PER_USER: '1',
    },
    async (booted) => {
      app = booted;
      owner = await createUser(app.strapi);
      other = await createUser(app.strapi);
    },
  );

  it('stores the owner’s message once per card, plays it on a noindex page by an unguessable token', async () => {
    const card = await createCard(app.strapi, owner);
    const res = await send(owner, card.id, mp3(12), 'hello.mp3', 'Happy birthday, <Anna>!').expect(201);
    expect(res.body).toMatchObject({ kind: 'audio', mime: 'audio/mpeg', captions: 'Happy birthday, <Anna>!' });
    expect(Math.round(res.body.duration_ms / 1000)).toBe(12);
    expect(res.body.token).toMatch(/^[\w-]{32}$/);
    expect(res.body.url).toMatch(/^\/uploads\/message_[0-9a-f]{24}_[0-9a-f]+\.mp3$/);
    const file = await http().get(res.body.url).expect(200);
    expect(Buffer.compare(file.body, mp3(12))).toBe(0);

    const page = await http().get(`/messages/${res.body.token}/`).expect(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    // A page of its own: its one main heading says what it is (the card page, below, has the card's title).
    expect(page.text.match(/<h1\b[^>]*>[^<]*/g)).toEqual(['<h1 id="media-heading">A message for you']);
    expect(page.text).toContain(
      `<audio class="media-player media-audio" controls preload="metadata" src="${res.body.url}"`,
    );
    expect(page.text).toContain(`<track kind="captions" src="/messages/${res.body.token}/captions.vtt"`);
    // The captions are text, escaped: never markup.
    expect(page.text).toContain('Happy birthday, &lt;Anna&gt;!');
    const vtt = await http().get(`/messages/${res.body.token}/captions.vtt`).expect(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.text).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:12.016\nHappy birthday, &lt;Anna&gt;!\n');

    // A second upload replaces the first (the old file is removed) and keeps the token.
    const again = await send(owner, card.id, webm(5, 'video'), 'clip.webm').expect(201);
    expect(again.body).toMatchObject({ token: res.body.token, kind: 'video', mime: 'video/webm', captions: '' });
    await http().get(res.body.url).expect(404);
    const videoPage = await http().get(`/messages/${res.body.token}/`).expect(200);
    expect(videoPage.text).toContain('<video class="media-player media-video"');
    expect(videoPage.text).not.toContain('<track');
    expect((await rows()).filter((r: { card_id: number }) => r.card_id === card.id)).toHaveLength(1);

    // Unknown tokens and the German page.
    await http()
      .get(`/messages/${'x'.repeat(32)}/`)
      .expect(404);
    const german = await http().get(`/messages/${res.body.token}/`).set('Accept-Language', 'de').expect(200);
    expect(german.text).toContain('Eine Nachricht für dich');

    // The owner removes it: file and row go.
    await http().delete(`/editor/${card.id}/message/`).set(owner.auth).expect(204);
    await http().get(again.body.url).expect(404);
    await http().get(`/messages/${res.body.token}/`).expect(404);
  });

  it('keeps one message and one file when uploads to one card arrive at once', async () => {
    const shopper = await createUser(app.strapi);
    const card = await createCard(app.strapi, shopper);
    const before = await stored();
    // The first upload of a card three times at once: one row (the card's unique index), the last file
    // standing and the others removed; never a 500.
    const answers = await Promise.all([3, 4, 5].map((seconds) => send(shopper, card.id, mp3(seconds))));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await stored()).toEqual({ rows: before.rows + 1, uploads: before.uploads + 1, files: before.files + 1 });
    const row = (await rows()).find((r: { card_id: number }) => r.card_id === card.id) as { token: string };
    expect(answers.map((r) => r.body.token)).toEqual([row.token, row.token, row.token]);
  });

  it('is in the account export with its file, and leaves with the account', async () => {
    const shopper = await createUser(app.strapi);
    const card = await createCard(app.strapi, shopper);
    const recording = mp3(6);
    const saved = await send(shopper, card.id, recording, 'voice.mp3', 'For you').expect(201);
    const before = await stored();

    const exported = await http()
      .post('/api/me/export/')
      .set(shopper.auth)
      .send({ password: 'correct-horse-battery' })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(exported.status).toBe(200);
    const zip = await JSZip.loadAsync(exported.body as Buffer);
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    const [message] = data.sections.media_messages;
    expect(message).toMatchObject({ card_id: card.id, captions: 'For you', mime: 'audio/mpeg' });
    // The page's token opens the message: it stays out of the zip, as every link's token does.
    expect(JSON.stringify(data)).not.toContain(saved.body.token);
    expect((await zip.file(message.file)!.async('nodebuffer')).equals(recording)).toBe(true);

    const deleted = await http()
      .delete('/api/me/account/')
      .set(shopper.auth)
      .set('X-Current-Password', 'correct-horse-battery');
    expect(deleted.status).toBe(200);
    expect(await stored()).toEqual({ rows: before.rows - 1, uploads: before.uploads - 1, files: before.files - 1 });
    await http().get(`/messages/${saved.body.token}/`).expect(404);
  });

  it('refuses bad files with a 400 naming media, and stores nothing', async () => {
    const card = await createCard(app.strapi, owner);
    const before = await stored();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const whole = ogg(10);
    const cases: Array<[string, Buffer, string]> = [
      ['a picture renamed', png, 'voice.mp3'],
      ['a page renamed', Buffer.from('<html><script>alert(1)</script></html>'), 'voice.webm'],
      ['too long', mp3(61), 'long.mp3'],
      ['too long, as video', mp4(75), 'long.mp4'],
      ['truncated', whole.subarray(0, whole.length - 100), 'short.ogg'],
      // Cut inside a block (a WebM cut between two clusters is a whole, shorter file).
      ['truncated webm', webm(20).subarray(0, webm(20).length - 10), 'short.webm'],
      ['a polyglot (a zip appended)', Buffer.concat([mp3(3), Buffer.from('PK\x03\x04zip', 'latin1')]), 'both.mp3'],
      [
        'a polyglot (a page inside)',
        Buffer.concat([webm(3).subarray(0, 200), Buffer.from('<script>x</script>'), webm(3).subarray(218)]),
        'both.webm',
      ],
      ['over 50 MB', Buffer.concat([mp3(1), Buffer.alloc(50 * 1024 * 1024)]), 'big.mp3'],
      ['empty', Buffer.alloc(0), 'empty.mp3'],
    ];
    for (const [what, bytes, name] of cases) {
      const res = await send(owner, card.id, bytes, name);
      if (res.status !== 400 || !Array.isArray(res.body.media))
        throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    // No file at all, captions that are not text or too long.
    expect((await send(owner, card.id, null)).body).toEqual({
      media: ['Choose a recording or a sound or video file.'],
    });
    const long = await send(owner, card.id, mp3(2), 'ok.mp3', 'x'.repeat(2001)).expect(400);
    expect(Object.keys(long.body)).toEqual(['captions']);
    // German, as every error.
    const german = await send(owner, card.id, png, 'voice.mp3').set('Accept-Language', 'de').expect(400);
    expect(german.body.media[0]).toMatch(/Diese Datei ist kein MP4/);
    expect(await stored()).toEqual(before);
  }, 120_000);

  it('only the owner, signed in, may add or remove a card’s message', async () => {
    const card = await createCard(app.strapi, owner);
    const before = await stored();
    await send(other, card.id, mp3(2)).expect(404);
    await send(null, card.id, mp3(2)).expect(401);
    await http().delete(`/editor/${card.id}/message/`).set(other.auth).expect(404);
    await send(owner, 99999999, mp3(2)).expect(404);
    await send(owner, 'x' as unknown as number, mp3(2)).expect(404);
    expect(await stored()).toEqual(before);
  });

  it('holds each shopper to a count and a storage cap (413), a replacement counting once', async () => {
    const shopper = await createUser(app.strapi);
    const [a, b, c] = [
      await createCard(app.strapi, shopper),
      await createCard(app.strapi, shopper),
      await createCard(app.strapi, shopper),
    ];
    await send(shopper, a.id, mp3(12)).expect(201); // ~0.19 MB
    await send(shopper, b.id, mp3(40)).expect(201); // ~0.64 MB
    const count = await send(shopper, c.id, mp3(1)).expect(413);
    expect(count.body.detail).toMatch(/at most 2 messages/);
    // Replacing b with a longer one: the two together would pass 1 MB.
    const room = await send(shopper, b.id, mp3(58)).expect(413);
    expect(room.body.detail).toMatch(/more than 1 MB/);
    await send(shopper, b.id, mp3(30)).expect(201);
    // Another shopper is not held by this one's messages.
    await send(other, (await createCard(app.strapi, other)).id, mp3(2)).expect(201);
  });

  it('the e-card view page plays the sender’s message, and says so when the shop removed it', async () => {
    const sender = await createUser(app.strapi);
    const card = await createCard(app.strapi, sender);
    const recipient = await createRecipient(app.strapi, sender);
    const msg = (await send(sender, card.id, mp3(4), 'hi.mp3', 'Hi there').expect(201)).body;
    await http()
      .post('/api/orders/add_to_cart/')
      .set(sender.auth)
      .send({ card_id: card.id, recipient_id: recipient.id })
      .expect(200);
    const uuid = (await http().get('/api/orders/cart/').set(sender.auth).expect(200)).body.uuid;
    await http().post(`/api/orders/${uuid}/checkout/`).set(sender.auth).send({}).expect(200);
    await http().post(`/api/orders/${uuid}/pay/`).set(sender.auth).send({}).expect(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, uuid);
    // Ordered, the card's message is frozen as its design is: the recipient gets what was bought.
    await send(sender, card.id, mp3(2)).expect(409);
    await http().delete(`/editor/${card.id}/message/`).set(sender.auth).expect(409);
    const view = await http().get(`/cards/view/${delivery.view_token}/`).expect(200);
    expect(view.text).toContain(`<audio class="media-player media-audio" controls preload="metadata" src="${msg.url}"`);
    expect(view.text).toContain(`/messages/${msg.token}/captions.vtt`);
    expect(view.text).toContain('Hi there');
    expect(view.text).toContain('<h2 id="media-heading">A message for you</h2>');

    const row = (await rows()).find((r: { token: string }) => r.token === msg.token);
    // The operator's removal (admin API): a reason is required, and only those who manage deliveries may.
    const removeUrl = `/greeting-cards/admin/media-messages/${row.id}/remove`;
    const bystander = await createAdmin(app.strapi, http, []);
    await http().post(removeUrl).set(bystander.auth).send({ reason: 'No' }).expect(403);
    const operator = await createAdmin(app.strapi, http, ['plugin::greeting-cards.deliveries.manage']);
    expect((await http().post(removeUrl).set(operator.auth).send({ reason: '  ' }).expect(400)).body).toEqual({
      reason: ['This field is required.'],
    });
    await http().get(msg.url).expect(200);
    await http().post(removeUrl).set(operator.auth).send({ reason: 'Not suitable for a card' }).expect(200);
    const removed = await http().get(`/cards/view/${delivery.view_token}/`).expect(200);
    expect(removed.text).toContain('This message was removed by the shop.');
    expect(removed.text).toContain('Reason: Not suitable for a card');
    expect(removed.text).not.toContain('<audio');
    await http().get(msg.url).expect(404);
    const page = await http().get(`/messages/${msg.token}/`).expect(200);
    expect(page.text).toContain('This message was removed by the shop.');
  }, 120_000);

  it('lists messages newest first for operators who manage deliveries, the owner’s e-mail masked', async () => {
    const shopper = await createUser(app.strapi, { email: `zoe.${Date.now()}@example.test` });
    const card = await createCard(app.strapi, shopper, { title: 'Listed Card' });
    await send(shopper, card.id, mp3(9)).expect(201);
    const list = '/greeting-cards/admin/media-messages';
    const bystander = await createAdmin(app.strapi, http, []);
    await http().get(list).set(bystander.auth).expect(403);
    const operator = await createAdmin(app.strapi, http, ['plugin::greeting-cards.deliveries.manage']);
    const res = await http().get(list).set(operator.auth).expect(200);
    expect(res.body.results[0]).toEqual({
      id: expect.any(Number),
      card_id: card.id,
      card_title: 'Listed Card',
      owner_email: 'zo***@example.test',
      kind: 'audio',
      duration_ms: expect.any(Number),
      created_at: expect.any(String),
      status: 'live',
      removed_at: null,
      removed_reason: '',
    });
    expect(JSON.stringify(res.body)).not.toContain(shopper.email);
    const id = res.body.results[0].id as number;
    await http().post(`${list}/${id}/remove`).set(operator.auth).send({ reason: 'Spam' }).expect(200);
    const removed = await http().get(`${list}?status=removed`).set(operator.auth).expect(200);
    expect(removed.body.results.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: 'removed',
      removed_reason: 'Spam',
    });
    const live = await http().get(`${list}?status=live`).set(operator.auth).expect(200);
    expect(live.body.results.some((r: { id: number }) => r.id === id)).toBe(false);
    await http().get(`${list}?status=gone`).set(operator.auth).expect(400);
  });
});
