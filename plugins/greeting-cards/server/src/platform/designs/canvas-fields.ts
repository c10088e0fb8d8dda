// Field rules of the design format (docs/canvas-data.md): one check per field of each object type.
// A check returns an error message, or null when the value is fine. Pure.
import { classifyImageSource } from '../uploads/image-sources';
import { MAX_STROKE_WIDTH, pathProblem } from './handwriting';
/** What a design may weigh and where its images may come from (set from the plugin's settings). */
export interface CanvasLimits {
  maxBytes: number;
  maxObjects: number;
  /** SERVICE_PUBLIC_URL: images may come from `{publicUrl}/uploads/...`. */
  publicUrl: string;
  /** URL prefixes of the upload provider (platform/uploads/upload-origins.ts); none for the local one. */
  remotePrefixes?: readonly string[];
}

const MAX_COORD = 100_000;
const MAX_TEXT = 10_000;

const NUM = String.raw`\d{1,3}(?:\.\d+)?%?`;
const ALPHA = String.raw`(?:0|1|0?\.\d+|1\.0+|\d{1,3}%)`;
const COLOUR = new RegExp(
  String.raw`^(?:#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{8}|transparent|rgb\(\s*${NUM}\s*,\s*${NUM}\s*,\s*${NUM}\s*\)|rgba\(\s*${NUM}\s*,\s*${NUM}\s*,\s*${NUM}\s*,\s*${ALPHA}\s*\))$`,
);
// Font names end up inside SVG/CSS when rendering: letters, digits, spaces, commas, quotes, hyphens only.
const FONT_FAMILY = /^[A-Za-z0-9 ,'"_-]{1,100}$/;
const DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

export type Check = (v: unknown) => string | null;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const numberIn =
  (min: number, max: number): Check =>
  (v) => {
    if (!isNumber(v)) return 'must be a number';
    if (v < min || v > max) return `must be between ${min} and ${max}`;
    return null;
  };
const coord = numberIn(-MAX_COORD, MAX_COORD);
const size = numberIn(0, MAX_COORD);
const fontSize = numberIn(1, 2000);
const colour: Check = (v) =>
  typeof v === 'string' && COLOUR.test(v.trim())
    ? null
    : 'must be a colour (#RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba() or transparent)';
const textString: Check = (v) => {
  if (typeof v !== 'string') return 'must be a string';
  return v.length > MAX_TEXT ? `must be at most ${MAX_TEXT} characters` : null;
};
const fontFamily: Check = (v) =>
  typeof v === 'string' && FONT_FAMILY.test(v)
    ? null
    : 'must be a font name (letters, digits, spaces, commas, quotes, hyphens)';
const oneOf =
  (values: readonly (string | number)[]): Check =>
  (v) =>
    values.includes(v as string) ? null : `must be one of ${values.join(', ')}`;
const bool: Check = (v) => (typeof v === 'boolean' ? null : 'must be true or false');
const assetId: Check = (v) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? null : 'must be a positive integer';
const fontWeight: Check = (v) =>
  oneOf([
    'normal',
    'bold',
    'bolder',
    'lighter',
    '100',
    '200',
    '300',
    '400',
    '500',
    '600',
    '700',
    '800',
    '900',
    100,
    200,
    300,
    400,
    500,
    600,
    700,
    800,
    900,
  ])(v)
    ? 'must be normal, bold or a weight from 100 to 900'
    : null;
const emojiText: Check = (v) =>
  typeof v === 'string' && v.length > 0 && v.length <= 32 ? null : 'must be an emoji (a string of 1 to 32 characters)';

function imageSource(limits: CanvasLimits): Check {
  const rules = { publicUrl: limits.publicUrl, remotePrefixes: limits.remotePrefixes ?? [] };
  return (v) => {
    if (typeof v !== 'string') return 'must be a string';
    if (v.startsWith('data:'))
      return DATA_URL.test(v) ? null : 'must be a base64 data URL of a PNG, JPEG, GIF or WebP image';
    if (classifyImageSource(v, rules)) return null;
    return 'must be an upload of this service (/uploads/...) or an image data URL';
  };
}

export type FieldRules = Record<string, Check>;

// Fields every object may carry.
export const COMMON_REQUIRED: FieldRules = { left: coord, top: coord };
export const COMMON_OPTIONAL: FieldRules = {
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
    // Set by editors on a template's sample text ("Your name here"): preflight warns while a card still says it.
    placeholder: bool,
  },
};

export function objectRules(limits: CanvasLimits): Record<string, { required: FieldRules; optional: FieldRules }> {
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
    // Handwriting: a stroke's commands (platform/designs/handwriting.ts), drawn in one colour and width.
    path: {
      required: { path: pathProblem, stroke: colour, strokeWidth: numberIn(0.1, MAX_STROKE_WIDTH) },
      optional: {},
    },
  };
}
