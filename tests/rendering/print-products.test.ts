// Print-true cards against real Chromium, without Strapi: the printer's PDF (one page per card page
// at trim plus bleed, text as text, photos at full resolution), the print-at-home sheet laid out by
// product, any page drawn by the one renderer, and existing 600 x 850 designs printing as before.
import { execFile } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { promisify } from 'util';
import sharp from 'sharp';
import {
  createCardRenderer,
  type CardRenderer,
} from '../../plugins/greeting-cards/server/src/areas/rendering/card-renderer';
import { localUploadsResolver } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/local-uploads';
import { PuppeteerRenderer } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/puppeteer-renderer';
import {
  PAGE_NAMES,
  type PageName,
} from '../../plugins/greeting-cards/server/src/platform/designs/print-products/pages';
import { fitCanvasToProduct } from '../../plugins/greeting-cards/server/src/platform/designs/print-products/canvas-size';
import { productOf } from '../../plugins/greeting-cards/server/src/platform/designs/print-products/products';
import { validateCanvasData } from '../../plugins/greeting-cards/server/src/platform/designs/canvas-data';
import { TEMPLATES } from '../../plugins/greeting-cards/server/src/areas/catalogue/seed/sample-data';
import { decodePng, differingShare, pixelAt } from '../helpers/png';
import { flatten, imageSizes, inspectPdf, pageBoxes } from '../helpers/pdf';

jest.setTimeout(120_000);
const run = promisify(execFile);
const pt = (mm: number) => (mm / 25.4) * 72;
const balloonParty = TEMPLATES.find((t) => t.slug === 'balloon-party')!.canvas_data;
const MESSAGE = 'Dear Sam, have the happiest of birthdays. Love, Alex';
const SMALL_PRINT = 'Made by Paper Owl Cards - paperowl.example';
const text = (t: string, extra: Record<string, unknown> = {}) => ({
  type: 'textbox',
  text: t,
  left: 60,
  top: 300,
  width: 480,
  fontSize: 44,
  fill: '#1D3557',
  fontFamily: 'DejaVu Serif',
  textAlign: 'center',
  ...extra,
});

const folded = {
  ...balloonParty,
  pages: {
    inside_left: { background: '#E3F2FD', objects: [text('A poem on the left')] },
    inside_right: {
      background: '#FFFFFF',
      objects: [{ type: 'rect', left: 0, top: 0, width: 600, height: 40, fill: '#D6336C' }],
    },
    back: { background: '#FFFFFF', objects: [{ type: 'circle', left: 270, top: 300, radius: 30, fill: '#2A9D8F' }] },
  },
};

let publicDir: string;
let renderer: CardRenderer;

/** The page's trim area (the design fitted into it) rasterised and brought to `width` x `height`. */
async function trimArea(
  pdf: Buffer,
  pageNo: number,
  product: string,
  size: { width: number; height: number },
): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-printer-'));
  try {
    fs.writeFileSync(path.join(dir, 'card.pdf'), pdf);
    const p = productOf(product);
    const k = 5;
    // The design is fitted into the trim (preserveAspectRatio meet): find the box it fills.
    const scale = Math.min(p.trimMm.width / size.width, p.trimMm.height / size.height); // mm per design unit
    const designMm = { width: size.width * scale, height: size.height * scale };
    const dpi = (k * size.width * 25.4) / designMm.width;
    const x = Math.round(((p.bleedMm + (p.trimMm.width - designMm.width) / 2) * dpi) / 25.4);
    const y = Math.round(((p.bleedMm + (p.trimMm.height - designMm.height) / 2) * dpi) / 25.4);
    await run('pdftoppm', [
      '-png',
      '-f',
      String(pageNo),
      '-l',
      String(pageNo),
      '-singlefile',
      '-r',
      String(dpi),
      '-x',
      String(x),
      '-y',
      String(y),
      '-W',
      String(size.width * k),
      '-H',
      String(size.height * k),
      path.join(dir, 'card.pdf'),
      path.join(dir, 'page'),
    ]);
    return await sharp(path.join(dir, 'page.png'))
      .resize(size.width, size.height, { kernel: 'linear' })
      .removeAlpha()
      .png()
      .toBuffer();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-print-products-'));
  fs.mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  // A photo with real detail (a smooth gradient), so the PDF writer cannot shrink it to a flat colour.
  const w = 1200;
  const h = 900;
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i += 1)
    raw.set([Math.round(((i % w) * 255) / (w - 1)), Math.round((Math.floor(i / w) * 255) / (h - 1)), 128], i * 3);
  fs.writeFileSync(
    path.join(publicDir, 'uploads', 'photo.png'),
    await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .png()
      .toBuffer(),
  );
  const provider = new PuppeteerRenderer({ resolveAsset: localUploadsResolver(publicDir) });
  renderer = createCardRenderer({
    provider,
    publicDir,
    publicUrl: 'https://cards.example.test',
    cropMarks: false,
    brandText: SMALL_PRINT,
  });
});

