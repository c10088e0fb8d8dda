import fc from 'fast-check';
import {
  validateCanvasData,
  type CanvasLimits,
} from '../../plugins/greeting-cards/server/src/platform/designs/canvas-data';
import {
  MAX_PATH_POINTS,
  pathProblem,
  splitPath,
  type PathCommand,
} from '../../plugins/greeting-cards/server/src/platform/designs/handwriting';
import { prepareDesign } from '../../plugins/greeting-cards/server/src/platform/designs/design-prep';
import { objectBox } from '../../plugins/greeting-cards/server/src/platform/designs/print-products/preflight';

// Issue 45, item 2: handwriting strokes in canvas_data (docs/canvas-data.md, the `path` object). A stroke is
// checked command by command, capped in points (and, like every object, in number), and every refusal names
// the part of the design at fault.
const LIMITS: CanvasLimits = { maxBytes: 1024 * 1024, maxObjects: 500, publicUrl: 'https://cards.example.test' };

const stroke = (extra: Record<string, unknown> = {}) => ({
  type: 'path',
  path: [
    ['M', 100, 200],
    ['Q', 120, 180, 140, 200],
    ['L', 200, 210],
  ],
  stroke: '#1D2A44',
  strokeWidth: 4,
  left: 98,
  top: 178,
  ...extra,
});
const design = (objects: unknown[]) => ({ version: '7.0.0', background: '#FFFFFF', objects });

function errorsOf(input: unknown, limits: CanvasLimits = LIMITS): string[] {
  const result = validateCanvasData(input, limits);
  if (result.ok) throw new Error('expected the design to be rejected');
  return result.errors;
}

/** A stroke of `points` points: one move, then lines. */
const strokeOf = (points: number): PathCommand[] =>
  Array.from({ length: points }, (_, i) => [i === 0 ? 'M' : 'L', i % 600, Math.floor(i / 600)] as PathCommand);

