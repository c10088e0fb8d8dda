// The real @strapi/provider-upload-aws-s3 against s3rver (a local S3-compatible server on 127.0.0.1,
// files in a temporary folder): a shopper's photo, its crop, the card's preview, an e-card (real
// Chromium, real SMTP) and a print-at-home PDF all end up in the bucket, and nothing in public/uploads.
import fs from 'fs';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress, type TestUser } from '../helpers/users';
import { createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { decodePng, pixelAt } from '../helpers/png';
import { inspectPdf } from '../helpers/pdf';
import { deliveryHeader, fulfilment } from '../fulfilment/helpers';

const S3rver = require('s3rver');

const BUCKET = 'cards';
const BLUE = { r: 0x2e, g: 0x86, b: 0xc1 };

/** Every file below `dir` (recursively), relative to it. */
function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('uploads: the aws-s3 provider against a local S3 server', () => {
  let s3dir = '';
  let s3server: { close(): Promise<void> };
  let endpoint = '';
  let smtp: SmtpCapture;
  let app: TestApp;
  let s3: S3Client;
  let uploadsBefore: string[] = [];
  let uploadsDir = '';
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
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_RENDERER: 'puppeteer',
      UPLOAD_S3_BUCKET: BUCKET,
      UPLOAD_S3_ENDPOINT: endpoint,
      UPLOAD_S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_S3_ACCESS_KEY_ID: 'S3RVER',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'S3RVER',
      // A bucket that uses ACLs: public-read for photos and previews, private for PDFs.
      UPLOAD_S3_ACL: 'public-read',
    });
    uploadsDir = path.join(app.strapi.dirs.static.public, 'uploads');
    uploadsBefore = filesIn(uploadsDir);
  });

  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
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
  const photoDesign = (src: string) => ({
    version: '7.0.0',
    background: '#FFFFFF',
    objects: [
      { type: 'image', src, left: 0, top: 0, width: 600, height: 850 },
      {
        type: 'textbox',
        text: 'From the bucket',
        left: 40,
        top: 40,
        width: 500,
        fontSize: 40,
        fill: '#000000',
        fontFamily: 'Georgia',
      },
    ],
  });

  async function buy(user: TestUser, cardId: number, recipientId: number, method: 'ecard' | 'print') {
    expect(
      (
        await http()
          .post('/api/orders/add_to_cart/')
          .set(user.auth)
          .send({ card_id: cardId, recipient_id: recipientId, delivery_method: method })
      ).status,
    ).toBe(200);
    const cart = await http().get('/api/orders/cart/').set(user.auth);
    expect((await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    return cart.body.uuid as string;
  }

  it('stores photos, crops, previews, e-card images and PDFs in the bucket, none in public/uploads', async () => {
    const sender = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    const friend = await createUser(app.strapi);
    await proveAddress(app.strapi, friend);

    // 1. A photo goes to the bucket through Strapi's upload plugin.
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2E86C1' } })
      .jpeg()
      .toBuffer();
    const uploaded = await http().post('/editor/photos/').set(sender.auth).attach('photo', photo, 'holiday.jpg');
    expect(uploaded.status).toBe(201);
    const photoKey = keyOf(uploaded.body.url);

    // 2. Cropping reads it back from the bucket over HTTP and stores the crop there too.
    const cropped = await http()
      .post('/editor/photos/crop/')
      .set(sender.auth)
      .send({ src: uploaded.body.url, left: 10, top: 10, width: 100, height: 120 });
    expect(cropped.status).toBe(201);
    expect(cropped.body).toMatchObject({ width: 100, height: 120 });
    const cropKey = keyOf(cropped.body.url);
    // A bucket URL the upload plugin never stored is not "a photo uploaded to this service".
    const foreignCrop = await http()
      .post('/editor/photos/crop/')
      .set(sender.auth)
      .send({ src: `${endpoint}/${BUCKET}/not-ours.jpg`, left: 0, top: 0, width: 5, height: 5 });
    expect([foreignCrop.status, foreignCrop.body]).toEqual([
      400,
      { src: ['Only a photo uploaded to this service can be cropped.'] },
    ]);

    // 3. Design checks take the bucket's URLs and still refuse any other host, in the spec's shape.
    const created = await http()
      .post('/api/cards/')
      .set(sender.auth)
      .send({ title: 'Bucket card', canvas_data: photoDesign(uploaded.body.url) });
    expect(created.status).toBe(201);
    const card = created.body;
    const refused = await http()
      .post(`/api/cards/${card.id}/save_design/`)
      .set(sender.auth)
      .send({ canvas_data: photoDesign('https://elsewhere.example.test/cards/x.jpg') });
    expect([refused.status, refused.body]).toEqual([
      400,
      { canvas_data: ['objects[0].src: must be an upload of this service (/uploads/...) or an image data URL'] },
    ]);
    const saved = await http()
      .post(`/api/cards/${card.id}/save_design/`)
      .set(sender.auth)
      .send({ canvas_data: photoDesign(cropped.body.url), inside_message: 'Hello' });
    expect(saved.status).toBe(200);

    // 4. The preview is rendered with the photo fetched from the bucket, and stored in the bucket.
    const previewKey = keyOf(saved.body.preview_url);
    expect(previewKey).toMatch(/^greeting-cards\/previews\/[0-9a-f]{32}\.png$/);
    const preview = await fetch(saved.body.preview_url);
    expect(preview.status).toBe(200);
    const png = decodePng(Buffer.from(await preview.arrayBuffer()));
    const [r, g, b] = pixelAt(png, 300, 700);
    expect(Math.abs(r - BLUE.r) + Math.abs(g - BLUE.g) + Math.abs(b - BLUE.b)).toBeLessThan(30);

    // 5. An e-card: the e-mail carries the rendered front, and the view page draws the bucket's photo.
    const recipient = await createRecipient(app.strapi, sender, { email: friend.email });
    const ecardOrder = await buy(sender, card.id, recipient.id, 'ecard');
    const [ecard] = await deliveriesOf(app.strapi, ecardOrder);
    const [mail] = await smtp.waitFor((m) => deliveryHeader(m) === String(ecard.id));
    const front = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(front!.content.subarray(1, 4).toString()).toBe('PNG');
    const view = await http().get(`/cards/view/${ecard.view_token}/`);
    expect(view.status).toBe(200);
    expect(view.text).toContain(cropped.body.url);
    // This app's CSP (config/middlewares.ts) lets the page show pictures from the bucket.
    expect(view.headers['content-security-policy']).toMatch(
      new RegExp(`img-src [^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`),
    );

    // 6. Print at home: the PDF is a private object, served through a signed, expiring URL.
    const printOrder = await buy(sender, card.id, recipient.id, 'print');
    const [print] = await deliveriesOf(app.strapi, printOrder);
    expect(print.status).toBe('delivered');
    const pdfKey = keyOf(print.pdf_path);
    expect(pdfKey).toMatch(/^greeting-cards\/pdfs\/delivery-\d+-[0-9a-f]{32}\.pdf$/);
    const link = await http().get(`/cards/view/${print.view_token}/card.pdf`).redirects(0);
    expect(link.status).toBe(302);
    const signed = new URL(link.headers.location);
    expect(`${signed.origin}${signed.pathname}`).toBe(print.pdf_path);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const download = await fetch(signed);
    expect(download.status).toBe(200);
    expect((await inspectPdf(Buffer.from(await download.arrayBuffer()))).pages).toBe(2);
    // The spec's API route still answers the owner with the PDF itself.
    const api = await http()
      .get(`/api/deliveries/${print.id}/pdf/`)
      .set(sender.auth)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect([api.status, api.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((api.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    // Every file is in the bucket, and nothing new was written to public/uploads.
    expect(await bucketKeys()).toEqual(expect.arrayContaining([photoKey, cropKey, previewKey, pdfKey]));
    expect(filesIn(uploadsDir).filter((f) => !uploadsBefore.includes(f))).toEqual([]);
  });
});
