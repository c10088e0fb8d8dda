// Turns a stored canvas_data object (docs/canvas-data.md) into the small, whitelisted shape the
// renderer hands to Fabric.js in the browser. Only known object types and known properties pass, so
// nothing in a design can smuggle in Fabric features (clip paths, filters, custom classes) or fetch
// from another host. Pure: no I/O.
import { isPatternName, patternPath } from './background-patterns';
import { classifyImageSource, type ImageSourceRules } from '../uploads/image-sources';
import { pathProblem, STROKE_STYLE, type PathCommand } from './handwriting';

export const DEFAULT_WIDTH = 600;
export const DEFAULT_HEIGHT = 850;
export const EMOJI_FONT = "'Noto Color Emoji'";
const EMOJI_FALLBACK = "'Apple Color Emoji', 'Segoe UI Emoji', sans-serif";

export type PreparedKind = 'text' | 'textbox' | 'i-text' | 'emoji' | 'image' | 'rect' | 'circle' | 'path';

export interface PreparedObject {
  kind: PreparedKind;
  /** Fabric constructor options, already checked. */
  props: Record<string, string | number | boolean>;
  /** image only: a data: URL, a path under /uploads/ or an allowed upload provider's URL. */
  src?: string;
  /** path only: the stroke's commands, checked (platform/designs/handwriting.ts). */
  path?: PathCommand[];
}

export interface PreparedDesign {
  width: number;
  height: number;
  background: string;
  /** The background pattern as one path (platform/designs/background-patterns.ts), drawn over the colour. */
  pattern?: { path: string; fill: string };
  objects: PreparedObject[];
}

const NUMBER_PROPS = [
  'left',
  'top',
  'angle',
  'scaleX',
  'scaleY',
  'opacity',
  'fontSize',
  'width',
  'height',
  'lineHeight',
  'strokeWidth',
  'rx',
  'ry',
  'radius',
];
const COLOUR_PROPS = ['fill', 'stroke'];
const ENUM_PROPS: Record<string, string[]> = {
  originX: ['left', 'center', 'right'],
  originY: ['top', 'center', 'bottom'],
  textAlign: ['left', 'center', 'right', 'justify'],
  fontStyle: ['normal', 'italic', 'oblique'],
};
const TEXT_KINDS: PreparedKind[] = ['text', 'textbox', 'i-text', 'emoji'];
const KINDS: PreparedKind[] = [...TEXT_KINDS, 'image', 'rect', 'circle', 'path'];

const COLOUR =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)|transparent|[a-z]{3,20})$/i;
const FONT_FAMILY = /^[\w\s,'"-]{1,120}$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function isSafeColour(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 64 && COLOUR.test(v.trim());
}

/** The publicUrl alone (local uploads only) or the full rules with the upload provider's prefixes. */
export type ImageRulesInput = string | ImageSourceRules;
const rulesOf = (input: ImageRulesInput): ImageSourceRules =>
  typeof input === 'string' ? { publicUrl: input, remotePrefixes: [] } : input;

/**
 * Maps an image src to something the renderer may load: data:image URLs as they are, our uploads as
 * a root-relative /uploads/... path (also when written with the public URL in front), an allowed
 * upload provider's URL as it is. Anything else (other hosts, javascript:, path tricks) gives null
 * and the image is left out.
 */
export function localImageSrc(src: unknown, rules: ImageRulesInput = ''): string | null {
  if (typeof src !== 'string') return null;
  if (DATA_IMAGE.test(src)) return src;
  const source = classifyImageSource(src, rulesOf(rules));
  if (!source) return null;
  return source.kind === 'local' ? source.path : source.url;
}

