import fs from 'fs';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createAdmin, TestAdmin } from '../helpers/admin';
import { csrfTokenOfPage } from '../web/editor-csrf';
import { APP_DIR } from '../helpers/database';

// Security round 2, item 5: the photo routes are rate-limited like every write, each shopper keeps at
// most SERVICE_PHOTO_MAX_PER_USER photos, and the original upload (with its EXIF and GPS) is deleted
// from the temporary folder on every path, accepted or refused, the admin designer's route included.
// The system temp folder is shared (and Jest's sandbox keeps TMPDIR from reaching os.tmpdir()), so the
// check is: no file there written since this file started holds this run's marker, which is in the
// photo's EXIF and so in every original upload.
const TMP = os.tmpdir();
const STARTED = Date.now();
const UPLOADS = path.join(APP_DIR, 'public', 'uploads');
const MARKER = `GPS-SECRET-${process.pid}-${Date.now()}`;
const PHOTO = '/editor/photos/';
const TEMPLATE = 'plugin::greeting-cards.template';

/** Files in a folder written since this test file started (recursively only where `deep` says). */
function recentFiles(dir: string, deep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return deep(e.name) ? recentFiles(file, () => true) : [];
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return e.isFile() && stat && stat.mtimeMs >= STARTED - 1000 && stat.size < 50 * 1024 * 1024 ? [file] : [];
  });
}
const holdsMarker = (file: string) => {
  try {
    return fs.readFileSync(file).includes(MARKER);
  } catch {
    return false; // gone meanwhile, or another user's file
  }
};
// Strapi's upload plugin works in strapi-upload-* folders; formidable writes at the top level.
const markedTempFiles = () => recentFiles(TMP, (name) => name.startsWith('strapi-upload-')).filter(holdsMarker);
const markedUploads = () => recentFiles(UPLOADS, () => true).filter(holdsMarker);

describe('security: photo uploads', () => {
  let app: TestApp;
  let designer: TestAdmin;
  let exifPhoto: Buffer;
  const http = () => app.http();
  const upload = (u: TestUser | null, file: Buffer, name = 'holiday.jpg') => {
    const req = http().post(PHOTO);
    if (u) req.set(u.auth);
    return req.attach('photo', file, name);
  };
  const crop = (u: TestUser, src: string) =>
    http().post('/editor/photos/crop/').set(u.auth).send({ src, left: 0, top: 0, width: 10, height: 10 });

  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_WRITES_PER_USER: '8',
      SERVICE_RATE_LIMIT_WRITES_PER_IP: '10000',
      SERVICE_PHOTO_MAX_PER_USER: '3',
    },
    async (booted) => {
      app = booted;
      designer = await createAdmin(app.strapi, http, [
        { action: 'plugin::content-manager.explorer.update', subject: TEMPLATE },
      ]);
      exifPhoto = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2E86C1' } })
        .jpeg()
        .withExif({
          IFD0: { ImageDescription: MARKER, Make: 'SpyCam' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
        })
        .toBuffer();
      expect(exifPhoto.includes(MARKER)).toBe(true);
    },
  );

  it('limits uploads and crops per user like the other writes (429 with Retry-After)', async () => {
    const busy = await createUser(app.strapi);
    for (let i = 0; i < 8; i++) expect((await http().post(PHOTO).set(busy.auth).send({})).status).toBe(400);
    const limited = await upload(busy, exifPhoto);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/Too many requests/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const cropper = await createUser(app.strapi);
    for (let i = 0; i < 8; i++) expect((await crop(cropper, '/uploads/missing.jpg')).status).toBe(400);
    expect((await crop(cropper, '/uploads/missing.jpg')).status).toBe(429);
  });

  it('caps the photos a shopper keeps (413 with detail); photos on no card for an hour make room again', async () => {
    const keen = await createUser(app.strapi);
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(keen, exifPhoto);
      expect(res.status).toBe(201);
      urls.push(res.body.url);
    }
    const files = await app.strapi.db.query('plugin::upload.file').count();
    const over = await upload(keen, exifPhoto);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ detail: expect.stringMatching(/at most 3 photos/) });
    const overCrop = await crop(keen, urls[0]);
    expect([overCrop.status, overCrop.body.detail]).toEqual([413, expect.stringMatching(/at most 3 photos/)]);
    expect(await app.strapi.db.query('plugin::upload.file').count()).toBe(files);
    // Another shopper is not affected.
    expect((await upload(await createUser(app.strapi), exifPhoto)).status).toBe(201);

    // One photo is on a card; the other two were left on none, over an hour ago.
    const design = {
      version: '7.0.0',
      background: '#FFFFFF',
      objects: [{ type: 'image', src: urls[0], left: 0, top: 0, width: 40, height: 30 }],
    };
    await http().post('/api/cards/').set(keen.auth).send({ title: 'Holiday', canvas_data: design }).expect(201);
    const photoRows = app.strapi.db.query('plugin::greeting-cards.photo');
    const ids = (await photoRows.findMany({ where: { owner: { id: keen.id } }, select: ['id'] })).map(
      (r: { id: number }) => r.id,
    );
    expect(ids).toHaveLength(3);
    await photoRows.updateMany({
      where: { id: { $in: ids } },
      data: { createdAt: new Date(Date.now() - 2 * 3600_000) },
    });
    expect((await upload(keen, exifPhoto)).status).toBe(201);
    expect((await http().get(urls[0])).status).toBe(200);
    for (const gone of urls.slice(1)) expect((await http().get(gone)).status).toBe(404);
    expect(await photoRows.count({ where: { owner: { id: keen.id } } })).toBe(2);
  });

  it('leaves neither the original nor its metadata on disk, on every path', async () => {
    const shopper = await createUser(app.strapi);
    const session = `gc_session=${shopper.token}`;
    const csrf = await csrfTokenOfPage(app, shopper.token);
    const stored = await http()
      .post(PHOTO)
      .set('Cookie', session)
      .set('X-CSRF-Token', csrf)
      .attach('photo', exifPhoto, 'gps.jpg');
    expect(stored.status).toBe(201);
    const meta = await sharp((await http().get(stored.body.url)).body).metadata();
    expect(meta.exif).toBeUndefined();

    const refused = [
      // not a picture (its text holds the marker too)
      await upload(shopper, Buffer.from(`not a picture ${MARKER}`), 'notes.jpg'),
      // wrong CSRF token, no sign-in
      await http()
        .post(PHOTO)
        .set('Cookie', session)
        .set('X-CSRF-Token', 'forged')
        .attach('photo', exifPhoto, 'gps.jpg'),
      await upload(null, exifPhoto),
      // the photo sent under another field name, beside the expected one
      await http()
        .post(PHOTO)
        .set(shopper.auth)
        .attach('photo', exifPhoto, 'a.jpg')
        .attach('other', exifPhoto, 'b.jpg'),
      // the admin designer's route: accepted, and refused by its policy
      await http()
        .post('/greeting-cards/admin/designs/photos')
        .set(designer.auth)
        .attach('photo', exifPhoto, 'gps.jpg'),
      await http().post('/greeting-cards/admin/designs/photos').attach('photo', exifPhoto, 'gps.jpg'),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 403, 401, 201, 201, 401]);
    // Over the quota and over the rate limit.
    for (let i = 0; i < 3; i++) await upload(shopper, exifPhoto);
    const last = await upload(shopper, exifPhoto);
    expect([413, 429]).toContain(last.status);

    expect(markedTempFiles()).toEqual([]);
    expect(markedUploads()).toEqual([]);
  });
});
