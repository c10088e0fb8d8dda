// The renderer against real Chromium, without Strapi: PDF pages and text, PNG pixels, emoji colour,
// browser reuse and replacement, concurrency and the SVG the e-card page inlines.
import fs from 'fs';
import os from 'os';
import path from 'path';
import {
  createCardRenderer,
  type CardRenderer,
} from '../../plugins/greeting-cards/server/src/areas/rendering/card-renderer';
import { localUploadsResolver } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/local-uploads';
import { PuppeteerRenderer } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/puppeteer-renderer';
import { solidPng } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/png-encode';
import { TEMPLATES } from '../../plugins/greeting-cards/server/src/areas/catalogue/seed/sample-data';
import { countPixels, decodePng, pixelAt, PNG_SIGNATURE, pngSize } from '../helpers/png';
import { flatten, inspectPdf } from '../helpers/pdf';
import { isAlive } from '../helpers/processes';

const balloonParty = TEMPLATES.find((t) => t.slug === 'balloon-party')!.canvas_data;
const MESSAGE =
  'Dear Sam,\nWishing you the happiest of birthdays and a wonderful year ahead, full of adventures, laughter and cake.\nLove, Alex';

async function waitUntil(condition: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let publicDir: string;
let provider: PuppeteerRenderer;
let renderer: CardRenderer;

beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-render-'));
  fs.mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(publicDir, 'uploads', 'red.png'), solidPng(20, 20, [255, 0, 0]));
  provider = new PuppeteerRenderer({ resolveAsset: localUploadsResolver(publicDir) });
  renderer = createCardRenderer({ provider, publicDir, publicUrl: 'https://cards.example.test', cropMarks: false });
});