describe('handwriting strokes in a design', () => {
  it('keeps a stroke as it is, on any page, and drops keys the format does not know', () => {
    const result = validateCanvasData(
      {
        // assetId too: a stroke is never a premium asset's, whatever it claims.
        ...design([{ ...stroke(), fill: '#FF0000', shadow: 'x', clipPath: {}, assetId: 7 }]),
        pages: { inside_right: { objects: [stroke({ opacity: 0.5, angle: 10 })] } },
      },
      LIMITS,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.objects).toEqual([
      { type: 'path', path: stroke().path, stroke: '#1D2A44', strokeWidth: 4, left: 98, top: 178 },
    ]);
    expect(result.value.pages?.inside_right?.objects[0]).toMatchObject({ type: 'path', opacity: 0.5, angle: 10 });
  });

  it('caps the points of one stroke and names the field', () => {
    expect(validateCanvasData(design([stroke({ path: strokeOf(MAX_PATH_POINTS) })]), LIMITS).ok).toBe(true);
    expect(errorsOf(design([stroke({ path: strokeOf(MAX_PATH_POINTS + 1) })]))).toEqual([
      `objects[0].path: must hold at most ${MAX_PATH_POINTS} points`,
    ]);
    // Control points count: 1 000 curves are 2 001 points.
    const curves: PathCommand[] = [['M', 0, 0], ...Array.from({ length: 1000 }, (): PathCommand => ['Q', 1, 1, 2, 2])];
    expect(errorsOf(design([stroke({ path: curves })]))).toEqual([
      `objects[0].path: must hold at most ${MAX_PATH_POINTS} points`,
    ]);
  });

  it('caps the number of strokes like every object', () => {
    const many = Array.from({ length: 501 }, () => stroke());
    expect(errorsOf(design(many))).toEqual(['objects: must hold at most 500 objects (got 501)']);
    expect(errorsOf({ ...design([]), pages: { back: { objects: many } } })).toEqual([
      'pages.back.objects: must hold at most 500 objects (got 501)',
    ]);
  });

  it('refuses bad numbers, NaN, infinities and huge coordinates, naming the command and number', () => {
    const bad = (path: unknown) => errorsOf(design([stroke(), stroke({ path })]));
    expect(
      bad([
        ['M', 1, 2],
        ['L', Number.NaN, 3],
      ]),
    ).toEqual(['objects[1].path[1][1]: must be a number']);
    expect(bad([['M', 1, Infinity]])).toEqual(['objects[1].path[0][2]: must be a number']);
    expect(
      bad([
        ['M', 1, 2],
        ['Q', 1, 2, '3', 4],
      ]),
    ).toEqual(['objects[1].path[1][3]: must be a number']);
    expect(
      bad([
        ['M', 1, 2],
        ['L', 1e9, 3],
      ]),
    ).toEqual(['objects[1].path[1][1]: must be between -100000 and 100000']);
    expect(bad([['M', -100001, 2]])).toEqual(['objects[1].path[0][1]: must be between -100000 and 100000']);
    expect(bad([['M', 1, null]])).toEqual(['objects[1].path[0][2]: must be a number']);
  });

  it('refuses malformed commands, empty strokes and other shapes of path', () => {
    const bad = (path: unknown) => errorsOf(design([stroke({ path })]));
    expect(bad([])).toEqual(['objects[0].path: must be a non-empty array of path commands']);
    expect(bad('M 0 0 L 10 10')).toEqual(['objects[0].path: must be a non-empty array of path commands']);
    expect(bad([['L', 1, 2]])).toEqual(['objects[0].path[0]: must start with M (move to)']);
    expect(
      bad([
        ['M', 1, 2],
        ['L', 1],
      ]),
    ).toEqual(['objects[0].path[1]: L takes 2 numbers']);
    expect(
      bad([
        ['M', 1, 2],
        ['L', 1, 2, 3],
      ]),
    ).toEqual(['objects[0].path[1]: L takes 2 numbers']);
    // Arcs, closing and relative commands are not what a pen writes: refused.
    for (const letter of ['A', 'Z', 'l', 'm', 'H'])
      expect(
        bad([
          ['M', 1, 2],
          [letter, 1, 2],
        ]),
      ).toEqual(['objects[0].path[1]: must be a command M, L, Q, C followed by its numbers']);
    expect(bad([{ 0: 'M', 1: 1, 2: 2 }])).toEqual([
      'objects[0].path[0]: must be a command M, L, Q, C followed by its numbers',
    ]);
  });

  it('needs a colour and a sensible pen width', () => {
    expect(errorsOf(design([stroke({ stroke: undefined, strokeWidth: undefined })]))).toEqual([
      'objects[0].stroke: is required',
      'objects[0].strokeWidth: is required',
    ]);
    expect(errorsOf(design([stroke({ stroke: 'url(#evil)', strokeWidth: 0 })]))).toEqual([
      'objects[0].stroke: must be a colour (#RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba() or transparent)',
      'objects[0].strokeWidth: must be between 0.1 and 100',
    ]);
    expect(errorsOf(design([stroke({ strokeWidth: Number.NaN })]))).toEqual([
      'objects[0].strokeWidth: must be a number',
    ]);
  });

  it('never throws on generated strokes: each is stored exactly or refused with messages naming it', () => {
    const coordinate = fc.oneof(
      fc.double({ min: -150_000, max: 150_000 }),
      fc.constantFrom(Number.NaN, Infinity, -Infinity, '1', null, undefined, {}),
    );
    const command = fc.oneof(
      fc.tuple(fc.constantFrom('M', 'L'), coordinate, coordinate),
      fc.tuple(fc.constantFrom('Q'), coordinate, coordinate, coordinate, coordinate),
      fc.array(fc.oneof(fc.constantFrom('M', 'L', 'Q', 'C', 'Z'), coordinate), { maxLength: 9 }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), fc.anything(), (path, width) => {
        const result = validateCanvasData(design([stroke({ path, strokeWidth: width })]), LIMITS);
        if (result.ok) {
          // What is stored is what was sent, and the renderer draws it as it is.
          expect(result.value.objects[0].path).toEqual(path);
          expect(prepareDesign(result.value).objects[0]).toMatchObject({ kind: 'path', path });
        } else {
          expect(result.errors.length).toBeGreaterThan(0);
          for (const e of result.errors) expect(e).toMatch(/^objects\[0\]\.(path|strokeWidth)/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('strokes for the renderer and preflight', () => {
  it('reach the renderer with their commands, one colour, round ends and no fill', () => {
    const prepared = prepareDesign(design([stroke({ fill: '#FF0000', width: 5 })]));
    expect(prepared.objects).toEqual([
      {
        kind: 'path',
        path: stroke().path,
        props: {
          originX: 'left',
          originY: 'top',
          left: 98,
          top: 178,
          stroke: '#1D2A44',
          strokeWidth: 4,
          strokeLineCap: 'round',
          strokeLineJoin: 'round',
        },
      },
    ]);
    // A stroke the validator would refuse never reaches the renderer (older or hand-made rows).
    expect(prepareDesign(design([stroke({ path: [['M', 1, Number.NaN]] })])).objects).toEqual([]);
    expect(prepareDesign(design([stroke({ stroke: undefined })])).objects).toEqual([]);
  });

  it("measure a stroke's box as its points plus the pen's width", () => {
    expect(objectBox(stroke())).toEqual({ left: 98, top: 178, width: 104, height: 34 });
  });

  it('cut a long stroke into pieces within the cap, each going on from where the last ended', () => {
    const long = strokeOf(5000);
    const pieces = splitPath(long, MAX_PATH_POINTS);
    expect(pieces.length).toBe(3);
    for (const piece of pieces) expect(pathProblem(piece)).toBeNull();
    for (let i = 1; i < pieces.length; i += 1) {
      const end = pieces[i - 1][pieces[i - 1].length - 1];
      expect(pieces[i][0]).toEqual(['M', end[1], end[2]]);
    }
    // Every command of the stroke is in one piece, in order.
    expect(pieces.flatMap((p, i) => (i === 0 ? p : p.slice(1)))).toEqual(long);
    expect(splitPath(stroke().path as PathCommand[])).toEqual([stroke().path]);
  });
});
