// Preflight of a card before print (issue 21, item 5). Pure.
import {
  preflight,
  objectBox,
  photoResolutions,
  type PreflightInput,
} from '../../plugins/greeting-cards/server/src/platform/designs/print-products/preflight';

const LIMITS = { maxBytes: 1 << 20, maxObjects: 500, publicUrl: 'https://cards.example.test' };
const text = (t: string, extra: Record<string, unknown> = {}) => ({
  type: 'textbox',
  text: t,
  left: 100,
  top: 300,
  width: 400,
  fontSize: 30,
  fill: '#000000',
  fontFamily: 'Georgia',
  ...extra,
});
const photo = (extra: Record<string, unknown> = {}) => ({
  type: 'image',
  src: '/uploads/p.jpg',
  left: 100,
  top: 100,
  width: 400,
  height: 300,
  ...extra,
});
const design = (objects: unknown[], extra: Record<string, unknown> = {}) => ({
  version: '7.0.0',
  width: 600,
  height: 850,
  background: '#FFFFFF',
  objects,
  ...extra,
});
const run = (over: Partial<PreflightInput>) =>
  preflight({
    canvasData: design([]),
    product: 'a5',
    insideMessage: 'Hi',
    posted: false,
    minDpi: 150,
    limits: LIMITS,
    ...over,
  });
const codes = (over: Partial<PreflightInput>) => run(over).map((i) => [i.code, i.severity, i.page, i.object]);

describe('preflight', () => {
  it('is empty for a tidy card', () => {
    expect(
      run({
        canvasData: design([text('Hello'), photo()]),
        imageSizes: { '/uploads/p.jpg': { width: 2000, height: 1500 } },
      }),
    ).toEqual([]);
  });

  it("warns about a template's placeholder text left unchanged, on any page", () => {
    const template = design([text('Your name here', { placeholder: true }), text('Happy birthday')]);
    const card = design([text('Your name here'), text('Happy birthday')], {
      pages: { inside_left: { objects: [text('Your name here')] } },
    });
    expect(codes({ canvasData: card, templateCanvas: template })).toEqual([
      ['placeholder_text', 'warning', 'front', 0],
      ['placeholder_text', 'warning', 'inside_left', 0],
    ]);
    expect(run({ canvasData: design([text('Ada Lovelace')]), templateCanvas: template })).toEqual([]);
    expect(run({ canvasData: card, templateCanvas: template })[0].message).toContain('Your name here');
  });

  it('warns about a photo under the minimum dpi at print size, and reports its dpi', () => {
    // 400 units on A5 is 98.7 mm (3.9 in): 500 px is 128 dpi, 600 px is 154 dpi.
    const low = run({ canvasData: design([photo()]), imageSizes: { '/uploads/p.jpg': { width: 500, height: 375 } } });
    expect(low).toMatchObject([{ code: 'photo_low_resolution', severity: 'warning', page: 'front', object: 0 }]);
    expect(low[0].message).toContain('128 dpi');
    expect(
      run({ canvasData: design([photo()]), imageSizes: { '/uploads/p.jpg': { width: 600, height: 450 } } }),
    ).toEqual([]);
    expect(
      codes({
        canvasData: design([photo()]),
        imageSizes: { '/uploads/p.jpg': { width: 600, height: 450 } },
        minDpi: 300,
      }),
    ).toEqual([['photo_low_resolution', 'warning', 'front', 0]]);
  });

  it('warns about text or a photo crossing the safe margin (4 mm, about 16 units on A5)', () => {
    expect(codes({ canvasData: design([text('Edge', { left: 5 })]) })).toEqual([
      ['outside_safe_area', 'warning', 'front', 0],
    ]);
    expect(codes({ canvasData: design([photo({ top: 600, height: 245 })]) })).toEqual([
      ['outside_safe_area', 'warning', 'front', 0],
    ]);
    expect(run({ canvasData: design([text('Inside', { left: 20 })]) })).toEqual([]);
    // A background shape running to the edge is meant to: no warning.
    expect(
      run({ canvasData: design([{ type: 'rect', left: 0, top: 0, width: 600, height: 850, fill: '#FF0000' }]) }),
    ).toEqual([]);
  });

  it('warns about an empty inside message on a posted card only', () => {
    expect(codes({ insideMessage: '  ', posted: true })).toEqual([
      ['empty_inside_message', 'warning', 'inside_right', null],
    ]);
    expect(run({ insideMessage: '', posted: false })).toEqual([]);
    // A designed inside page (a group card's signatures) is not an empty inside.
    const signed = design([], {
      pages: { inside_right: { background: '#FFFFFF', objects: [text('Good luck!\n— Jo', { top: 100 })] } },
    });
    expect(codes({ canvasData: signed, insideMessage: '', posted: true })).toEqual([]);
  });

  it('gives errors for an object entirely outside the trim and for a design that cannot be rendered', () => {
    expect(
      codes({
        canvasData: design([
          text('Lost', { left: 700 }),
          { type: 'circle', left: -300, top: 10, radius: 100, fill: '#000' },
        ]),
      }),
    ).toEqual([
      ['outside_trim', 'error', 'front', 0],
      ['outside_trim', 'error', 'front', 1],
    ]);
    expect(codes({ canvasData: { version: '7.0.0', background: 'nope', objects: [] } })).toEqual([
      ['unrenderable', 'error', null, null],
    ]);
  });

  it("prints photos from the upload provider's URL prefixes, as the API accepts them", () => {
    const remote = photo({ src: 'https://media.example.test/bucket/p.jpg' });
    // Without the prefix the design could not have been saved: a photo the renderer will not load.
    expect(codes({ canvasData: design([remote]) })).toEqual([['unrenderable', 'error', null, null]]);
    expect(
      codes({
        canvasData: design([remote]),
        limits: { ...LIMITS, remotePrefixes: ['https://media.example.test/bucket/'] },
      }),
    ).toEqual([]);
  });

  it('measures boxes with scale and origin', () => {
    expect(
      objectBox({
        type: 'rect',
        left: 100,
        top: 100,
        width: 50,
        height: 20,
        scaleX: 2,
        scaleY: 3,
        originX: 'center',
        originY: 'center',
      }),
    ).toEqual({ left: 50, top: 70, width: 100, height: 60 });
    expect(objectBox({ type: 'circle', left: 0, top: 0, radius: 10 })).toEqual({
      left: 0,
      top: 0,
      width: 20,
      height: 20,
    });
  });

  it("reports each known photo's resolution at print size, on every page and product", () => {
    const canvasData = design([photo(), photo({ src: '/uploads/unknown.jpg' })], {
      pages: { inside_left: { objects: [photo({ width: 200, scaleX: 2 })] } },
    });
    const imageSizes = { '/uploads/p.jpg': { width: 2000, height: 1500 } };
    // A5: 148 mm across 600 units; 400 units is 98.7 mm, so 2,000 px is 514 dpi. The unknown photo is left out.
    expect(photoResolutions({ canvasData, product: 'a5', imageSizes })).toEqual([
      { page: 'front', object: 0, width_px: 2000, height_px: 1500, printed_width_mm: 98.7, dpi: 514 },
      { page: 'inside_left', object: 0, width_px: 2000, height_px: 1500, printed_width_mm: 98.7, dpi: 514 },
    ]);
    // The same photo on an A6 card is printed smaller, so its resolution is higher.
    expect(photoResolutions({ canvasData: design([photo()]), product: 'a6', imageSizes })[0].dpi).toBeGreaterThan(514);
    expect(photoResolutions({ canvasData: null, product: 'a5', imageSizes })).toEqual([]);
  });
});
