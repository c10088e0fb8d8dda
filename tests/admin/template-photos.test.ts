import sharp from 'sharp';
import type { Core } from '@strapi/strapi';
import { appForSuite, QUIET_APP, TestApp } from '../helpers/strapi';
import { createAdmin, TestAdmin } from '../helpers/admin';

// Photos on a template's design, added in the admin panel's designer: POST /greeting-cards/admin/designs/
// photos (and /crop) for admins whose role may create or edit templates in the Content Manager, with the
// same checks and cleaning as a shopper's photo; the stored URL is accepted by the template design rules.
const TEMPLATE = 'plugin::greeting-cards.template';
const PHOTOS = '/greeting-cards/admin/designs/photos';
const image = (url: string, width: number, height: number) => ({
  type: 'image',
  src: url,
  left: 40,
  top: 40,
  width,
  height,
});

describe('admin API: photos for template designs', () => {
  let app: TestApp;
  const http = () => app.http();
  let updater: TestAdmin;
  let creator: TestAdmin;
  let promoEditor: TestAdmin;
  let operator: TestAdmin;

  appForSuite(QUIET_APP, async (started) => {
    app = started;
    updater = await createAdmin(app.strapi, http, [
      { action: 'plugin::content-manager.explorer.update', subject: TEMPLATE },
    ]);
    creator = await createAdmin(app.strapi, http, [
      { action: 'plugin::content-manager.explorer.create', subject: TEMPLATE },
    ]);
    promoEditor = await createAdmin(app.strapi, http, [
      { action: 'plugin::content-manager.explorer.update', subject: 'plugin::greeting-cards.promo-code' },
    ]);
    operator = await createAdmin(app.strapi, http, ['plugin::greeting-cards.orders.read']);
  });

  const upload = (who: TestAdmin | null, file: Buffer, name: string) => {
    const req = http().post(PHOTOS);
    if (who) req.set(who.auth);
    return req.attach('photo', file, name);
  };

  it('stores a cleaned photo for an admin who may edit templates; its URL passes the template design rules', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2E86C1' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam' } })
      .toBuffer();
    const res = await upload(updater, photo, 'beach.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/uploads\/[\w.-]+\.jpg$/), width: 300, height: 200 });
    const stored = await http().get(res.body.url);
    expect(stored.status).toBe(200);
    const meta = await sharp(stored.body).metadata();
    expect(meta).toMatchObject({ width: 300, height: 200, format: 'jpeg' });
    expect(meta.exif).toBeUndefined();

    // The design rules accept the stored photo: the admin's check, and a template saved with it.
    const design = { version: '7.0.0', background: '#FFFFFF', objects: [image(res.body.url, 300, 200)] };
    const check = await http()
      .post('/greeting-cards/admin/designs/validate')
      .set(updater.auth)
      .send({ canvas_data: design });
    expect(check.body).toEqual({ ok: true });
    const documents = app.strapi.documents(TEMPLATE as Parameters<Core.Strapi['documents']>[0]);
    await documents.create({ data: { name: 'Seaside', slug: 'seaside', canvas_data: design }, status: 'published' });
    expect((await http().get('/api/templates/seaside/')).body.canvas_data.objects[0].src).toBe(res.body.url);

    // Creating templates is enough too (the designer is also used on a new template).
    expect(
      (
        await upload(
          creator,
          await sharp({ create: { width: 20, height: 20, channels: 4, background: '#00000000' } })
            .png()
            .toBuffer(),
          'a.png',
        )
      ).status,
    ).toBe(201);
  });

  it('crops a stored photo into a new one', async () => {
    const left = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#FF0000' } })
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000FF' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const uploaded = await upload(updater, photo, 'two-halves.png');
    expect(uploaded.status).toBe(201);
    const res = await http()
      .post(`${PHOTOS}/crop`)
      .set(updater.auth)
      .send({ src: uploaded.body.url, left: 0, top: 0, width: 100, height: 100 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/uploads\/.+\.png$/), width: 100, height: 100 });
    expect(res.body.url).not.toBe(uploaded.body.url);
    const { channels } = await sharp((await http().get(res.body.url)).body).stats();
    expect(channels.slice(0, 3).map((c) => Math.round(c.mean))).toEqual([255, 0, 0]);
    const outside = await http()
      .post(`${PHOTOS}/crop`)
      .set(updater.auth)
      .send({ src: 'https://elsewhere.example/x.jpg', left: 0, top: 0, width: 10, height: 10 });
    expect(outside.status).toBe(400);
    expect(outside.body).toEqual({ src: ['Only a photo uploaded to this service can be cropped.'] });
  });

  it('refuses anonymous callers (401), roles that may not edit templates (403), and files that are not pictures', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await upload(null, png, 'a.png')).status).toBe(401);
    expect(
      (await http().post(`${PHOTOS}/crop`).send({ src: '/uploads/x.png', left: 0, top: 0, width: 1, height: 1 }))
        .status,
    ).toBe(401);
    for (const who of [operator, promoEditor]) {
      expect((await upload(who, png, 'a.png')).status).toBe(403);
      expect(
        (
          await http()
            .post(`${PHOTOS}/crop`)
            .set(who.auth)
            .send({ src: '/uploads/x.png', left: 0, top: 0, width: 1, height: 1 })
        ).status,
      ).toBe(403);
    }

    const text = await upload(updater, Buffer.from('just some text, not a picture'), 'notes.jpg');
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ photo: ['Please upload a JPEG, PNG, WebP or GIF picture.'] });
    const svg = await upload(
      updater,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
    );
    expect(svg.body).toEqual({ photo: ['Please upload a JPEG, PNG, WebP or GIF picture.'] });
    const missing = await http().post(PHOTOS).set(updater.auth).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ photo: ['Choose a photo to upload.'] });
  });
});
