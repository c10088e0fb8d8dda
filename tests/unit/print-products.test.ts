// The products table, the pages of a folded card in canvas_data, and the print layouts' sizes. Pure.
import {
  PRODUCTS,
  PRODUCT_CODES,
  productOf,
  effectiveProductCode,
} from '../../plugins/greeting-cards/server/src/platform/designs/print-products/products';
import {
  pageDesign,
  pageIsDesigned,
  allObjects,
  objectsByPage,
} from '../../plugins/greeting-cards/server/src/platform/designs/print-products/pages';
import { fitCanvasToProduct } from '../../plugins/greeting-cards/server/src/platform/designs/print-products/canvas-size';
import {
  validateCanvasData,
  blankCanvas,
  type CanvasLimits,
} from '../../plugins/greeting-cards/server/src/platform/designs/canvas-data';
import {
  printPageSize,
  cardPrintHtml,
} from '../../plugins/greeting-cards/server/src/areas/rendering/rules/print-layout';
import {
  printerPageSize,
  printerPdfHtml,
} from '../../plugins/greeting-cards/server/src/areas/rendering/rules/printer-layout';
import { assetIdsInCanvas, premiumAssetsDrawn } from '../../plugins/greeting-cards/server/src/platform/designs/premium';
import { TEMPLATES } from '../../plugins/greeting-cards/server/src/areas/catalogue/seed/sample-data';

const LIMITS: CanvasLimits = { maxBytes: 1024 * 1024, maxObjects: 500, publicUrl: 'https://cards.example.test' };
const text = (t: string, extra: Record<string, unknown> = {}) => ({
  type: 'textbox',
  text: t,
  left: 10,
  top: 20,
  fontSize: 30,
  fill: '#112233',
  fontFamily: 'Georgia',
  ...extra,
});
const folded = {
  version: '7.0.0',
  width: 600,
  height: 850,
  background: '#FFF4D6',
  objects: [text('Front')],
  pages: {
    inside_left: { background: '#EEEEEE', objects: [text('Left')] },
    inside_right: { objects: [{ type: 'emoji', text: '🎂', left: 1, top: 2, fontSize: 40, assetId: 9 }] },
    back: { background: '#FFFFFF', pattern: { name: 'dots', color: '#112233' }, objects: [] },
  },
};