afterAll(async () => {
  await renderer?.shutdown();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe("printer's PDF", () => {
  it('has four pages at trim plus bleed (A5: 154 x 216 mm), no crop marks, the words as text', async () => {
    const pdf = await renderer.printerPdf({ canvasData: folded, insideMessage: MESSAGE, product: 'a5' });
    const boxes = await pageBoxes(pdf);
    expect(boxes).toHaveLength(4);
    for (const box of boxes) {
      expect(Math.abs(box.width - pt(154))).toBeLessThan(1);
      expect(Math.abs(box.height - pt(216))).toBeLessThan(1);
      expect(box.mediaBox[2] - box.mediaBox[0]).toBeCloseTo(box.width, 0);
      // Where to cut: the TrimBox is the 148 x 210 mm card, 3 mm in from every edge; the BleedBox is the page.
      expect(box.bleedBox).toEqual(box.mediaBox);
      expect(box.trimBox[0] - box.mediaBox[0]).toBeCloseTo(pt(3), 1);
      expect(box.trimBox[1] - box.mediaBox[1]).toBeCloseTo(pt(3), 1);
      expect(box.trimBox[2] - box.trimBox[0]).toBeCloseTo(box.width - 2 * pt(3), 1);
      expect(box.trimBox[3] - box.trimBox[1]).toBeCloseTo(box.height - 2 * pt(3), 1);
    }
    const facts = await inspectPdf(pdf);
    const pages = facts.pageTexts.map(flatten);
    expect(pages[0]).toContain('Happy Birthday!');
    expect(pages[1]).toContain('A poem on the left');
    expect(pages[2]).toContain(MESSAGE);
    expect(pages[3]).toContain(SMALL_PRINT);
    expect(pages[0]).not.toContain(MESSAGE);
    expect(pages[3]).not.toContain('Happy Birthday!');
  });

  it("prints a large group card's extra pages after the inside right, before the back; at home two to an insert sheet", async () => {
    const withExtra = {
      ...folded,
      pages: {
        ...folded.pages,
        extra: ['one', 'two', 'three'].map((n) => ({
          background: '#FFFFFF',
          objects: [text(`Extra page ${n} words`)],
        })),
      },
    };
    const printer = await inspectPdf(
      await renderer.printerPdf({ canvasData: withExtra, insideMessage: MESSAGE, product: 'a5' }),
    );
    const pages = printer.pageTexts.map(flatten);
    expect(pages).toHaveLength(7);
    expect(pages[2]).toContain(MESSAGE);
    expect(pages.slice(3, 6)).toEqual(['one', 'two', 'three'].map((n) => `Extra page ${n} words`));
    expect(pages[6]).toContain(SMALL_PRINT);
    const home = await inspectPdf(
      await renderer.cardPdf({ canvasData: withExtra, insideMessage: MESSAGE, product: 'a5' }),
    );
    expect(home.pages).toBe(4);
    // Side by side, so pdftotext may interleave the two pages' wrapped lines: each page's words are there.
    expect(flatten(home.pageTexts[2]).split(' ').sort()).toEqual(
      'Extra page one words Extra page two words'.split(' ').sort(),
    );
    expect(flatten(home.pageTexts[3])).toBe('Extra page three words');
  });

  it('follows the product: 5 x 7 in pages are 133 x 184 mm, square 154 x 154 mm', async () => {
    for (const [product, w, h] of [
      ['in5x7', 133, 184],
      ['square', 154, 154],
    ] as const) {
      const canvas = fitCanvasToProduct({ version: '7.0.0', background: '#FFFFFF', objects: [text('Sized')] }, product);
      const boxes = await pageBoxes(await renderer.printerPdf({ canvasData: canvas, insideMessage: 'x', product }));
      expect(boxes.map((b) => [Math.round((b.width * 25.4) / 72), Math.round((b.height * 25.4) / 72)])).toEqual(
        Array(4).fill([w, h]),
      );
      // The TrimBox is the product's trim (the page less 3 mm of bleed on each side).
      const mm = (points: number) => Math.round((points * 25.4) / 72);
      expect(boxes.map((b) => [mm(b.trimBox[2] - b.trimBox[0]), mm(b.trimBox[3] - b.trimBox[1])])).toEqual(
        Array(4).fill([w - 6, h - 6]),
      );
    }
  });

  it('keeps a photo at its full resolution and runs the background into the bleed', async () => {
    const photo = { type: 'image', src: '/uploads/photo.png', left: 150, top: 200, width: 300, height: 225 };
    const design = { version: '7.0.0', width: 600, height: 850, background: '#2A9D8F', objects: [photo] };
    const pdf = await renderer.printerPdf({ canvasData: design, insideMessage: '', product: 'a5' });
    const images = await imageSizes(pdf);
    // Drawn 300 units (74 mm) wide, stored with every one of its 1200 x 900 pixels: about 412 dpi.
    expect(images.filter((i) => i.page === 1)).toEqual([{ page: 1, width: 1200, height: 900 }]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-bleed-'));
    try {
      fs.writeFileSync(path.join(dir, 'card.pdf'), pdf);
      await run('pdftoppm', [
        '-png',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        '-r',
        '72',
        path.join(dir, 'card.pdf'),
        path.join(dir, 'p'),
      ]);
      const img = decodePng(fs.readFileSync(path.join(dir, 'p.png')));
      // The outermost pixel is in the bleed, outside the trim: the page's colour, not white.
      // (3 mm is 8.5 px at 72 dpi; the last row and column may be poppler's rounding.)
      expect(pixelAt(img, 2, 2).slice(0, 3)).toEqual([0x2a, 0x9d, 0x8f]);
      expect(pixelAt(img, img.width - 3, img.height - 3).slice(0, 3)).toEqual([0x2a, 0x9d, 0x8f]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('draws every page like the PNG preview of that page: within 1 % of pixels', async () => {
    // A front like a shopper's (the editor journey's): pattern, text, shapes, a photo and one sticker.
    const front = {
      version: '7.0.0',
      width: 600,
      height: 850,
      background: '#FFF4D6',
      pattern: { name: 'hearts', color: '#F8BBD0' },
      objects: [
        text('Happy 40th, Ada!', { top: 80, fill: '#D6336C' }),
        { type: 'image', src: '/uploads/photo.png', left: 150, top: 300, width: 300, height: 225 },
        { type: 'rect', left: 0, top: 700, width: 600, height: 150, fill: '#8BC98F' },
        { type: 'emoji', text: '🎂', left: 250, top: 560, fontSize: 90 },
      ],
    };
    const card = { ...front, pages: folded.pages };
    const pdf = await renderer.printerPdf({ canvasData: card, insideMessage: '', product: 'a5' });
    const shares: string[] = [];
    for (const [i, page] of PAGE_NAMES.entries()) {
      const preview = decodePng(await renderer.previewPng(card, { page: page as PageName }));
      const printed = decodePng(await trimArea(pdf, i + 1, 'a5', { width: 600, height: 850 }));
      // The back's small print is the PDF's own words over the page's art: keep it out of the comparison.
      const share = differingShare(
        page === 'back' ? crop(printed, 700) : printed,
        page === 'back' ? crop(preview, 700) : preview,
      );
      shares.push(`${page} ${(share * 100).toFixed(3)} %`);
      if (process.env.GC_DEBUG_DIR) {
        fs.writeFileSync(
          path.join(process.env.GC_DEBUG_DIR, `${page}-printed.png`),
          await trimArea(pdf, i + 1, 'a5', { width: 600, height: 850 }),
        );
        fs.writeFileSync(
          path.join(process.env.GC_DEBUG_DIR, `${page}-preview.png`),
          await renderer.previewPng(card, { page: page as PageName }),
        );
      }
      expect({ page, ok: share <= 0.01 }).toEqual({ page, ok: true });
    }
    console.log(`[pixel comparison] printer's PDF vs PNG preview, per page: ${shares.join(', ')}`);
  });
});

/** The top `rows` rows of a decoded image. */
function crop(img: ReturnType<typeof decodePng>, rows: number) {
  return { width: img.width, height: rows, rgba: img.rgba.subarray(0, img.width * rows * 4) };
}

describe('any page, one renderer', () => {
  it("draws an inner page as its own design on the card's canvas", async () => {
    const left = decodePng(await renderer.previewPng(folded, { page: 'inside_left' }));
    expect({ width: left.width, height: left.height }).toEqual({ width: 600, height: 850 });
    expect(pixelAt(left, 5, 5).slice(0, 3)).toEqual([0xe3, 0xf2, 0xfd]);
    const blankBack = decodePng(await renderer.previewPng(balloonParty, { page: 'back' }));
    expect(pixelAt(blankBack, 300, 425).slice(0, 3)).toEqual([255, 255, 255]);
    expect(await renderer.designSvg(folded, { page: 'inside_left' })).toContain('A poem on the left');
  });
});

describe('print-at-home sheet', () => {
  it('prints existing 600 x 850 designs as A5 exactly as before: A4 landscape, same front, same preview', async () => {
    const stored = validateCanvasData(balloonParty, { maxBytes: 1 << 20, maxObjects: 500, publicUrl: '' });
    if (!stored.ok) throw new Error(stored.errors.join('; '));
    const asA5 = fitCanvasToProduct(stored.value, 'a5');
    expect(renderer.previewLocation(asA5)).toEqual(renderer.previewLocation(balloonParty));
    const before = await renderer.cardPdf({ canvasData: balloonParty, insideMessage: MESSAGE });
    const after = await renderer.cardPdf({ canvasData: asA5, insideMessage: MESSAGE, product: 'a5' });
    const [a, b] = [await pageBoxes(before), await pageBoxes(after)];
    expect(b).toEqual(a);
    expect(Math.abs(b[0].width - 841.89)).toBeLessThan(2);
    const rasterise = async (pdf: Buffer) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-home-'));
      try {
        fs.writeFileSync(path.join(dir, 'c.pdf'), pdf);
        await run('pdftoppm', ['-png', '-r', '50', path.join(dir, 'c.pdf'), path.join(dir, 'p')]);
        return fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.png'))
          .sort()
          .map((f) => decodePng(fs.readFileSync(path.join(dir, f))));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const [x, y] = [await rasterise(before), await rasterise(after)];
    expect(y).toHaveLength(2);
    for (const i of [0, 1]) expect(differingShare(x[i], y[i], 0)).toBe(0);
  });

  it("lays a folded A6 out on its flat sheet, with the inner pages' designs", async () => {
    const canvas = fitCanvasToProduct({ ...folded, width: 600, height: 850 }, 'a6');
    const pdf = await renderer.cardPdf({ canvasData: canvas, insideMessage: MESSAGE, product: 'a6', cropMarks: true });
    const boxes = await pageBoxes(pdf);
    expect(boxes).toHaveLength(2);
    expect(Math.round((boxes[0].width * 25.4) / 72)).toBe(216); // 2 x 105 + 2 x 3 mm
    expect(Math.round((boxes[0].height * 25.4) / 72)).toBe(154);
    const facts = await inspectPdf(pdf);
    expect(flatten(facts.pageTexts[0])).toContain(SMALL_PRINT);
    expect(flatten(facts.pageTexts[1])).toContain('A poem on the left');
    expect(flatten(facts.pageTexts[1])).toContain(MESSAGE);
  });
});
