import sharp from 'sharp';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { countPixels, decodePng, type DecodedPng } from '../helpers/png';
import { imageSizes, pagePng, pageBoxes } from '../helpers/pdf';
import { csrfTokenOfPage } from '../web/editor-csrf';
import { productOf } from '../../plugins/greeting-cards/server/src/platform/designs/print-products/products';

// Issue 45, item 2 over HTTP with the real renderer (Chromium): a design holding a handwriting stroke is
// saved through the API, and its stored preview, the printer's PDF and the print-at-home PDF all show the
// ink where the stroke is and nowhere else; a bad stroke is a 400 naming it. Then "use a photo of my
// handwriting": the ink of a photographed page comes back on a transparent picture in the chosen colour,
// at the photo's resolution, printed with every pixel; bad files are a 400 naming the field, nothing stored.
jest.setTimeout(180_000);

const GREEN = '#00A050';
const isInk = ([r, g, b]: number[]) => g > 110 && r < 90 && b < 150 && g - r > 60;
// A curve from (100, 300) through (300, 250) to (500, 300): the pen's own commands, 14 units wide, placed
// as the editor places it: `left`/`top` are the corner of the box Fabric gives the path (its box of this
// curve reaches up to y 225) with half the pen's width around it.
const STROKE = {
  type: 'path',
  path: [
    ['M', 100, 300],
    ['Q', 300, 200, 500, 300],
  ],
  stroke: GREEN,
  strokeWidth: 14,
  left: 93,
  top: 218,
};
const design = (objects: unknown[]) => ({ version: '7.0.0', width: 600, height: 850, background: '#FFFFFF', objects });
const ON_STROKE = [
  [300, 250],
  [160, 275],
  [440, 275],
];
const OFF_STROKE = [
  [300, 320],
  [300, 180],
  [100, 600],
];

