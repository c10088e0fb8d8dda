import crypto from 'crypto';
import sharp from 'sharp';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';
import { countPixels, decodePng } from '../helpers/png';
import { imageSizes, pagePng } from '../helpers/pdf';
import { pageDesign } from '../../plugins/greeting-cards/server/src/platform/designs/print-products/pages';

// Issue 45 item 7: a group card's signers add photos to their messages. The editor's upload checks
// (type from the bytes, size, dimensions) and one more (a single picture, no polyglot) apply, with a
// cap per signature and per card; only the signer's own browser adds or removes them; the organiser
// hides them like a message; the finished card carries them into both PDFs. Real Strapi, real
// database, real Chromium.
jest.setTimeout(240_000);

/** The CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const PER_SIGNATURE = 2;
const PER_CARD = 3;
// A colour nothing else on the card has: the photo in a rendered page is found by it.
const MAGENTA = { r: 0xd0, g: 0x10, b: 0x8a };
const isMagenta = ([r, g, b]: number[]) =>
  Math.abs(r - MAGENTA.r) < 40 && Math.abs(g - MAGENTA.g) < 40 && Math.abs(b - MAGENTA.b) < 40;

describe('group cards with pictures', () => {
  let app: TestApp;
  let organiser: TestUser;
  let cardId: number;
  let photo: Buffer;
  const http = () => app.http();
  const rendering = () => app.strapi.plugin('greeting-cards').service('rendering');
  const files = () => app.strapi.db.query('plugin::upload.file').count();

  beforeAll(async () => {
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_GROUP_CARD_PHOTOS_PER_SIGNATURE: String(PER_SIGNATURE),
      SERVICE_GROUP_CARD_PHOTOS_PER_CARD: String(PER_CARD),
    });
    organiser = await createUser(app.strapi);
    cardId = (await createCard(app.strapi, organiser, { title: 'Leaving card' })).id;
    photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: MAGENTA } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await app?.stop();
  });

  const start = async () =>
    (
      await http()
        .post('/api/group-cards/')
        .set(organiser.auth)
        .send({ card_id: cardId, title: 'Goodbye Sam', recipient_name: 'Sam', deadline: inDays(3) })
        .expect(201)
    ).body as { uuid: string; sign_token: string };
  const sign = async (token: string, name = 'Jo') =>
    (
      await http()
        .post(`/api/sign/${token}/signatures/`)
        .send({ display_name: name, message: `Good luck from ${name}!` })
        .expect(201)
    ).body as { id: number; edit_token: string };
  const addPhoto = (token: string, sig: { id: number; edit_token: string | null }, file: Buffer, name = 'me.jpg') => {
    const req = http().post(`/api/sign/${token}/signatures/${sig.id}/photos/`);
    if (sig.edit_token) req.set('X-Edit-Token', sig.edit_token);
    return req.attach('photo', file, name);
  };
  const photosOfRow = async (id: number) =>
    (await app.strapi.db.query('plugin::greeting-cards.group-signature').findOne({ where: { id } }))?.photos ?? null;

  it('adds a photo to the signer’s own message, stored through the upload provider, and removes it', async () => {
    const g = await start();
    const jo = await sign(g.sign_token);
    const before = await files();
    const res = await addPhoto(g.sign_token, jo, photo);
    expect(res.status).toBe(201);
    expect(res.body.photos).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        url: expect.stringMatching(/^\/uploads\/.+\.jpg$/),
        width: 300,
        height: 200,
      },
    ]);
    expect(await files()).toBe(before + 1);
    const url = res.body.photos[0].url as string;
    expect((await http().get(url)).status).toBe(200);

    // Other signers see it on the signing page's wall; the organiser sees it too.
    const view = await http().get(`/api/sign/${g.sign_token}/`).expect(200);
    expect(view.body.signatures[0].photos).toEqual(res.body.photos);
    const detail = await http().get(`/api/group-cards/${g.uuid}/`).set(organiser.auth).expect(200);
    expect(detail.body.signatures[0]).toMatchObject({ photos: res.body.photos, photos_hidden: false });

    const removed = await http()
      .delete(`/api/sign/${g.sign_token}/signatures/${jo.id}/photos/${res.body.photos[0].id}/`)
      .set('X-Edit-Token', jo.edit_token)
      .expect(200);
    expect(removed.body.photos).toEqual([]);
    expect(await files()).toBe(before);
    expect((await http().get(url)).status).toBe(404);
  });

  it('refuses what is not one whole picture: a 400 naming the field, with nothing stored', async () => {
    const g = await start();
    const jo = await sign(g.sign_token);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2E86C1' } })
      .png()
      .toBuffer();
    const zipHeader = Buffer.from('504b0304140000000800', 'hex');
    // A photo with detail, so that half of it holds the whole header and part of the picture.
    const noisy = await sharp(crypto.randomBytes(300 * 200 * 3), { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    // A small PNG whose header claims 30000 x 30000 pixels (a decompression bomb's shape), its
    // header's checksum made right, so that only its size is wrong.
    const huge = Buffer.from(png);
    huge.writeUInt32BE(30000, 16);
    huge.writeUInt32BE(30000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const cases: Array<[string, Buffer, string, string]> = [
      [
        'text named .png',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'me.png',
        'Please upload a JPEG, PNG, WebP or GIF picture.',
      ],
      [
        'a truncated JPEG',
        noisy.subarray(0, Math.floor(noisy.length / 2)),
        'me.jpg',
        'This picture could not be read. It may be damaged or incomplete.',
      ],
      [
        'over 10 MB',
        Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]),
        'big.jpg',
        'The photo is larger than 10 MB. Please choose a smaller one.',
      ],
      [
        'a PNG with a page appended',
        Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]),
        'me.png',
        'This file holds more than a picture. Save the photo again as a plain JPEG or PNG and choose that.',
      ],
      [
        'a JPEG with an archive appended',
        Buffer.concat([photo, zipHeader, Buffer.from('payload')]),
        'me.jpg',
        'This file holds more than a picture. Save the photo again as a plain JPEG or PNG and choose that.',
      ],
      [
        'a picture of 30000 x 30000 pixels, over the pixel limit',
        huge,
        'huge.png',
        // sharp will not read its header past its pixel limit: refused as no picture it takes.
        'Please upload a JPEG, PNG, WebP or GIF picture.',
      ],
    ];
    const before = await files();
    for (const [what, file, name, message] of cases) {
      const res = await addPhoto(g.sign_token, jo, file, name);
      expect({ what, status: res.status, body: res.body }).toEqual({ what, status: 400, body: { photo: [message] } });
    }
    // No file at all.
    const none = await http()
      .post(`/api/sign/${g.sign_token}/signatures/${jo.id}/photos/`)
      .set('X-Edit-Token', jo.edit_token)
      .send({});
    expect([none.status, none.body]).toEqual([400, { photo: ['Choose a photo to upload.'] }]);
    // In German, for a German browser.
    const german = await addPhoto(g.sign_token, jo, cases[3][1], 'me.png').set('Accept-Language', 'de');
    expect([german.status, german.body]).toEqual([
      400,
      {
        photo: [
          'Diese Datei enthält mehr als ein Bild. Speichere das Foto noch einmal als einfaches JPEG oder PNG und wähle es dann aus.',
        ],
      },
    ]);
    expect(await files()).toBe(before);
    expect(await photosOfRow(jo.id)).toBeNull();
    // A good picture of each format is accepted (the single-picture check reads each to its end).
    for (const format of ['png', 'webp', 'gif'] as const) {
      const file = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#336699' } })
        [format]()
        .toBuffer();
      const fresh = await sign(g.sign_token, `Format ${format}`);
      const res = await addPhoto(g.sign_token, fresh, file, `me.${format}`);
      expect({ format, status: res.status }).toEqual({ format, status: 201 });
    }
  });

  it('lets only the signer’s own browser add or remove a photo', async () => {
    const g = await start();
    const jo = await sign(g.sign_token, 'Jo');
    const kim = await sign(g.sign_token, 'Kim');
    const before = await files();
    // No token, Kim's token on Jo's signature, the organiser's account: "not found", nothing stored.
    for (const attempt of [
      addPhoto(g.sign_token, { id: jo.id, edit_token: null }, photo),
      addPhoto(g.sign_token, { id: jo.id, edit_token: kim.edit_token }, photo),
      http()
        .post(`/api/sign/${g.sign_token}/signatures/${jo.id}/photos/`)
        .set(organiser.auth)
        .attach('photo', photo, 'a.jpg'),
    ]) {
      const res = await attempt;
      expect([res.status, res.body]).toEqual([404, { detail: 'Not found.' }]);
    }
    expect(await files()).toBe(before);
    const added = await addPhoto(g.sign_token, jo, photo).expect(201);
    const photoId = added.body.photos[0].id;
    const stranger = await http()
      .delete(`/api/sign/${g.sign_token}/signatures/${jo.id}/photos/${photoId}/`)
      .set('X-Edit-Token', kim.edit_token);
    expect(stranger.status).toBe(404);
    const unknown = await http()
      .delete(`/api/sign/${g.sign_token}/signatures/${jo.id}/photos/0123456789abcdef/`)
      .set('X-Edit-Token', jo.edit_token);
    expect(unknown.status).toBe(404);
    expect((await photosOfRow(jo.id)).map((p: { id: string }) => p.id)).toEqual([photoId]);
    // A closed card takes no more photos.
    await http().post(`/api/group-cards/${g.uuid}/close/`).set(organiser.auth).expect(200);
    const closed = await addPhoto(g.sign_token, jo, photo);
    expect(closed.status).toBe(410);
    expect(await files()).toBe(before + 1);
  });

  it('caps photos per signature and per card, refusing before anything is stored', async () => {
    const g = await start();
    const jo = await sign(g.sign_token, 'Jo');
    const kim = await sign(g.sign_token, 'Kim');
    for (let i = 0; i < PER_SIGNATURE; i++) await addPhoto(g.sign_token, jo, photo).expect(201);
    const before = await files();
    const third = await addPhoto(g.sign_token, jo, photo);
    expect([third.status, third.body]).toEqual([
      400,
      { photo: [`A message can have at most ${PER_SIGNATURE} photos.`] },
    ]);
    await addPhoto(g.sign_token, kim, photo).expect(201);
    const overCard = await addPhoto(g.sign_token, kim, photo);
    expect([overCard.status, overCard.body]).toEqual([
      400,
      { photo: [`This group card already holds ${PER_CARD} photos, as many as it takes.`] },
    ]);
    expect(await files()).toBe(before + 1);
  });

  it('keeps every photo of uploads that arrive at once, and the per-signature cap between them', async () => {
    const g = await start();
    const jo = await sign(g.sign_token, 'Jo');
    const before = await files();
    // Two at once with room for two: both land (a read-then-write without the lock kept one).
    const both = await Promise.all([addPhoto(g.sign_token, jo, photo), addPhoto(g.sign_token, jo, photo)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect((await photosOfRow(jo.id)).length).toBe(PER_SIGNATURE);
    expect(await files()).toBe(before + PER_SIGNATURE);
    // Taking both off at once leaves none, and no file behind.
    const listed = (await photosOfRow(jo.id)) as Array<{ id: string }>;
    const removed = await Promise.all(
      listed.map((p) =>
        http()
          .delete(`/api/sign/${g.sign_token}/signatures/${jo.id}/photos/${p.id}/`)
          .set('X-Edit-Token', jo.edit_token),
      ),
    );
    expect(removed.map((r) => r.status)).toEqual([200, 200]);
    expect(await photosOfRow(jo.id)).toEqual([]);
    expect(await files()).toBe(before);
    // One photo on, two more at once with room for one: one lands, the other is refused and not kept.
    await addPhoto(g.sign_token, jo, photo).expect(201);
    const race = await Promise.all([addPhoto(g.sign_token, jo, photo), addPhoto(g.sign_token, jo, photo)]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 400]);
    expect((await photosOfRow(jo.id)).length).toBe(PER_SIGNATURE);
    expect(await files()).toBe(before + PER_SIGNATURE);
  });

  it('lets the organiser hide and show a signer’s photos, as a message is hidden', async () => {
    const g = await start();
    const jo = await sign(g.sign_token);
    const added = await addPhoto(g.sign_token, jo, photo).expect(201);
    const other = await createUser(app.strapi);
    // Only the organiser: another account is "not found".
    await http().post(`/api/group-cards/${g.uuid}/signatures/${jo.id}/photos/hide/`).set(other.auth).expect(404);
    const hidden = await http()
      .post(`/api/group-cards/${g.uuid}/signatures/${jo.id}/photos/hide/`)
      .set(organiser.auth)
      .expect(200);
    expect(hidden.body.signatures[0]).toMatchObject({
      status: 'visible',
      photos_hidden: true,
      photos: added.body.photos,
    });
    // Other signers no longer see it; the message stays.
    const view = await http().get(`/api/sign/${g.sign_token}/`).expect(200);
    expect(view.body.signatures[0]).toMatchObject({ message: 'Good luck from Jo!', photos: [] });
    const shown = await http()
      .post(`/api/group-cards/${g.uuid}/signatures/${jo.id}/photos/show/`)
      .set(organiser.auth)
      .expect(200);
    expect(shown.body.signatures[0]).toMatchObject({ photos_hidden: false });
    expect((await http().get(`/api/sign/${g.sign_token}/`).expect(200)).body.signatures[0].photos).toEqual(
      added.body.photos,
    );
  });

  /** Closes and sends a group card to the basket (print at home) and returns the finished card's design. */
  const finish = async (uuid: string) => {
    const sent = await http()
      .post(`/api/group-cards/${uuid}/send/`)
      .set(organiser.auth)
      .send({ delivery_method: 'print' })
      .expect(200);
    const card = await app.strapi.db
      .query('plugin::greeting-cards.card')
      .findOne({ where: { id: sent.body.basket_card_id } });
    return card.canvas_data as { pages: Record<string, { objects: Array<Record<string, unknown>> }> };
  };
  const imagesIn = (canvas: { pages: Record<string, { objects: Array<Record<string, unknown>> }> }) =>
    Object.values(canvas.pages)
      .flatMap((p) => (Array.isArray(p) ? p.flatMap((q) => q.objects ?? []) : (p?.objects ?? [])))
      .filter((o) => o.type === 'image');

  it('puts the photos on the finished card with the signatures, in both PDFs; hidden ones stay off', async () => {
    const g = await start();
    const jo = await sign(g.sign_token, 'Jo');
    const added = await addPhoto(g.sign_token, jo, photo).expect(201);
    const canvas = await finish(g.uuid);
    const [image] = imagesIn(canvas);
    expect(imagesIn(canvas)).toHaveLength(1);
    expect(image).toMatchObject({ src: added.body.photos[0].url });
    // Under Jo's message on the inside right, in the same column.
    const inside = canvas.pages.inside_right.objects;
    const text = inside.find((o) => o.type === 'textbox' && String(o.text).includes('Good luck from Jo'))!;
    expect(inside).toContain(image);
    expect(Number(image.top)).toBeGreaterThan(Number(text.top));
    expect(Number(image.left)).toBe(Number(text.left));
    expect(Number(image.width) / Number(image.height)).toBeCloseTo(1.5, 1);

    // The printer's PDF embeds the photo with all its pixels, and the page shows it.
    const printer = await rendering().printerPdf({ canvasData: canvas, insideMessage: '', product: 'a5' });
    const inPrinter = (await imageSizes(printer)).filter((i) => i.width === 300 && i.height === 200);
    expect(inPrinter).toHaveLength(1);
    const page = decodePng(await pagePng(printer, inPrinter[0].page, 72));
    const all = { x: 0, y: 0, width: page.width, height: page.height };
    expect(countPixels(page, all, (p) => isMagenta([...p]))).toBeGreaterThan(1000);
    // The print-at-home PDF (the preview of what prints) too.
    const home = await rendering().cardPdf({ canvasData: canvas, insideMessage: '', product: 'a5' });
    const inHome = (await imageSizes(home)).filter((i) => i.width === 300 && i.height === 200);
    expect(inHome).toHaveLength(1);
    const sheet = decodePng(await pagePng(home, inHome[0].page, 72));
    expect(
      countPixels(sheet, { x: 0, y: 0, width: sheet.width, height: sheet.height }, (p) => isMagenta([...p])),
    ).toBeGreaterThan(500);

    // The e-card view page draws the inside right as SVG with the same renderer: the photo is in it.
    const viewSvg = (await rendering().cachedDesignSvg(pageDesign(canvas, 'inside_right'))) as string;
    expect((viewSvg.match(/<image\b/g) ?? []).length).toBe(1);

    // A card whose photos the organiser hid: the message goes on, the photo does not.
    const h = await start();
    const kim = await sign(h.sign_token, 'Kim');
    await addPhoto(h.sign_token, kim, photo).expect(201);
    await http().post(`/api/group-cards/${h.uuid}/signatures/${kim.id}/photos/hide/`).set(organiser.auth).expect(200);
    const hiddenCanvas = await finish(h.uuid);
    expect(imagesIn(hiddenCanvas)).toEqual([]);
    expect(JSON.stringify(hiddenCanvas.pages.inside_right)).toContain('Good luck from Kim');
    const hiddenPdf = await rendering().printerPdf({ canvasData: hiddenCanvas, insideMessage: '', product: 'a5' });
    expect((await imageSizes(hiddenPdf)).filter((i) => i.width === 300 && i.height === 200)).toEqual([]);
  });
});
