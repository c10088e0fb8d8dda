import { layoutSignatures, linesFor, MAX_FONT, MIN_FONT } from '../../plugins/greeting-cards/server/src/domain/group-cards/signature-layout';

const A5 = { width: 600, height: 850 };
const sig = (i: number, message = 'Good luck in the new job!') => ({ display_name: `Person ${i}`, message, colour: '#112233', font: 'Caveat', emoji: i % 2 ? '🎉' : null });

describe('group-card signature layout', () => {
  it('puts a few signatures on the inside right page at the largest size, in order, inside the margins', () => {
    const layout = layoutSignatures([sig(1), sig(2), sig(3)], A5);
    expect(layout.fontSize).toBe(MAX_FONT);
    expect(layout.leftOff).toBe(0);
    expect(layout.inside_left).toEqual([]);
    expect(layout.inside_right.map((o) => o.text)).toEqual([1, 2, 3].map((i) => `${i % 2 ? '🎉 ' : ''}Good luck in the new job!\n— Person ${i}`));
    const tops = layout.inside_right.map((o) => o.top);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    for (const o of layout.inside_right) {
      expect(o).toMatchObject({ type: 'textbox', fill: '#112233', fontFamily: 'Caveat', fontSize: MAX_FONT });
      expect(o.left).toBeGreaterThan(0);
      expect(o.left + Number(o.width)).toBeLessThanOrEqual(A5.width);
    }
  });

  it('shrinks, then spills onto the inside left page, never below the readable minimum', () => {
    const many = Array.from({ length: 40 }, (_, i) => sig(i, 'A longer message to fill the page with words. '.repeat(2)));
    const layout = layoutSignatures(many, A5);
    expect(layout.fontSize).toBeLessThan(MAX_FONT);
    expect(layout.fontSize).toBeGreaterThanOrEqual(MIN_FONT);
    expect(layout.inside_left.length).toBeGreaterThan(0);
    for (const page of [layout.inside_right, layout.inside_left]) {
      for (const o of page) expect(o.top + linesFor(String(o.text), Number(o.width), layout.fontSize) * layout.fontSize * 1.25).toBeLessThanOrEqual(A5.height);
    }
    expect(layout.inside_right.length + layout.inside_left.length + layout.leftOff).toBe(40);
  });

  it('reports what does not fit at the minimum size instead of shrinking further', () => {
    const layout = layoutSignatures(Array.from({ length: 150 }, (_, i) => sig(i, 'x'.repeat(500))), A5);
    expect(layout.fontSize).toBe(MIN_FONT);
    expect(layout.leftOff).toBeGreaterThan(0);
  });
});