afterAll(async () => {
  await renderer.shutdown();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('print PDF', () => {
  it('is two A4 landscape pages with the design text and the inside message as text', async () => {
    const pdf = await renderer.cardPdf({ canvasData: balloonParty, insideMessage: MESSAGE });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const facts = await inspectPdf(pdf);
    expect(facts.pages).toBe(2);
    expect(facts.width).toBeCloseTo(842, -1);
    expect(facts.height).toBeCloseTo(595, -1);
    expect(Math.abs(facts.width - 841.89)).toBeLessThan(2);
    expect(Math.abs(facts.height - 595.28)).toBeLessThan(2);
    const outside = flatten(facts.pageTexts[0]);
    expect(outside).toContain('Happy Birthday!');
    expect(outside).toContain('Hope your day is full of fun');
    expect(outside).not.toContain('Dear Sam');
    const inside = flatten(facts.pageTexts[1]);
    expect(inside).toContain('Dear Sam,');
    expect(inside).toContain('a wonderful year ahead');
    expect(inside).toContain('Love, Alex');
  });

  it('with crop marks grows each page by a 3 mm bleed: 303 x 216 mm', async () => {
    const facts = await inspectPdf(
      await renderer.cardPdf({ canvasData: balloonParty, insideMessage: 'Hi', cropMarks: true }),
    );
    expect(facts.pages).toBe(2);
    const pt = (mm: number) => (mm / 25.4) * 72;
    expect(Math.abs(facts.width - pt(303))).toBeLessThan(2);
    expect(Math.abs(facts.height - pt(216))).toBeLessThan(2);
    expect(flatten(facts.pageTexts[0])).toContain('Happy Birthday!');
  });

  it('prints emoji from the colour emoji font as images, so the PDF does not embed that font', async () => {
    const facts = await inspectPdf(
      await renderer.cardPdf({ canvasData: balloonParty, insideMessage: 'Party time 🎉 and cake 🎂!' }),
    );
    expect(facts.imagesPerPage[0]).toBeGreaterThanOrEqual(4); // three balloons/popper and the cake
    expect(facts.imagesPerPage[1]).toBe(2); // the two emoji in the message
    expect(facts.fonts.some((f) => /emoji/i.test(f))).toBe(false);
    expect(flatten(facts.pageTexts[1])).toContain('Party time and cake !');
  });

  it('escapes the inside message instead of interpreting it as markup', async () => {
    const facts = await inspectPdf(
      await renderer.cardPdf({
        canvasData: { background: '#FFFFFF', objects: [] },
        insideMessage: '<b>bold</b> & <script>x</script>',
      }),
    );
    expect(flatten(facts.pageTexts[1])).toContain('<b>bold</b> & <script>x</script>');
  });
});

describe('PNG preview', () => {
  it('is a PNG of the design size by default and scales to a requested width', async () => {
    const png = await renderer.previewPng(balloonParty);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 600, height: 850 });
    expect(pngSize(await renderer.previewPng(balloonParty, { width: 300 }))).toEqual({ width: 300, height: 425 });
  });

  it('is not blank: the text and shapes change pixels away from the background', async () => {
    const img = decodePng(await renderer.previewPng(balloonParty));
    expect(pixelAt(img, 300, 5).slice(0, 3)).toEqual([0xff, 0xf4, 0xd6]); // #FFF4D6 in an empty corner
    const notBackground = countPixels(
      img,
      { x: 0, y: 0, width: 600, height: 850 },
      ([r, g, b]) => Math.abs(r - 0xff) + Math.abs(g - 0xf4) + Math.abs(b - 0xd6) > 30,
    );
    expect(notBackground).toBeGreaterThan(5000);
    // The pink headline (#D6336C) sits around y = 330..400.
    const pink = countPixels(
      img,
      { x: 50, y: 320, width: 500, height: 90 },
      ([r, g, b]) => r > 180 && g < 110 && b > 70 && b < 150,
    );
    expect(pink).toBeGreaterThan(500);
  });

  it('draws emoji in colour from the emoji font', async () => {
    const design = {
      background: '#FFFFFF',
      objects: [{ type: 'emoji', text: '🎈', left: 200, top: 300, fontSize: 200 }],
    };
    const img = decodePng(await renderer.previewPng(design));
    const colourful = countPixels(
      img,
      { x: 190, y: 290, width: 240, height: 280 },
      ([r, g, b]) => Math.max(r, g, b) - Math.min(r, g, b) > 80,
    );
    expect(colourful).toBeGreaterThan(2000);
    expect(countPixels(img, { x: 0, y: 0, width: 600, height: 250 }, ([r, g, b]) => r + g + b < 700)).toBe(0);
  });

  it('draws our own uploads and data: images, and leaves out images from other hosts', async () => {
    const box = { left: 0, top: 0, width: 600, height: 850 };
    const fromUploads = decodePng(
      await renderer.previewPng({
        background: '#FFFFFF',
        objects: [{ type: 'image', src: '/uploads/red.png', ...box }],
      }),
    );
    expect(pixelAt(fromUploads, 300, 425).slice(0, 3)).toEqual([255, 0, 0]);
    const viaPublicUrl = decodePng(
      await renderer.previewPng({
        background: '#FFFFFF',
        objects: [{ type: 'image', src: 'https://cards.example.test/uploads/red.png', ...box }],
      }),
    );
    expect(pixelAt(viaPublicUrl, 300, 425).slice(0, 3)).toEqual([255, 0, 0]);
    const dataUrl = `data:image/png;base64,${solidPng(4, 4, [0, 0, 255]).toString('base64')}`;
    const inline = decodePng(
      await renderer.previewPng({ background: '#FFFFFF', objects: [{ type: 'image', src: dataUrl, ...box }] }),
    );
    expect(pixelAt(inline, 300, 425).slice(0, 3)).toEqual([0, 0, 255]);
    const foreign = decodePng(
      await renderer.previewPng({
        background: '#FFFFFF',
        objects: [{ type: 'image', src: 'https://elsewhere.example.test/uploads/red.png', ...box }],
      }),
    );
    expect(pixelAt(foreign, 300, 425).slice(0, 3)).toEqual([255, 255, 255]);
  });

  it('blocks requests to other hosts inside the page even if a design got past preparation', async () => {
    const design = {
      width: 600,
      height: 850,
      background: '#FFFFFF',
      objects: [
        {
          kind: 'image' as const,
          src: 'http://127.0.0.1:9/uploads/x.png',
          props: { left: 0, top: 0, originX: 'left', originY: 'top', width: 600, height: 850 },
        },
      ],
    };
    const img = decodePng(await provider.designPng(design, 600));
    expect(pixelAt(img, 300, 425).slice(0, 3)).toEqual([255, 255, 255]);
  });
});

