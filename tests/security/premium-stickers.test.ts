import fs from 'fs';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

const ASSET = 'plugin::greeting-cards.asset';

// Security round 2, item 4: a premium sticker is premium because of what it draws (the emoji, the
// picture), not because the client names its asset id. Leaving `assetId` out, or naming a free asset,
// must not unlock a premium sticker; nor may a photo crop copy a premium sticker's file into a new upload.
describe('security: premium stickers are judged by what they draw', () => {
  let app: TestApp;
  let subscriber: TestUser;
  let plain: TestUser;
  let balloonId: number;
  let crownId: number;
  let premiumImage: { url: string };
  const http = () => app.http();
  const design = (...objects: object[]) => ({ version: '7.0.0', background: '#FFFFFF', objects });
  const emoji = (text: string, extra: object = {}) => ({
    type: 'emoji',
    text,
    left: 10,
    top: 10,
    fontSize: 120,
    ...extra,
  });
  const image = (src: string, extra: object = {}) => ({
    type: 'image',
    src,
    left: 10,
    top: 10,
    width: 64,
    height: 64,
    ...extra,
  });
  const create = (who: TestUser, canvas: object) =>
    http().post('/api/cards/').set(who.auth).send({ title: 'Mine', canvas_data: canvas });

  appForSuite({ SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
    const assets = app.strapi.db.query(ASSET);
    balloonId = (await assets.findOne({ where: { name: 'Balloon' } })).id;
    crownId = (await assets.findOne({ where: { name: 'Crown' } })).id;
    // A premium picture sticker, stored through the upload plugin as an admin would add it.
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#D4AF37' } })
      .png()
      .toBuffer();
    const tmp = path.join(os.tmpdir(), `gold-frame-${process.pid}.png`);
    fs.writeFileSync(tmp, bytes);
    const [file] = await app.strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name: 'gold-frame.png' } },
        files: { filepath: tmp, originalFilename: 'gold-frame.png', mimetype: 'image/png', size: bytes.length },
      });
    fs.rmSync(tmp, { force: true });
    await assets.create({
      data: { name: 'Gold frame', asset_type: 'sticker', image: file.id, is_premium: true, is_active: true },
    });
    premiumImage = { url: file.url };
    subscriber = await createUser(app.strapi);
    await http().post('/api/subscriptions/checkout/').set(subscriber.auth).send({ plan_slug: 'premium' }).expect(200);
    plain = await createUser(app.strapi);
  });

  it('refuses a premium emoji without its asset id, or under a free asset id (403, nothing stored)', async () => {
    const before = await app.strapi.db
      .query('plugin::greeting-cards.card')
      .count({ where: { owner: { id: plain.id } } });
    for (const object of [
      emoji('👑'),
      emoji('👑', { assetId: balloonId }),
      emoji('👑\uFE0F'),
      emoji('🎈👑'),
      // A lone emoji drawn as text is the sticker too.
      { type: 'text', text: ' 👑 ', left: 0, top: 0, fontSize: 120, fill: '#000000', fontFamily: 'Noto Color Emoji' },
    ]) {
      const res = await create(plain, design(object));
      expect([res.status, res.body]).toEqual([403, { detail: expect.stringMatching(/premium/) }]);
    }
    expect(await app.strapi.db.query('plugin::greeting-cards.card').count({ where: { owner: { id: plain.id } } })).toBe(
      before,
    );
    // With its own id it was already refused; free stickers and words around an emoji stay free.
    expect((await create(plain, design(emoji('👑', { assetId: crownId })))).status).toBe(403);
    expect((await create(plain, design(emoji('🎈'), emoji('🎈', { assetId: balloonId })))).status).toBe(201);
    expect(
      (
        await create(
          plain,
          design({
            type: 'text',
            text: 'Long live the king 👑',
            left: 0,
            top: 0,
            fontSize: 30,
            fill: '#000000',
            fontFamily: 'Arial',
          }),
        )
      ).status,
    ).toBe(201);
  });

  it('refuses it on save_design and PATCH too; a subscriber may use it', async () => {
    const card = (await create(plain, design())).body;
    expect(
      (
        await http()
          .post(`/api/cards/${card.id}/save_design/`)
          .set(plain.auth)
          .send({ canvas_data: design(emoji('💎')) })
      ).status,
    ).toBe(403);
    expect(
      (
        await http()
          .patch(`/api/cards/${card.id}/`)
          .set(plain.auth)
          .send({ canvas_data: design(emoji('💎', { assetId: balloonId })) })
      ).status,
    ).toBe(403);
    expect((await create(subscriber, design(emoji('👑'), image(premiumImage.url)))).status).toBe(201);
  });

  it('refuses a premium picture by its source: the file, its public URL, or its bytes as a data URL', async () => {
    // The bytes as anyone can fetch them from the shop (the upload plugin may have re-encoded the original).
    const served = (await http().get(premiumImage.url).expect(200)).body as Buffer;
    const dataUrl = `data:image/png;base64,${served.toString('base64')}`;
    for (const src of [premiumImage.url, `http://localhost:1337${premiumImage.url}`, dataUrl]) {
      for (const extra of [{}, { assetId: balloonId }]) {
        const res = await create(plain, design(image(src, extra)));
        expect([src.slice(0, 40), res.status]).toEqual([src.slice(0, 40), 403]);
      }
    }
    // Another picture is fine.
    const other = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await create(plain, design(image(`data:image/png;base64,${other.toString('base64')}`)))).status).toBe(201);
  });

  it("will not crop a premium sticker's file into a new upload", async () => {
    const before = await app.strapi.db.query('plugin::upload.file').count();
    for (const who of [plain, subscriber]) {
      const res = await http()
        .post('/editor/photos/crop/')
        .set(who.auth)
        .send({ src: premiumImage.url, left: 0, top: 0, width: 64, height: 64 });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: expect.stringMatching(/sticker/) });
    }
    expect(await app.strapi.db.query('plugin::upload.file').count()).toBe(before);
  });
});
