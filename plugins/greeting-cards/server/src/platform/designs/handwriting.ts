// Handwriting: a stroke written with a finger, mouse or stylus, stored as a vector path (docs/canvas-data.md,
// the `path` object). The editor, the renderer and preflight all read strokes through this file, so a stroke
// is checked, styled and measured the same everywhere. Pure: no I/O.

/** Most points (coordinate pairs, control points included) one stroke may hold. */
export const MAX_PATH_POINTS = 2000;
/** Thickest stroke, in canvas units. */
export const MAX_STROKE_WIDTH = 100;
const MAX_COORD = 100_000;

/** Commands a stroke may use (absolute only) and how many numbers each takes. */
export const PATH_COMMANDS: Record<string, number> = { M: 2, L: 2, Q: 4, C: 6 };

export type PathCommand = [string, ...number[]];

/** How every stroke is drawn, whoever draws it: round ends and joins, no fill. */
export const STROKE_STYLE = { strokeLineCap: 'round', strokeLineJoin: 'round' } as const;

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Checks a stroke's commands; returns a message naming the first bad part (`[3][1]: must be a number`,
 * to be put after the field's path), or null when it is fine.
 */
export function pathProblem(v: unknown): string | null {
  if (!Array.isArray(v) || v.length === 0) return 'must be a non-empty array of path commands';
  let points = 0;
  for (let i = 0; i < v.length; i += 1) {
    const command = v[i] as unknown;
    if (!Array.isArray(command) || typeof command[0] !== 'string' || !(command[0] in PATH_COMMANDS))
      return `[${i}]: must be a command ${Object.keys(PATH_COMMANDS).join(', ')} followed by its numbers`;
    if (i === 0 && command[0] !== 'M') return '[0]: must start with M (move to)';
    const arity = PATH_COMMANDS[command[0]];
    if (command.length !== arity + 1) return `[${i}]: ${command[0]} takes ${arity} numbers`;
    for (let j = 1; j <= arity; j += 1) {
      const n = command[j] as unknown;
      if (!isFiniteNumber(n)) return `[${i}][${j}]: must be a number`;
      if (n < -MAX_COORD || n > MAX_COORD) return `[${i}][${j}]: must be between ${-MAX_COORD} and ${MAX_COORD}`;
    }
    points += arity / 2;
    if (points > MAX_PATH_POINTS) return `must hold at most ${MAX_PATH_POINTS} points`;
  }
  return null;
}

/** The box of a stroke's points in the path's own coordinates (control points included: a safe outer bound). */
export function pathBounds(path: readonly (readonly unknown[])[]): {
  left: number;
  top: number;
  width: number;
  height: number;
} {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const command of path) {
    for (let j = 1; j + 1 < command.length; j += 2) {
      const x = command[j];
      const y = command[j + 1];
      if (!isFiniteNumber(x) || !isFiniteNumber(y)) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (minX === Infinity) return { left: 0, top: 0, width: 0, height: 0 };
  return { left: minX, top: minY, width: maxX - minX, height: maxY - minY };
}

/** A copy of the commands with every number rounded to `decimals` places (smaller designs, same drawing). */
export function roundPath(path: readonly (readonly unknown[])[], decimals = 1): PathCommand[] {
  const k = 10 ** decimals;
  return path.map(
    ([command, ...numbers]) => [String(command), ...numbers.map((n) => Math.round(Number(n) * k) / k)] as PathCommand,
  );
}

/**
 * Cuts a long stroke into strokes of at most `max` points each, every piece starting where the last ended,
 * so what a shopper writes in one go is never refused for its length.
 */
export function splitPath(path: readonly PathCommand[], max = MAX_PATH_POINTS): PathCommand[][] {
  const pieces: PathCommand[][] = [];
  let piece: PathCommand[] = [];
  let points = 0;
  let last: [number, number] | null = null;
  for (const command of path) {
    const arity = PATH_COMMANDS[command[0]] ?? 0;
    if (piece.length && points + arity / 2 > max && last) {
      pieces.push(piece);
      piece = [['M', last[0], last[1]]];
      points = 1;
    }
    piece.push(command);
    points += arity / 2;
    if (arity >= 2) last = [Number(command[arity - 1]), Number(command[arity])];
  }
  if (piece.length) pieces.push(piece);
  return pieces;
}
