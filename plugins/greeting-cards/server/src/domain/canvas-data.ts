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

export interface CanvasLimits {
  maxBytes: number;
  maxObjects: number;
  /** SERVICE_PUBLIC_URL: images may come from `{publicUrl}/uploads/...`. */
  publicUrl: string;
}

export type CanvasObject = Record<string, unknown> & { type: string; left: number; top: number };

export interface CanvasData {
  version: string;
  width?: number;
  height?: number;
  background: string;
  objects: CanvasObject[];
}

export type CanvasResult = { ok: true; value: CanvasData } | { ok: false; errors: string[] };

// Stop collecting after this many messages: a hostile design could otherwise make a huge answer.
const MAX_MESSAGES = 20;
const MAX_COORD = 100_000;
const MAX_TEXT = 10_000;

const HEX_BACKGROUND = /^#[0-9A-Fa-f]{6}$/;
const NUM = String.raw`\d{1,3}(?:\.\d+)?%?`;
const ALPHA = String.raw`(?:0|1|0?\.\d+|1\.0+|\d{1,3}%)`;
const COLOUR = new RegExp(
  String.raw`^(?:#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{8}|transparent|rgb\(\s*${NUM}\s*,\s*${NUM}\s*,\s*${NUM}\s*\)|rgba\(\s*${NUM}\s*,\s*${NUM}\s*,\s*${NUM}\s*,\s*${ALPHA}\s*\))$`,
);
// Font names end up inside SVG/CSS when rendering: letters, digits, spaces, commas, quotes, hyphens only.
const FONT_FAMILY = /^[A-Za-z0-9 ,'"_-]{1,100}$/;
const DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

type Check = (v: unknown) => string | null;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const numberIn = (min: number, max: number): Check => (v) => {
  if (!isNumber(v)) return 'must be a number';
  if (v < min || v > max) return `must be between ${min} and ${max}`;
  return null;
};
const coord = numberIn(-MAX_COORD, MAX_COORD);
const size = numberIn(0, MAX_COORD);
const fontSize = numberIn(1, 2000);
const colour: Check = (v) => (typeof v === 'string' && COLOUR.test(v.trim()) ? null : 'must be a colour (#RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba() or transparent)');
const textString: Check = (v) => {
  if (typeof v !== 'string') return 'must be a string';
  return v.length > MAX_TEXT ? `must be at most ${MAX_TEXT} characters` : null;
};
const fontFamily: Check = (v) => (typeof v === 'string' && FONT_FAMILY.test(v) ? null : 'must be a font name (letters, digits, spaces, commas, quotes, hyphens)');
const oneOf = (values: readonly (string | number)[]): Check => (v) => (values.includes(v as string) ? null : `must be one of ${values.join(', ')}`);
const bool: Check = (v) => (typeof v === 'boolean' ? null : 'must be true or false');
const assetId: Check = (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? null : 'must be a positive integer');
const fontWeight: Check = (v) =>
  oneOf(['normal', 'bold', 'bolder', 'lighter', '100', '200', '300', '400', '500', '600', '700', '800', '900', 100, 200, 300, 400, 500, 600, 700, 800, 900])(v)
    ? 'must be normal, bold or a weight from 100 to 900'
    : null;
const emojiText: Check = (v) => (typeof v === 'string' && v.length > 0 && v.length <= 32 ? null : 'must be an emoji (a string of 1 to 32 characters)');

function imageSource(limits: CanvasLimits): Check {
  const base = limits.publicUrl.replace(/\/+$/, '');
  return (v) => {
    if (typeof v !== 'string') return 'must be a string';
    if (v.startsWith('data:')) return DATA_URL.test(v) ? null : 'must be a base64 data URL of a PNG, JPEG, GIF or WebP image';
    const path = base && v.startsWith(`${base}/`) ? v.slice(base.length) : v;
    if (UPLOAD_PATH.test(path) && !path.split('/').includes('..')) return null;
    return 'must be an upload of this service (/uploads/...) or an image data URL';
  };
}

type FieldRules = Record<string, Check>;

// Fields every object may carry.
const COMMON_REQUIRED: FieldRules = { left: coord, top: coord };
const COMMON_OPTIONAL: FieldRules = {
  angle: numberIn(-360, 360),
  scaleX: numberIn(-1000, 1000),
  scaleY: numberIn(-1000, 1000),
  opacity: numberIn(0, 1),
  originX: oneOf(['left', 'center', 'right']),
  originY: oneOf(['top', 'center', 'bottom']),
};

const TEXT_RULES = {
  required: { text: textString, fontSize, fill: colour, fontFamily },
  optional: {
    width: size,
    textAlign: oneOf(['left', 'center', 'right', 'justify']),
    fontWeight,
    fontStyle: oneOf(['normal', 'italic', 'oblique']),
    lineHeight: numberIn(0, 10),
    underline: bool,
  },
};

function objectRules(limits: CanvasLimits): Record<string, { required: FieldRules; optional: FieldRules }> {
  return {
    text: TEXT_RULES,
    textbox: TEXT_RULES,
    'i-text': TEXT_RULES,
    emoji: { required: { text: emojiText, fontSize }, optional: { assetId } },
    image: { required: { src: imageSource(limits), width: size, height: size }, optional: { assetId } },
    rect: {
      required: { width: size, height: size, fill: colour },
      optional: { stroke: colour, strokeWidth: numberIn(0, 1000), rx: size, ry: size },
    },
    circle: { required: { radius: size, fill: colour }, optional: { stroke: colour, strokeWidth: numberIn(0, 1000) } },
  };
}

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
    bytes = Buffer.byteLength(JSON.stringify(input), 'utf8');
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