describe('design SVG for the e-card page', () => {
  it('keeps the text as text and carries no script, foreignObject or outside links', async () => {
    const svg = await renderer.designSvg({
      background: '#FFFFFF',
      objects: [
        {
          type: 'textbox',
          text: 'Happy <script>alert(1)</script> day',
          left: 10,
          top: 10,
          width: 500,
          fontSize: 30,
          fill: '#000',
          fontFamily: 'Georgia',
        },
        { type: 'image', src: 'javascript:alert(1)', left: 0, top: 0, width: 10, height: 10 },
        { type: 'image', src: 'https://elsewhere.example.test/a.png', left: 0, top: 0, width: 10, height: 10 },
        { type: 'image', src: '/uploads/red.png', left: 0, top: 0, width: 10, height: 10 },
        {
          type: 'rect',
          left: 0,
          top: 0,
          width: 5,
          height: 5,
          fill: 'red;background:url(https://elsewhere.example.test/x)',
        },
      ],
    });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('&lt;script&gt;');
    expect(svg.toLowerCase()).not.toContain('<script');
    expect(svg.toLowerCase()).not.toContain('foreignobject');
    expect(svg).not.toContain('javascript:');
    expect(svg).not.toContain('elsewhere.example.test');
    expect(svg).not.toContain('renderer.invalid');
    expect(svg).toMatch(/href="\/uploads\/red\.png"/);
  });
});

describe('browser lifecycle', () => {
  it('reuses one browser, and replaces it after it is killed', async () => {
    await renderer.previewPng(balloonParty, { width: 100 });
    const first = provider.browserPid()!;
    expect(first).toBeGreaterThan(0);
    await renderer.designSvg(balloonParty);
    await renderer.cardPdf({ canvasData: balloonParty, insideMessage: 'x' });
    expect(provider.browserPid()).toBe(first);

    process.kill(first, 'SIGKILL');
    await waitUntil(() => !isAlive(first), 'the killed browser to exit');
    const png = await renderer.previewPng(balloonParty, { width: 120 });
    expect(pngSize(png)).toEqual({ width: 120, height: 170 });
    const second = provider.browserPid()!;
    expect(second).not.toBe(first);
    expect(isAlive(second)).toBe(true);
    const facts = await inspectPdf(
      await renderer.cardPdf({ canvasData: balloonParty, insideMessage: 'after the crash' }),
    );
    expect(flatten(facts.pageTexts[1])).toContain('after the crash');
  });

  it('renders five concurrent requests safely', async () => {
    const results = await Promise.all([
      renderer.cardPdf({ canvasData: TEMPLATES[0].canvas_data, insideMessage: 'one' }),
      renderer.previewPng(TEMPLATES[1].canvas_data),
      renderer.cardPdf({ canvasData: TEMPLATES[2].canvas_data, insideMessage: 'three' }),
      renderer.designSvg(TEMPLATES[3].canvas_data),
      renderer.cardPdf({ canvasData: TEMPLATES[4].canvas_data, insideMessage: 'five' }),
    ]);
    const texts = await Promise.all(
      [0, 2, 4].map(async (i) => flatten((await inspectPdf(results[i] as Buffer)).pageTexts[1])),
    );
    expect(texts).toEqual(['one', 'three', 'five']);
    expect(pngSize(results[1] as Buffer)).toEqual({ width: 600, height: 850 });
    expect(results[3]).toContain('Happy Anniversary');
  });

  it('closes the browser on shutdown and refuses later work', async () => {
    const own = new PuppeteerRenderer({ resolveAsset: localUploadsResolver(publicDir) });
    const r = createCardRenderer({ provider: own, publicDir, publicUrl: '', cropMarks: false });
    await r.previewPng(balloonParty, { width: 50 });
    const pid = own.browserPid()!;
    expect(isAlive(pid)).toBe(true);
    await r.shutdown();
    await waitUntil(() => !isAlive(pid), 'the browser to exit after shutdown');
    await expect(r.previewPng(balloonParty)).rejects.toThrow(/shut down/);
  });
});