function fontFamilyOf(v: unknown, fallback: string): string {
  if (typeof v !== 'string' || !FONT_FAMILY.test(v)) return fallback;
  // Fabric writes the family into SVG attributes; single quotes keep that markup simple.
  return v.replace(/"/g, "'");
}

function prepareObject(raw: unknown, rules: ImageSourceRules, canvasWidth: number): PreparedObject | null {
  if (!isRecord(raw) || typeof raw.type !== 'string') return null;
  const kind = raw.type as PreparedKind;
  if (!KINDS.includes(kind)) return null;
  // Fabric 7 defaults to a centre origin; designs are positioned by their top-left corner.
  const props: PreparedObject['props'] = { originX: 'left', originY: 'top' };
  for (const key of NUMBER_PROPS) if (finite(raw[key])) props[key] = raw[key] as number;
  for (const key of COLOUR_PROPS) if (isSafeColour(raw[key])) props[key] = (raw[key] as string).trim();
  for (const [key, allowed] of Object.entries(ENUM_PROPS)) {
    if (typeof raw[key] === 'string' && allowed.includes(raw[key] as string)) props[key] = raw[key] as string;
  }
  if (typeof raw.fontWeight === 'string' && /^(normal|bold|[1-9]00)$/.test(raw.fontWeight))
    props.fontWeight = raw.fontWeight;
  if (finite(raw.fontWeight)) props.fontWeight = String(raw.fontWeight);
  if (typeof raw.underline === 'boolean') props.underline = raw.underline;
  if (finite(props.opacity)) props.opacity = Math.min(1, Math.max(0, props.opacity as number));

  if (TEXT_KINDS.includes(kind)) {
    if (typeof raw.text !== 'string' || raw.text === '') return null;
    props.text = raw.text.slice(0, 5000);
    if (!finite(props.fontSize) || (props.fontSize as number) <= 0) props.fontSize = kind === 'emoji' ? 80 : 40;
    if (kind === 'emoji') {
      // The colour emoji font first, so the sticker looks the same everywhere it is rendered.
      props.fontFamily = `${EMOJI_FONT}, ${EMOJI_FALLBACK}`;
      delete props.fill;
    } else {
      props.fontFamily = fontFamilyOf(raw.fontFamily, "'DejaVu Sans', sans-serif");
      if (props.fill === undefined) props.fill = '#000000';
    }
    if (kind === 'textbox' && !finite(props.width))
      props.width = Math.max(20, canvasWidth - ((props.left as number) || 0));
    return { kind, props };
  }
  if (kind === 'image') {
    const src = localImageSrc(raw.src, rules);
    return src ? { kind, props, src } : null;
  }
  if (kind === 'path') {
    // A stroke: its own checked commands, one colour, round ends; never filled (the renderer sets no fill).
    if (pathProblem(raw.path) || props.stroke === undefined) return null;
    delete props.fill;
    for (const key of ['width', 'height', 'radius', 'rx', 'ry', 'fontSize', 'lineHeight']) delete props[key];
    return {
      kind,
      props: { ...props, ...STROKE_STYLE },
      path: (raw.path as PathCommand[]).map((c) => [...c] as PathCommand),
    };
  }
  if (kind === 'circle' && !finite(props.radius)) return null;
  if (kind === 'rect' && (!finite(props.width) || !finite(props.height))) return null;
  if (props.fill === undefined) props.fill = kind === 'rect' || kind === 'circle' ? 'transparent' : '#000000';
  return { kind, props };
}

export function prepareDesign(canvasData: unknown, imageRules: ImageRulesInput = ''): PreparedDesign {
  const rules = rulesOf(imageRules);
  const data = isRecord(canvasData) ? canvasData : {};
  const dim = (v: unknown, d: number) => (finite(v) && v >= 16 && v <= 4000 ? Math.round(v) : d);
  const width = dim(data.width, DEFAULT_WIDTH);
  const height = dim(data.height, DEFAULT_HEIGHT);
  const background = isSafeColour(data.background) ? data.background.trim() : '#FFFFFF';
  const rawObjects = Array.isArray(data.objects) ? data.objects : [];
  const objects = rawObjects.map((o) => prepareObject(o, rules, width)).filter((o): o is PreparedObject => o !== null);
  const raw = isRecord(data.pattern) ? data.pattern : null;
  const pattern =
    raw && isPatternName(raw.name) && isSafeColour(raw.color)
      ? { path: patternPath(raw.name, width, height), fill: raw.color.trim() }
      : undefined;
  return pattern ? { width, height, background, pattern, objects } : { width, height, background, objects };
}
