import { PATTERN_NAMES, isPatternName, type BackgroundPattern } from './background-patterns';
import { COMMON_OPTIONAL, COMMON_REQUIRED, numberIn, objectRules, type CanvasLimits } from './canvas-fields';

// Validation of a design (`canvas_data`) against docs/canvas-data.md, the contract shared with the
// editor and the renderer. Pure: no Strapi, no I/O.
//
// Error format (used everywhere canvas_data is written): one list of messages under the
// `canvas_data` field, each message prefixed with the path inside the design, for example
//   {"canvas_data": ["objects[3].fontSize: must be a number"]}
//
// The result is a normalised copy holding only the keys the contract knows. Unknown keys are
// dropped rather than stored, so nothing the contract does not describe (Fabric's clipPath,
// nested objects, foreign image sources...) can ever reach the renderer.

export type { CanvasLimits };

export type CanvasObject = Record<string, unknown> & { type: string; left: number; top: number };

export interface CanvasData {
  version: string;
  width?: number;
  height?: number;
  background: string;
  /** optional: a curated pattern drawn over the background colour (domain/background-patterns.ts). */
  pattern?: BackgroundPattern;
  objects: CanvasObject[];
}

export type CanvasResult = { ok: true; value: CanvasData } | { ok: false; errors: string[] };

// Stop collecting after this many messages: a hostile design could otherwise make a huge answer.
const MAX_MESSAGES = 20;
const HEX_BACKGROUND = /^#[0-9A-Fa-f]{6}$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates a design; on success returns the normalised copy to store. */
export function validateCanvasData(input: unknown, limits: CanvasLimits): CanvasResult {
  const errors: string[] = [];
  const add = (path: string, message: string) => {
    if (errors.length < MAX_MESSAGES) errors.push(path ? `${path}: ${message}` : message);
  };

  if (!isPlainObject(input)) return { ok: false, errors: ['must be a JSON object'] };
  let bytes: number;
  try {
    bytes = new TextEncoder().encode(JSON.stringify(input)).length;
  } catch {
    return { ok: false, errors: ['must be a JSON object'] };
  }
  if (bytes > limits.maxBytes) return { ok: false, errors: [`must be at most ${limits.maxBytes} bytes (got ${bytes})`] };

  const out: CanvasData = { version: '', background: '', objects: [] };
  if (input.version === undefined) add('version', 'is required');
  else if (typeof input.version !== 'string' || input.version.length === 0 || input.version.length > 32) add('version', 'must be a string of 1 to 32 characters');
  else out.version = input.version;

  for (const key of ['width', 'height'] as const) {
    if (input[key] === undefined) continue;
    const problem = numberIn(1, 10_000)(input[key]);
    if (problem) add(key, problem);
    else out[key] = input[key] as number;
  }

  if (input.background === undefined) add('background', 'is required');
  else if (typeof input.background !== 'string' || !HEX_BACKGROUND.test(input.background)) add('background', 'must be a colour in #RRGGBB form');
  else out.background = input.background;

  if (input.pattern !== undefined && input.pattern !== null) {
    const pattern = input.pattern;
    if (!isPlainObject(pattern)) add('pattern', 'must be an object with a name and a color');
    else {
      const before = errors.length;
      if (!isPatternName(pattern.name)) add('pattern.name', `must be one of ${PATTERN_NAMES.join(', ')}`);
      if (typeof pattern.color !== 'string' || !HEX_BACKGROUND.test(pattern.color)) add('pattern.color', 'must be a colour in #RRGGBB form');
      if (errors.length === before) out.pattern = { name: pattern.name as BackgroundPattern['name'], color: pattern.color as string };
    }
  }

  const objects = input.objects;
  if (objects === undefined) add('objects', 'is required');
  else if (!Array.isArray(objects)) add('objects', 'must be an array');
  else if (objects.length > limits.maxObjects) add('objects', `must hold at most ${limits.maxObjects} objects (got ${objects.length})`);
  else {
    const rules = objectRules(limits);
    objects.forEach((object, index) => {
      const at = `objects[${index}]`;
      if (!isPlainObject(object)) return add(at, 'must be an object');
      const type = object.type;
      if (typeof type !== 'string' || !(type in rules)) {
        return add(`${at}.type`, `must be one of ${Object.keys(rules).join(', ')}`);
      }
      const { required, optional } = rules[type];
      const clean: Record<string, unknown> = { type };
      for (const [field, check] of Object.entries({ ...COMMON_REQUIRED, ...required })) {
        if (object[field] === undefined) add(`${at}.${field}`, 'is required');
        else {
          const problem = check(object[field]);
          if (problem) add(`${at}.${field}`, problem);
          else clean[field] = object[field];
        }
      }
      for (const [field, check] of Object.entries({ ...COMMON_OPTIONAL, ...optional })) {
        if (object[field] === undefined || object[field] === null) continue;
        const problem = check(object[field]);
        if (problem) add(`${at}.${field}`, problem);
        else clean[field] = object[field];
      }
      out.objects.push(clean as CanvasObject);
    });
  }

  return errors.length ? { ok: false, errors } : { ok: true, value: out };
}

/** A blank design: what a card starts with when none is given. */
export function blankCanvas(): CanvasData {
  return { version: '7.0.0', width: 600, height: 850, background: '#FFFFFF', objects: [] };
}
