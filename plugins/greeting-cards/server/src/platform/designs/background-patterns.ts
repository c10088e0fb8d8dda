// Background patterns of a design (docs/canvas-data.md, `pattern`): a small curated set, each drawn as
// ONE SVG path in the design's own units. The editor (browser bundle) and the server renderer both
// import this file and hand the same path string to Fabric.js, so a pattern looks the same in the
// editor, the PNG preview, the e-card page and the print PDF. Pure: no DOM, no I/O. Shapes are kept
// wholly inside the card, so the path's bounds never leave it.

export const PATTERN_NAMES = ['dots', 'stripes', 'checks', 'hearts', 'stars', 'confetti'] as const;
export type PatternName = (typeof PATTERN_NAMES)[number];

export interface BackgroundPattern {
  name: PatternName;
  /** `#RRGGBB`, like the background colour it is drawn on. */
  color: string;
}

export const isPatternName = (v: unknown): v is PatternName =>
  typeof v === 'string' && (PATTERN_NAMES as readonly string[]).includes(v);

type Point = [number, number];

const n = (v: number) => String(Math.round(v * 100) / 100);

function polygon(points: Point[]): string {
  if (points.length < 3) return '';
  return `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
}

/** Sutherland-Hodgman clipping of a convex polygon to the card's rectangle. */
function clipToCard(points: Point[], width: number, height: number): Point[] {
  const edges: Array<[(p: Point) => boolean, (a: Point, b: Point) => Point]> = [
    [(p) => p[0] >= 0, (a, b) => [0, a[1] + ((b[1] - a[1]) * (0 - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= width, (a, b) => [width, a[1] + ((b[1] - a[1]) * (width - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= 0, (a, b) => [a[0] + ((b[0] - a[0]) * (0 - a[1])) / (b[1] - a[1]), 0]],
    [(p) => p[1] <= height, (a, b) => [a[0] + ((b[0] - a[0]) * (height - a[1])) / (b[1] - a[1]), height]],
  ];
  let out = points;
  for (const [inside, cross] of edges) {
    const input = out;
    out = [];
    input.forEach((current, i) => {
      const previous = input[(i + input.length - 1) % input.length];
      if (inside(current)) {
        if (!inside(previous)) out.push(cross(previous, current));
        out.push(current);
      } else if (inside(previous)) out.push(cross(previous, current));
    });
  }
  return out;
}

/** Centres of a staggered grid whose cells of `size` fit wholly inside the card. */
function staggered(width: number, height: number, step: number, size: number): Point[] {
  const out: Point[] = [];
  const half = size / 2;
  for (let row = 0, y = step / 2; y + half <= height; row += 1, y += step) {
    for (let x = step / 2 + (row % 2 ? step / 2 : 0); x + half <= width; x += step) out.push([x, y]);
  }
  return out;
}

function circle([cx, cy]: Point, r: number): string {
  return `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`;
}

// A heart in a unit box centred on 0,0 (cubic curves), scaled per use.
const HEART: Array<[number, number, number, number, number, number]> = [
  [-0.1, 0.32, -0.5, 0.08, -0.5, -0.14],
  [-0.5, -0.34, -0.34, -0.44, -0.22, -0.44],
  [-0.1, -0.44, -0.03, -0.36, 0, -0.28],
  [0.03, -0.36, 0.1, -0.44, 0.22, -0.44],
  [0.34, -0.44, 0.5, -0.34, 0.5, -0.14],
  [0.5, 0.08, 0.1, 0.32, 0, 0.4],
];

function heart([cx, cy]: Point, size: number): string {
  const p = (x: number, y: number) => `${n(cx + x * size)} ${n(cy + y * size)}`;
  return `M${p(0, 0.4)}${HEART.map(([a, b, c, d, e, f]) => `C${p(a, b)} ${p(c, d)} ${p(e, f)}`).join('')}Z`;
}

function star([cx, cy]: Point, outer: number): string {
  const inner = outer * 0.45;
  const points: Point[] = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return polygon(points);
}

/** A small seeded generator (mulberry32): confetti falls the same way on every render. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function confetti(width: number, height: number): string {
  const random = seeded(20241123);
  const count = Math.min(2000, Math.round((width * height) / 2200));
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const [cx, cy] = [10 + random() * Math.max(0, width - 20), 10 + random() * Math.max(0, height - 20)];
    const angle = random() * Math.PI;
    const [hw, hh] = [3 + random() * 3, 1.5 + random() * 1];
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const corner = (x: number, y: number): Point => [cx + x * cos - y * sin, cy + x * sin + y * cos];
    parts.push(polygon([corner(-hw, -hh), corner(hw, -hh), corner(hw, hh), corner(-hw, hh)]));
  }
  return parts.join('');
}

/** The pattern's shapes as one SVG path, in the design's units (a card of `width` x `height`). */
export function patternPath(name: PatternName, width: number, height: number): string {
  switch (name) {
    case 'dots':
      return staggered(width, height, 40, 12)
        .map((c) => circle(c, 6))
        .join('');
    case 'hearts':
      return staggered(width, height, 64, 26)
        .map((c) => heart(c, 26))
        .join('');
    case 'stars':
      return staggered(width, height, 70, 28)
        .map((c) => star(c, 13))
        .join('');
    case 'confetti':
      return confetti(width, height);
    case 'checks': {
      const parts: string[] = [];
      for (let y = 0, row = 0; y < height; y += 30, row += 1) {
        for (let x = row % 2 ? 30 : 0; x < width; x += 60) {
          parts.push(
            polygon([
              [x, y],
              [Math.min(width, x + 30), y],
              [Math.min(width, x + 30), Math.min(height, y + 30)],
              [x, Math.min(height, y + 30)],
            ]),
          );
        }
      }
      return parts.join('');
    }
    case 'stripes': {
      // 16-unit bands at 45 degrees, 40 units apart, cut at the card's edges.
      const parts: string[] = [];
      for (let c = 0; c < width + height; c += 40) {
        parts.push(
          polygon(
            clipToCard(
              [
                [c, 0],
                [c + 16, 0],
                [c + 16 - height, height],
                [c - height, height],
              ],
              width,
              height,
            ),
          ),
        );
      }
      return parts.join('');
    }
  }
}
