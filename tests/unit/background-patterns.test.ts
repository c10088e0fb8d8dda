import fc from 'fast-check';
import {
  validateCanvasData,
  type CanvasLimits,
} from '../../plugins/greeting-cards/server/src/platform/designs/canvas-data';
import {
  PATTERN_NAMES,
  patternPath,
} from '../../plugins/greeting-cards/server/src/platform/designs/background-patterns';
import { prepareDesign } from '../../plugins/greeting-cards/server/src/platform/designs/design-prep';

const LIMITS: CanvasLimits = { maxBytes: 1024 * 1024, maxObjects: 500, publicUrl: '' };
const design = (pattern: unknown) => ({ version: '7.0.0', background: '#FFF4D6', objects: [], pattern });

/** Every coordinate pair of a path made of M/L/C/Z commands, and the arcs' start points. */
function coordinates(path: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const command of path.match(/[MLC][^MLCZaz]*/g) ?? []) {
    const numbers = command
      .slice(1)
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    for (let i = 0; i + 1 < numbers.length; i += 2) out.push([numbers[i], numbers[i + 1]]);
  }
  return out;
}

describe('background patterns', () => {
  it('are kept in a design as {name, color} and pass validation unchanged', () => {
    for (const name of PATTERN_NAMES) {
      const result = validateCanvasData(design({ name, color: '#D6336C' }), LIMITS);
      expect(result).toEqual({
        ok: true,
        value: { version: '7.0.0', background: '#FFF4D6', objects: [], pattern: { name, color: '#D6336C' } },
      });
    }
    const none = validateCanvasData(design(undefined), LIMITS);
    expect(none.ok && 'pattern' in none.value).toBe(false);
  });

  it('refuse an unknown pattern, a bad colour or a pattern that is not an object, naming the field', () => {
    const errors = (pattern: unknown) => {
      const result = validateCanvasData(design(pattern), LIMITS);
      return result.ok ? [] : result.errors;
    };
    expect(errors({ name: 'tartan', color: '#D6336C' })).toEqual([
      `pattern.name: must be one of ${PATTERN_NAMES.join(', ')}`,
    ]);
    expect(errors({ name: 'dots', color: 'url(#x)' })).toEqual(['pattern.color: must be a colour in #RRGGBB form']);
    expect(errors('dots')).toEqual(['pattern: must be an object with a name and a color']);
    expect(errors({ name: 'dots', color: '#D6336C', path: 'M0 0' })).toEqual([]); // unknown keys dropped, as everywhere
    const extra = validateCanvasData(design({ name: 'dots', color: '#D6336C', path: 'M0 0' }), LIMITS);
    expect(extra.ok && extra.value.pattern).toEqual({ name: 'dots', color: '#D6336C' });
  });

  it('draw every pattern inside the card, whatever its size, with the same path every time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATTERN_NAMES),
        fc.integer({ min: 16, max: 1600 }),
        fc.integer({ min: 16, max: 1600 }),
        (name, width, height) => {
          const path = patternPath(name, width, height);
          expect(path).toBe(patternPath(name, width, height));
          expect(path).toMatch(/^[MLCZaz\d\s.-]*$/);
          const outside = coordinates(path).filter(
            ([x, y]) => x < -0.01 || y < -0.01 || x > width + 0.01 || y > height + 0.01,
          );
          expect(outside).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
    for (const name of PATTERN_NAMES) expect(patternPath(name, 600, 850).length).toBeGreaterThan(500);
  });

  it('reach the renderer as the path of the card size, and only when valid', () => {
    const prepared = prepareDesign({ ...design({ name: 'hearts', color: '#D6336C' }), width: 600, height: 850 });
    expect(prepared.pattern).toEqual({ path: patternPath('hearts', 600, 850), fill: '#D6336C' });
    expect(prepareDesign(design({ name: 'tartan', color: '#D6336C' })).pattern).toBeUndefined();
    expect(prepareDesign(design({ name: 'dots', color: 'javascript:x' })).pattern).toBeUndefined();
  });
});
