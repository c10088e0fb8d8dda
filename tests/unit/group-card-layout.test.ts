import {
  fontSizes,
  layoutSignatures,
  linesFor,
  MAX_FONT,
  MIN_FONT,
} from '../../plugins/greeting-cards/server/src/areas/group-cards/rules/signature-layout';
import { validateCanvasData } from '../../plugins/greeting-cards/server/src/platform/designs/canvas-data';
import {
  cardPages,
  MAX_EXTRA_PAGES,
  objectsByPage,
  pageDesign,
} from '../../plugins/greeting-cards/server/src/platform/designs/print-products/pages';
import { preflight } from '../../plugins/greeting-cards/server/src/platform/designs/print-products/preflight';

const A5 = { width: 600, height: 850 };
const sig = (i: number, message = 'Good luck in the new job!') => ({
  display_name: `Person ${i}`,
  message,
  colour: '#112233',
  font: 'Caveat',
  emoji: i % 2 ? '🎉' : null,
});

describe('group-card signature layout', () => {
  it('keeps the type the same size on paper whatever the product: larger canvas units on A6', () => {
    const mmOf = (units: number, width: number, trimMm: number) => (units * trimMm) / width;
    expect(fontSizes(600, 148)).toEqual({ max: MAX_FONT, min: MIN_FONT }); // A5, as before products
    expect(fontSizes(600)).toEqual({ max: MAX_FONT, min: MIN_FONT });
    for (const trimMm of [105, 127, 148]) {
      // A6, 5 x 7 in, square
      const { min, max } = fontSizes(600, trimMm);
      expect(Math.abs(mmOf(min, 600, trimMm) - mmOf(MIN_FONT, 600, 148))).toBeLessThan(0.15);
      expect(Math.abs(mmOf(max, 600, trimMm) - mmOf(MAX_FONT, 600, 148))).toBeLessThan(0.15);
    }
    const A6 = { width: 600, height: 846, trimWidthMm: 105 };
    const a6 = layoutSignatures(
      Array.from({ length: 60 }, (_, i) => sig(i, 'Good luck! '.repeat(40))),
      A6,
    );
    expect(a6.fontSize).toBe(fontSizes(600, 105).min);
    expect(a6.fontSize).toBeGreaterThan(MIN_FONT);
    expect(a6.extra.length).toBeGreaterThan(0);
    for (const o of [a6.inside_right, a6.inside_left, ...a6.extra].flat()) expect(o.fontSize).toBe(a6.fontSize);
    expect(a6.leftOff).toBe(0);
    // A full A6 card of the longest messages needs more than the most extra pages at that size: the type
    // gets smaller (never below A5's minimum in canvas units) rather than anyone being left off.
    const full = layoutSignatures(
      Array.from({ length: 150 }, (_, i) => sig(i, `${i}: ${'Good luck! '.repeat(45)}`.slice(0, 500))),
      A6,
    );
    expect(full.leftOff).toBe(0);
    expect(full.fontSize).toBeLessThan(fontSizes(600, 105).min);
    expect(full.fontSize).toBeGreaterThanOrEqual(MIN_FONT);
    expect(full.extra.length).toBeLessThanOrEqual(MAX_EXTRA_PAGES);
  });

  it('puts a few signatures on the inside right page at the largest size, in order, inside the margins', () => {
    const layout = layoutSignatures([sig(1), sig(2), sig(3)], A5);
    expect(layout.fontSize).toBe(MAX_FONT);
    expect(layout.leftOff).toBe(0);
    expect(layout.inside_left).toEqual([]);
    expect(layout.inside_right.map((o) => o.text)).toEqual(
      [1, 2, 3].map((i) => `${i % 2 ? '🎉 ' : ''}Good luck in the new job!\n— Person ${i}`),
    );
    const tops = layout.inside_right.map((o) => o.top);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    for (const o of layout.inside_right) {
      expect(o).toMatchObject({ type: 'textbox', fill: '#112233', fontFamily: 'Caveat', fontSize: MAX_FONT });
      expect(o.left).toBeGreaterThan(0);
      expect(o.left + Number(o.width)).toBeLessThanOrEqual(A5.width);
    }
  });

  it('shrinks, then spills onto the inside left page, never below the readable minimum', () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      sig(i, 'A longer message to fill the page with words. '.repeat(2)),
    );
    const layout = layoutSignatures(many, A5);
    expect(layout.fontSize).toBeLessThan(MAX_FONT);
    expect(layout.fontSize).toBeGreaterThanOrEqual(MIN_FONT);
    expect(layout.inside_left.length).toBeGreaterThan(0);
    for (const page of [layout.inside_right, layout.inside_left]) {
      for (const o of page)
        expect(
          o.top + linesFor(String(o.text), Number(o.width), layout.fontSize) * layout.fontSize * 1.25,
        ).toBeLessThanOrEqual(A5.height);
    }
    expect(layout.extra).toEqual([]);
    expect(layout.inside_right.length + layout.inside_left.length).toBe(20);
    expect(layout.leftOff).toBe(0);
  });

  const LONG = 'Wishing you all the very best in your next adventure, we will miss you lots. '.repeat(7).slice(0, 500);
  /** Every placed object, page after page in reading order: inside right, inside left, then the extra pages. */
  const inOrder = (layout: ReturnType<typeof layoutSignatures>) => [
    layout.inside_right,
    layout.inside_left,
    ...layout.extra,
  ];

  it('goes on onto extra pages at the minimum size when the inside is full: 150 long messages, none left off, in order', () => {
    for (const page of [A5, { width: 600, height: 600 }]) {
      const signatures = Array.from({ length: 150 }, (_, i) => sig(i, `${i}: ${LONG}`.slice(0, 500)));
      const layout = layoutSignatures(signatures, page);
      expect(layout.leftOff).toBe(0);
      expect(layout.fontSize).toBe(MIN_FONT);
      expect(layout.extra.length).toBeGreaterThan(2);
      expect(layout.extra.length).toBeLessThanOrEqual(MAX_EXTRA_PAGES);
      const names: string[] = [];
      for (const objects of inOrder(layout)) {
        expect(objects.length).toBeGreaterThan(0);
        for (const o of objects) {
          expect(o.fontSize).toBeGreaterThanOrEqual(MIN_FONT);
          expect(o.top).toBeGreaterThanOrEqual(0);
          expect(o.top + linesFor(String(o.text), Number(o.width), MIN_FONT) * MIN_FONT * 1.25).toBeLessThanOrEqual(
            page.height,
          );
          names.push(/— (Person \d+)$/.exec(String(o.text))![1]);
        }
      }
      expect(names).toEqual(signatures.map((s) => s.display_name));
    }
  });

  it('makes a design the API accepts, whose pages every check walks through', () => {
    const layout = layoutSignatures(
      Array.from({ length: 150 }, (_, i) => sig(i, LONG)),
      A5,
    );
    const design = {
      version: '7.0.0',
      width: 600,
      height: 850,
      background: '#FFFFFF',
      objects: [],
      pages: {
        inside_right: { objects: layout.inside_right },
        inside_left: { objects: layout.inside_left },
        extra: layout.extra.map((objects) => ({ background: '#FFFFFF', objects })),
      },
    };
    const limits = { maxBytes: 1024 * 1024, maxObjects: 500, publicUrl: '' };
    const checked = validateCanvasData(design, limits);
    expect(checked.ok).toBe(true);
    expect(cardPages(design)).toEqual([
      'front',
      'inside_left',
      'inside_right',
      ...layout.extra.map((_, i) => `extra_${i + 1}`),
      'back',
    ]);
    expect(pageDesign(design, 'extra_2').objects).toEqual(layout.extra[1]);
    expect(objectsByPage(design)).toHaveLength(150);
    const tooMany = validateCanvasData(
      { ...design, pages: { extra: Array.from({ length: MAX_EXTRA_PAGES + 1 }, () => ({ objects: [] })) } },
      limits,
    );
    expect(tooMany).toEqual({
      ok: false,
      errors: [`pages.extra: must hold at most ${MAX_EXTRA_PAGES} pages (got ${MAX_EXTRA_PAGES + 1})`],
    });
    const badPage = validateCanvasData(
      { ...design, pages: { extra: [{ objects: [{ type: 'blob', left: 0, top: 0 }] }] } },
      limits,
    );
    expect(badPage.ok ? [] : badPage.errors[0]).toMatch(/^pages\.extra\[0\]\.objects\[0\]\.type: must be one of/);
    // A posted card has four pages: its preflight stops checkout; the same card printed at home is fine.
    const check = (posted: boolean) =>
      preflight({ canvasData: design, product: 'a5', insideMessage: 'Hi', posted, minDpi: 150, limits }).filter(
        (i) => i.code === 'too_many_pages',
      );
    expect(check(true)).toEqual([
      expect.objectContaining({
        severity: 'error',
        page: null,
        message: expect.stringContaining(`${layout.extra.length} extra pages`),
      }),
    ]);
    expect(check(false)).toEqual([]);
  });

  it('splits a message taller than a page across pages rather than leaving it off', () => {
    const tall = sig(4, Array.from({ length: 249 }, () => 'x').join('\n'));
    const layout = layoutSignatures([sig(0), tall, sig(2)], A5);
    expect(layout.leftOff).toBe(0);
    const texts = inOrder(layout)
      .flat()
      .map((o) => String(o.text));
    expect(texts[0]).toMatch(/— Person 0$/);
    expect(texts.at(-1)).toMatch(/— Person 2$/);
    const pieces = texts.slice(1, -1);
    expect(pieces.length).toBeGreaterThan(1);
    expect(
      pieces
        .join('\n')
        .split('\n')
        .filter((l) => l === 'x'),
    ).toHaveLength(249);
  });

  it('reports what does not fit even on the most extra pages instead of shrinking further', () => {
    const tall = (i: number) => sig(i, Array.from({ length: 250 }, () => 'x').join('\n'));
    const layout = layoutSignatures(
      Array.from({ length: 150 }, (_, i) => tall(i)),
      A5,
    );
    expect(layout.fontSize).toBe(MIN_FONT);
    // Pages full of whole messages, short of the limit by less than one (tall) message.
    expect(layout.extra.length).toBeLessThanOrEqual(MAX_EXTRA_PAGES);
    expect(layout.extra.length).toBeGreaterThan(MAX_EXTRA_PAGES - 7);
    expect(layout.leftOff).toBeGreaterThan(0);
    // A message is on the card whole or not at all.
    const names = inOrder(layout)
      .flat()
      .map((o) => /— (Person \d+)$/.exec(String(o.text))?.[1])
      .filter(Boolean);
    expect(names).toHaveLength(150 - layout.leftOff);
  });
});