describe('products', () => {
  it('lists A6, A5, 5x7 in and square with their trims, a 3 mm bleed and a 4 mm safe margin', () => {
    expect(PRODUCTS.map((p) => [p.code, p.trimMm.width, p.trimMm.height, p.bleedMm, p.safeMm])).toEqual([
      ['a6', 105, 148, 3, 4],
      ['a5', 148, 210, 3, 4],
      ['in5x7', 127, 178, 3, 4],
      ['square', 148, 148, 3, 4],
    ]);
    // Codes are Strapi enumeration values: letters, digits and underscores, not starting with a digit.
    for (const code of PRODUCT_CODES) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it("gives each product a canvas with its trim's aspect; A5 keeps the 600 x 850 every design was made on", () => {
    expect(productOf('a5').canvas).toEqual({ width: 600, height: 850 });
    for (const p of PRODUCTS) {
      const ratio = p.canvas.height / p.canvas.width / (p.trimMm.height / p.trimMm.width);
      expect({ code: p.code, close: Math.abs(ratio - 1) < 0.005 }).toEqual({ code: p.code, close: true });
    }
    expect(productOf('in5x7').canvas).toEqual({ width: 600, height: 841 });
    expect(productOf('square').canvas).toEqual({ width: 600, height: 600 });
  });

  it("resolves a card's product: its own, else its template's, else the legacy A5", () => {
    expect(effectiveProductCode('square', 'a6')).toBe('square');
    expect(effectiveProductCode(null, 'a6')).toBe('a6');
    expect(effectiveProductCode(undefined, undefined)).toBe('a5');
    expect(effectiveProductCode('A4-bogus')).toBe('a5');
    expect(productOf('nope').code).toBe('a5');
  });

  it('maps every existing design to A5 with no change at all', () => {
    for (const t of TEMPLATES) {
      const stored = validateCanvasData(t.canvas_data, LIMITS);
      if (!stored.ok) throw new Error(stored.errors.join('; '));
      expect(fitCanvasToProduct(stored.value, 'a5')).toEqual({ ...stored.value, width: 600, height: 850 });
      expect(stored.value).not.toHaveProperty('pages');
    }
    expect(fitCanvasToProduct(blankCanvas(), 'in5x7')).toMatchObject({ width: 600, height: 841, objects: [] });
    expect(blankCanvas('square')).toMatchObject({ width: 600, height: 600 });
  });
});

describe('pages in canvas_data', () => {
  it("keeps inner pages through validation, filling a page's missing background and objects", () => {
    const result = validateCanvasData(folded, LIMITS);
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.value.pages?.inside_right).toEqual({
      background: '#FFFFFF',
      objects: [folded.pages.inside_right.objects[0]],
    });
    expect(result.value.pages?.back?.pattern).toEqual({ name: 'dots', color: '#112233' });
    expect(result.value.objects).toEqual([folded.objects[0]]);
  });

  it("checks every page with the front's rules, naming the page in the path", () => {
    const result = validateCanvasData(
      {
        ...folded,
        pages: {
          inside_left: {
            background: 'red',
            objects: [
              { type: 'textbox', text: 'x', left: 'a', top: 0, fontSize: 10, fill: '#000', fontFamily: 'Georgia' },
            ],
          },
          inside_right: {
            objects: [{ type: 'image', src: 'https://evil.example/x.png', left: 0, top: 0, width: 1, height: 1 }],
          },
          cover: { objects: [] },
        },
      },
      LIMITS,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        'pages.inside_left.background: must be a colour in #RRGGBB form',
        'pages.inside_left.objects[0].left: must be a number',
        expect.stringMatching(/^pages\.inside_right\.objects\[0\]\.src: /),
        'pages.cover: is not a page: pages are inside_left, inside_right, back',
      ]),
    );
    expect(validateCanvasData({ ...folded, pages: [] }, LIMITS)).toMatchObject({
      ok: false,
      errors: ['pages: must be an object with any of inside_left, inside_right, back'],
    });
    const many = Array.from({ length: 3 }, () => text('x'));
    expect(
      validateCanvasData({ ...folded, pages: { back: { objects: many } } }, { ...LIMITS, maxObjects: 2 }),
    ).toMatchObject({
      ok: false,
      errors: ['pages.back.objects: must hold at most 2 objects (got 3)'],
    });
  });

  it("draws a page as a whole design on the card's canvas; a missing page is blank white", () => {
    expect(pageDesign(folded, 'front')).toMatchObject({
      width: 600,
      height: 850,
      background: '#FFF4D6',
      objects: folded.objects,
    });
    expect(pageDesign(folded, 'inside_left')).toMatchObject({
      width: 600,
      height: 850,
      background: '#EEEEEE',
      objects: folded.pages.inside_left.objects,
    });
    expect(pageDesign({ ...folded, pages: undefined }, 'back')).toMatchObject({ background: '#FFFFFF', objects: [] });
    expect(pageIsDesigned({ ...folded, pages: undefined }, 'back')).toBe(false);
    expect(pageIsDesigned(folded, 'back')).toBe(true); // a pattern is a design
    expect(pageIsDesigned(folded, 'inside_right')).toBe(true);
  });

  it('counts objects of every page, so premium stickers inside the card are found', () => {
    expect(allObjects(folded)).toHaveLength(3);
    expect(objectsByPage(folded).map((o) => [o.page, o.index])).toEqual([
      ['front', 0],
      ['inside_left', 0],
      ['inside_right', 0],
    ]);
    expect(assetIdsInCanvas(folded)).toEqual([9]);
    expect(premiumAssetsDrawn(folded, [{ id: 5, emoji: '🎂', imagePaths: [], imageDigests: [] }], '')).toEqual([5]);
  });
});

describe('print layouts by product', () => {
  it("keeps A5's print-at-home sheet A4 landscape and lays other products out as their flat card", () => {
    expect(printPageSize(false, 'a5')).toEqual({ widthMm: 297, heightMm: 210 });
    expect(printPageSize(true)).toEqual({ widthMm: 303, heightMm: 216 });
    expect(printPageSize(false, 'a6')).toEqual({ widthMm: 210, heightMm: 148 });
    expect(printPageSize(true, 'in5x7')).toEqual({ widthMm: 260, heightMm: 184 });
  });

  it("sizes the printer's pages at trim plus bleed", () => {
    expect(printerPageSize('a5')).toEqual({ widthMm: 154, heightMm: 216, bleedMm: 3 });
    expect(printerPageSize('square')).toEqual({ widthMm: 154, heightMm: 154, bleedMm: 3 });
  });

  it("puts inner pages' art on the home sheet and gives the printer four pages, message and small print on theirs", () => {
    const art = (name: string) => ({ svg: `<svg data-page="${name}"></svg>`, background: '#ABCDEF' });
    const home = cardPrintHtml({
      frontSvg: '<svg data-page="front"></svg>',
      frontBackground: '#FFFFFF',
      insideMessage: 'Love <3',
      cropMarks: false,
      brandText: 'Cards & Co',
      pages: { inside_left: art('inside_left'), back: art('back') },
    });
    expect(home).toContain('data-page="inside_left"');
    expect(home).toContain('data-page="back"');
    expect(home).not.toContain('data-page="inside_right"');
    const printer = printerPdfHtml({
      product: 'a6',
      pages: { front: art('front'), inside_right: art('inside_right') },
      insideMessage: 'Love <3',
      brandText: 'Cards & Co',
    });
    expect(printer.match(/<section class="page /g)).toHaveLength(4);
    expect(printer).toMatch(/<section class="page inside_right"[^>]*>.*data-page="inside_right".*Love &lt;3/);
    expect(printer).toMatch(/<section class="page back">.*Cards &amp; Co/);
    expect(printer).toContain('size: 111mm 154mm');
    expect(printer).not.toContain('class="marks"');
  });
});