/** Ink pixels in a small box around a point of the design, mapped to the picture by `at`. */
function inkNear(img: DecodedPng, x: number, y: number, perUnit: number, at = { x: 0, y: 0 }): number {
  const r = Math.max(2, Math.round(3 * perUnit));
  const cx = Math.round(at.x + x * perUnit);
  const cy = Math.round(at.y + y * perUnit);
  return countPixels(img, { x: cx - r, y: cy - r, width: 2 * r + 1, height: 2 * r + 1 }, (p) => isInk([...p]));
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('handwriting', () => {
  let app: TestApp;
  let shopper: TestUser;
  let csrf: string;
  const rendering = () => app.strapi.plugin('greeting-cards').service('rendering');

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_CARD_PREVIEW_DELAY_MS: '50' });
    shopper = await createUser(app.strapi);
    csrf = await csrfTokenOfPage(app, shopper.token);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('saves a stroke and shows its ink where it is in the preview and both PDFs', async () => {
    const created = await app
      .http()
      .post('/api/cards/')
      .set(shopper.auth)
      .send({ title: 'Written by hand', canvas_data: design([STROKE]) })
      .expect(201);
    const card = await until(
      async () => (await app.http().get(`/api/cards/${created.body.id}/`).set(shopper.auth).expect(200)).body,
      (c) => Boolean(c.preview_url),
      'the preview',
    );
    expect(card.canvas_data.objects).toEqual([STROKE]);

    // The stored preview, 600 pixels wide: one pixel a design unit.
    const preview = decodePng((await app.http().get(card.preview_url).expect(200)).body as Buffer);
    for (const [x, y] of ON_STROKE) expect({ x, y, ink: inkNear(preview, x, y, 1) > 10 }).toEqual({ x, y, ink: true });
    for (const [x, y] of OFF_STROKE) expect({ x, y, ink: inkNear(preview, x, y, 1) }).toEqual({ x, y, ink: 0 });

    // The printer's PDF: the front is page 1, the design fitted into the trim, with the bleed around it.
    const printer = await rendering().printerPdf({ canvasData: card.canvas_data, insideMessage: '', product: 'a5' });
    const dpi = 150;
    const front = decodePng(await pagePng(printer, 1, dpi));
    const p = productOf('a5');
    const mm = Math.min(p.trimMm.width / 600, p.trimMm.height / 850);
    const px = (millimetres: number) => (millimetres * dpi) / 25.4;
    const at = {
      x: px(p.bleedMm + (p.trimMm.width - 600 * mm) / 2),
      y: px(p.bleedMm + (p.trimMm.height - 850 * mm) / 2),
    };
    for (const [x, y] of ON_STROKE)
      expect({ x, y, ink: inkNear(front, x, y, px(mm), at) > 10 }).toEqual({ x, y, ink: true });
    for (const [x, y] of OFF_STROKE) expect({ x, y, ink: inkNear(front, x, y, px(mm), at) }).toEqual({ x, y, ink: 0 });
    // Drawn as a vector: no picture on the front.
    expect((await imageSizes(printer)).filter((i) => i.page === 1)).toEqual([]);

    // The print-at-home sheet: the ink is on it, and a card without the stroke has none.
    const home = async (objects: unknown[]) => {
      const pdf = await rendering().cardPdf({ canvasData: design(objects), insideMessage: '', product: 'a5' });
      const sheet = decodePng(await pagePng(pdf, 1, 72));
      return countPixels(sheet, { x: 0, y: 0, width: sheet.width, height: sheet.height }, (q) => isInk([...q]));
    };
    const [withInk, without] = [await home([STROKE]), await home([])];
    expect(without).toBe(0);
    // The stroke is about 420 x 14 units; on the sheet at 72 dpi that is well over a thousand pixels.
    expect(withInk).toBeGreaterThan(1000);
  });

  it('refuses a bad stroke with a 400 naming the field, and stores nothing', async () => {
    const card = (await app.http().post('/api/cards/').set(shopper.auth).send({ title: 'x' }).expect(201)).body;
    const save = (objects: unknown[]) =>
      app
        .http()
        .patch(`/api/cards/${card.id}/`)
        .set(shopper.auth)
        .send({ canvas_data: design(objects) });
    const huge = await save([
      STROKE,
      {
        ...STROKE,
        path: [
          ['M', 1, 2],
          ['L', 1e12, 3],
        ],
      },
    ]);
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ canvas_data: ['objects[1].path[1][1]: must be between -100000 and 100000'] });
    // NaN cannot travel in JSON: it arrives as null, a number that is not there.
    const nan = await save([{ ...STROKE, path: [['M', Number.NaN, 2]] }]);
    expect(nan.body).toEqual({ canvas_data: ['objects[0].path[0][1]: must be a number'] });
    const long = await save([
      { ...STROKE, path: [['M', 0, 0], ...Array.from({ length: 2000 }, (_, i) => ['L', i % 600, 5])] },
    ]);
    expect(long.body).toEqual({ canvas_data: ['objects[0].path: must hold at most 2000 points'] });
    const stored = (await app.http().get(`/api/cards/${card.id}/`).set(shopper.auth).expect(200)).body;
    expect(stored.canvas_data.objects).toEqual([]);
  });

  describe('a photo of my handwriting', () => {
    const lift = (file: Buffer, name: string, colour?: string) => {
      const req = app
        .http()
        .post('/editor/photos/handwriting/')
        .set('Cookie', `gc_session=${shopper.token}`)
        .set('X-CSRF-Token', csrf);
      if (colour !== undefined) req.field('colour', colour);
      return req.attach('photo', file, name);
    };
    const files = () => app.strapi.db.query('plugin::upload.file').count({});

    /**
     * A phone photo of a page: paper lit unevenly (bright on the left, grey on the right, darker than the
     * ink's threshold would be on even paper), with three dark strokes across it.
     */
    async function photoOfPage(): Promise<Buffer> {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
        <defs><linearGradient id="light"><stop offset="0" stop-color="#F4F1EA"/><stop offset="1" stop-color="#9C9A94"/></linearGradient></defs>
        <rect width="1600" height="1000" fill="url(#light)"/>
        <path d="M200 400 Q500 250 800 400 T1400 400" stroke="#202020" stroke-width="18" fill="none"/>
        <path d="M250 600 L1350 620" stroke="#303030" stroke-width="14" fill="none"/>
        <path d="M1300 700 L1400 780" stroke="#1A1A1A" stroke-width="16" fill="none"/>
      </svg>`;
      return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    }

    it('lifts the ink onto a transparent picture in the chosen colour, at full resolution', async () => {
      const res = await lift(await photoOfPage(), 'page.jpg', '#C0392B');
      expect(res.status).toBe(201);
      const { url, width, height } = res.body as { url: string; width: number; height: number };
      // Cut to the ink (x 200-1400, y 250-780) with a small margin, never scaled down.
      expect(width).toBeGreaterThan(1200);
      expect(width).toBeLessThan(1350);
      expect(height).toBeGreaterThan(520);
      expect(height).toBeLessThan(650);
      const png = (await app.http().get(url).expect(200)).body as Buffer;
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width, height, channels: 4 });
      let clear = 0;
      let ink = 0;
      let wrongColour = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) clear += 1;
        if (data[i + 3] > 200) {
          ink += 1;
          if (Math.abs(data[i] - 0xc0) > 2 || Math.abs(data[i + 1] - 0x39) > 2 || Math.abs(data[i + 2] - 0x2b) > 2)
            wrongColour += 1;
        }
      }
      const all = width * height;
      // The paper, dark grey on the right included, is gone; the strokes (about 1.4 % of the photo's
      // 1.6 million pixels, so roughly 3 % of the cut) are kept, solid and in the chosen colour.
      expect(clear / all).toBeGreaterThan(0.9);
      expect(ink / all).toBeGreaterThan(0.02);
      expect(ink / all).toBeLessThan(0.08);
      expect(wrongColour).toBe(0);
      // The corners (paper) are transparent, and a point on the middle stroke is ink.
      const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
      expect([alpha(0, 0), alpha(width - 1, 0), alpha(0, height - 1), alpha(width - 1, height - 1)]).toEqual([
        0, 0, 0, 0,
      ]);

      // Placed on a card and printed: the picture goes into the printer's PDF with every one of its pixels.
      const canvas = design([
        { type: 'image', src: url, left: 50, top: 300, width: 500, height: (500 * height) / width },
      ]);
      const pdf = await rendering().printerPdf({ canvasData: canvas, insideMessage: '', product: 'a5' });
      expect((await imageSizes(pdf)).filter((i) => i.page === 1)).toEqual([{ page: 1, width, height }]);
      expect((await pageBoxes(pdf)).length).toBe(4);
    });

    it('refuses what is not a picture of handwriting, naming the field, with nothing stored', async () => {
      const before = await files();
      const page = await photoOfPage();
      const cases: Array<[string, Buffer, string, string | undefined, Record<string, string[]>]> = [
        [
          'text named .png',
          Buffer.from('<html><script>alert(1)</script></html>'),
          'page.png',
          undefined,
          { photo: ['Please upload a JPEG, PNG, WebP or GIF picture.'] },
        ],
        [
          'a truncated JPEG',
          page.subarray(0, Math.floor(page.length / 3)),
          'page.jpg',
          undefined,
          { photo: ['This picture could not be read. It may be damaged or incomplete.'] },
        ],
        [
          'blank paper',
          await sharp({ create: { width: 800, height: 600, channels: 3, background: '#F2F0EA' } })
            .jpeg()
            .toBuffer(),
          'blank.jpg',
          undefined,
          { photo: ['No handwriting was found in this photo. Write in dark ink on light paper and try again.'] },
        ],
        [
          'a colour that is not one',
          page,
          'page.jpg',
          'url(#x)',
          { colour: ['The ink colour must be a colour in #RRGGBB form.'] },
        ],
      ];
      for (const [what, file, name, colour, expected] of cases) {
        const res = await lift(file, name, colour);
        expect({ what, status: res.status, body: res.body }).toEqual({ what, status: 400, body: expected });
      }
      expect(await files()).toBe(before);
    });
  });
});
