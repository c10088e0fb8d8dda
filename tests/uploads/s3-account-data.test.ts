import fs from 'fs';
import os from 'os';
import path from 'path';
import crypto from 'crypto';
import sharp from 'sharp';
import JSZip from 'jszip';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';

const S3rver = require('s3rver');

// Issue 42 with the real @strapi/provider-upload-aws-s3 against s3rver: "Export my data" reads the
// shopper's photo and card preview back from the bucket into the zip, and "Delete my account" removes
// both objects from the bucket, leaving another shopper's photo where it was.

const BUCKET = 'cards';
const PASSWORD = 'correct-horse-battery';

const binary = (res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('export and deletion with the S3 upload provider', () => {
  let s3dir = '';
  let s3server: { close(): Promise<void> };
  let endpoint = '';
  let app: TestApp;
  let s3: S3Client;
  const http = () => app.http();

  beforeAll(async () => {
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-s3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const address = await server.run();
    s3server = server;
    endpoint = `http://127.0.0.1:${address.port}`;
    s3 = new S3Client({
      endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      UPLOAD_S3_BUCKET: BUCKET,
      UPLOAD_S3_ENDPOINT: endpoint,
      UPLOAD_S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_S3_ACCESS_KEY_ID: 'S3RVER',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_S3_ACL: 'public-read',
    });
  });

  afterAll(async () => {
    await app?.stop();
    s3?.destroy();
    await s3server?.close().catch(() => undefined);
    if (s3dir) fs.rmSync(s3dir, { recursive: true, force: true });
  });

  const bucketKeys = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key as string);
  const keyOf = (url: string) => {
    expect(url.startsWith(`${endpoint}/${BUCKET}/`)).toBe(true);
    return url.slice(`${endpoint}/${BUCKET}/`.length);
  };

  async function photoOf(auth: Record<string, string>, colour: string) {
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const res = await http().post('/editor/photos/').set(auth).attach('photo', jpeg, 'photo.jpg');
    expect(res.status).toBe(201);
    return res.body.url as string;
  }

  it('exports the photo and preview from the bucket, and deletion removes them from it', async () => {
    const user = await createUser(app.strapi);
    const other = await createUser(app.strapi);
    const photoUrl = await photoOf(user.auth, '#2E86C1');
    const othersPhoto = await photoOf(other.auth, '#27AE60');
    // A preview where the renderer's preview store puts one: greeting-cards/previews/<hash>.png.
    const hash = crypto.randomBytes(16).toString('hex');
    const previewKey = `greeting-cards/previews/${hash}.png`;
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: previewKey, Body: png, ContentType: 'image/png' }));
    await createCard(app.strapi, user, {
      preview_url: `${endpoint}/${BUCKET}/${previewKey}`,
      preview_hash: hash,
    });
    const before = await bucketKeys();
    expect(before).toEqual(expect.arrayContaining([keyOf(photoUrl), keyOf(othersPhoto), previewKey]));

    const exported = await http()
      .post('/api/me/export/')
      .set(user.auth)
      .send({ password: PASSWORD })
      .buffer(true)
      .parse(binary);
    expect(exported.status).toBe(200);
    const zip = await JSZip.loadAsync(exported.body as Buffer);
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    const photo = data.sections.photos[0];
    expect(photo.url).toBe(photoUrl);
    expect((await sharp(await zip.file(photo.file)!.async('nodebuffer')).metadata()).width).toBe(120);
    const card = data.sections.cards[0];
    expect((await zip.file(card.preview_file)!.async('nodebuffer')).equals(png)).toBe(true);

    const deleted = await http().delete('/api/me/account/').set(user.auth).set('X-Current-Password', PASSWORD);
    expect(deleted.status).toBe(200);
    const after = await bucketKeys();
    expect(after).not.toContain(keyOf(photoUrl));
    expect(after).not.toContain(previewKey);
    expect(after).toContain(keyOf(othersPhoto));
    expect(await app.strapi.db.query('plugin::upload.file').count({ where: { url: photoUrl } })).toBe(0);
  });
});
