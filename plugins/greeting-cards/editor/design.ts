// Converts between the Fabric canvas and the stored design format (docs/canvas-data.md). Objects
// are built the way the server renderer builds them (platform/providers/renderer/in-page.ts): top-left
// origins, the same Fabric classes, images sized to their box. Only the format's keys are written,
// rounded, so a saved design passes validation unchanged and reloads to the same object list.
import { Canvas, Circle, FabricImage, FabricObject, FabricText, IText, Path, Rect, Textbox } from 'fabric';
import { isPatternName, patternPath, type BackgroundPattern } from '../server/src/platform/designs/background-patterns';
import { roundPath, STROKE_STYLE, type PathCommand } from '../server/src/platform/designs/handwriting';

export const EMOJI_FONT = "'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif";
export const DESIGN_VERSION = '7.0.0';

export type Json = Record<string, unknown>;
export interface Design {
  version: string;
  width: number;
  height: number;
  background: string;
  pattern?: BackgroundPattern;
  objects: Json[];
}

/** Properties we keep on Fabric objects that Fabric itself does not know. */
export interface Tagged {
  /** emoji: a sticker drawn from the emoji font; crop-frame: the crop tool's frame, never saved. */
  gcKind?: 'emoji' | 'crop-frame';
  gcAssetId?: number;
  gcSrc?: string;
  /** On the canvas's background object: the design's pattern it draws. */
  gcPattern?: BackgroundPattern;
  /** On a template's text: the sample the shopper should replace (the format's `placeholder: true`). */
  gcPlaceholder?: boolean;
}
export const TAG_KEYS = ['gcKind', 'gcAssetId', 'gcSrc', 'gcPlaceholder'];

const round = (n: number) => Math.round(n * 1000) / 1000;
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function common(o: FabricObject): Json {
  const out: Json = { left: round(o.left), top: round(o.top), originX: 'left', originY: 'top' };
  if (o.angle) out.angle = round(((o.angle % 360) + 360) % 360 > 180 ? (o.angle % 360) - 360 : o.angle % 360);
  if (o.opacity !== 1) out.opacity = round(o.opacity);
  return out;
}

function scales(o: FabricObject, out: Json): Json {
  if (o.scaleX !== 1) out.scaleX = round(o.scaleX);
  if (o.scaleY !== 1) out.scaleY = round(o.scaleY);
  return out;
}

export function kindOf(o: FabricObject): string {
  const tag = (o as FabricObject & Tagged).gcKind;
  if (tag === 'emoji' || tag === 'crop-frame') return tag;
  if (o instanceof Textbox) return 'textbox';
  if (o instanceof IText) return 'i-text';
  if (o instanceof FabricText) return 'text';
  if (o instanceof FabricImage) return 'image';
  if (o instanceof Circle) return 'circle';
  if (o instanceof Path) return 'path';
  if (o instanceof Rect) return 'rect';
  return 'unknown';
}

export function objectToJson(o: FabricObject): Json | null {
  const kind = kindOf(o);
  const tagged = o as FabricObject & Tagged;
  if (kind === 'emoji') {
    const t = o as FabricText;
    const out = scales(o, { type: 'emoji', text: t.text, fontSize: round(t.fontSize), ...common(o) });
    if (tagged.gcAssetId) out.assetId = tagged.gcAssetId;
    return out;
  }
  if (kind === 'textbox' || kind === 'i-text' || kind === 'text') {
    const t = o as FabricText;
    const out: Json = {
      type: kind,
      text: t.text,
      fontSize: round(t.fontSize),
      fill: typeof t.fill === 'string' ? t.fill : '#000000',
      fontFamily: t.fontFamily,
      ...common(o),
    };
    if (kind === 'textbox') out.width = round(t.width);
    if (t.textAlign && t.textAlign !== 'left') out.textAlign = t.textAlign;
    if (t.fontWeight && String(t.fontWeight) !== 'normal' && String(t.fontWeight) !== '400')
      out.fontWeight = String(t.fontWeight);
    if (t.fontStyle && t.fontStyle !== 'normal') out.fontStyle = t.fontStyle;
    if (t.lineHeight !== 1.16) out.lineHeight = round(t.lineHeight);
    if (t.underline) out.underline = true;
    if (tagged.gcPlaceholder) out.placeholder = true;
    return scales(o, out);
  }
  if (kind === 'image') {
    const img = o as FabricImage;
    // The box the picture fills; the renderer scales the picture's pixels to it.
    const out: Json = {
      type: 'image',
      src: tagged.gcSrc ?? img.getSrc(),
      ...common(o),
      width: round(img.width * img.scaleX),
      height: round(img.height * img.scaleY),
    };
    if (tagged.gcAssetId) out.assetId = tagged.gcAssetId;
    return out;
  }
  if (kind === 'rect' || kind === 'circle') {
    const shape = o as Rect | Circle;
    const out: Json = { type: kind, ...common(o), fill: typeof shape.fill === 'string' ? shape.fill : 'transparent' };
    if (kind === 'rect') Object.assign(out, { width: round(shape.width), height: round((shape as Rect).height) });
    else out.radius = round((shape as Circle).radius);
    if (typeof shape.stroke === 'string') out.stroke = shape.stroke;
    if (shape.strokeWidth && shape.stroke) out.strokeWidth = round(shape.strokeWidth);
    if (kind === 'rect' && (shape as Rect).rx) out.rx = round((shape as Rect).rx);
    if (kind === 'rect' && (shape as Rect).ry) out.ry = round((shape as Rect).ry);
    return scales(o, out);
  }
  if (kind === 'path') {
    const p = o as Path;
    const out: Json = {
      type: 'path',
      path: roundPath(p.path as unknown as unknown[][], 1),
      stroke: typeof p.stroke === 'string' ? p.stroke : '#222222',
      strokeWidth: round(p.strokeWidth),
      ...common(o),
    };
    return scales(o, out);
  }
  return null;
}

/**
 * A stroke just drawn by the pen (Fabric places it by its centre) as the design's path objects: placed by
 * its top-left corner like every object, rounded, and cut into pieces within the points cap.
 */
export function strokeToJson(drawn: Path, pieces: (path: PathCommand[]) => PathCommand[][]): Json[] {
  const base = { stroke: typeof drawn.stroke === 'string' ? drawn.stroke : '#222222', strokeWidth: drawn.strokeWidth };
  return pieces(roundPath(drawn.path as unknown as unknown[][], 1)).map((path) => {
    // The pen's points are the page's own coordinates, and a path given no position sits on its points:
    // its top-left corner (stroke included, as Fabric measures it) is where the object goes.
    const corner = new Path(path as never, { ...base, fill: null }).getPointByOrigin('left', 'top');
    return {
      type: 'path',
      path,
      stroke: base.stroke,
      strokeWidth: round(base.strokeWidth),
      left: round(corner.x),
      top: round(corner.y),
      originX: 'left',
      originY: 'top',
    };
  });
}

export function canvasToDesign(canvas: Canvas, size: { width: number; height: number }): Design {
  const pattern = patternOf(canvas);
  return {
    version: DESIGN_VERSION,
    width: size.width,
    height: size.height,
    background: typeof canvas.backgroundColor === 'string' ? canvas.backgroundColor : '#FFFFFF',
    ...(pattern ? { pattern } : {}),
    objects: canvas
      .getObjects()
      .map(objectToJson)
      .filter((o): o is Json => o !== null),
  };
}

export function patternOf(canvas: Canvas): BackgroundPattern | undefined {
  return (canvas.backgroundImage as (FabricObject & Tagged) | undefined)?.gcPattern;
}

/**
 * Shows a background pattern (or none) the way the server renderer does (platform/providers/renderer/in-page.ts):
 * the same path from platform/designs/background-patterns.ts as the canvas's background object, so it is
 * drawn over the colour, under every object, and can never be selected or moved.
 */
export function drawPattern(
  canvas: Canvas,
  pattern: BackgroundPattern | null | undefined,
  size: { width: number; height: number },
): void {
  if (!pattern || !isPatternName(pattern.name)) {
    canvas.backgroundImage = undefined;
    return;
  }
  const path = new Path(patternPath(pattern.name, size.width, size.height), {
    fill: pattern.color,
    objectCaching: false,
    selectable: false,
    evented: false,
  });
  (path as Path & Tagged).gcPattern = { name: pattern.name, color: pattern.color };
  canvas.backgroundImage = path;
}

function pick(raw: Json, keys: string[]): Json {
  const out: Json = {};
  for (const key of keys) if (raw[key] !== undefined) out[key] = raw[key];
  return out;
}

const COMMON = ['left', 'top', 'angle', 'scaleX', 'scaleY', 'opacity'];
const TEXT = [
  ...COMMON,
  'fontSize',
  'fill',
  'fontFamily',
  'width',
  'textAlign',
  'fontWeight',
  'fontStyle',
  'lineHeight',
  'underline',
];
const SHAPE = [...COMMON, 'width', 'height', 'radius', 'fill', 'stroke', 'strokeWidth', 'rx', 'ry'];

/** Builds one Fabric object from a stored design object; null for what cannot be shown. */
export async function objectFromJson(raw: Json, canvasWidth: number): Promise<FabricObject | null> {
  const origin = { originX: 'left' as const, originY: 'top' as const };
  const type = raw.type;
  let obj: FabricObject | null = null;
  if (type === 'textbox' || type === 'i-text' || type === 'text') {
    const props: Json = { ...pick(raw, TEXT), ...origin };
    if (type === 'textbox' && !finite(props.width))
      props.width = Math.max(20, canvasWidth - (finite(props.left) ? props.left : 0));
    const text = String(raw.text ?? '');
    obj =
      type === 'textbox'
        ? new Textbox(text, props)
        : type === 'i-text'
          ? new IText(text, props)
          : new FabricText(text, props);
    if (raw.placeholder === true) (obj as FabricObject & Tagged).gcPlaceholder = true;
  } else if (type === 'emoji') {
    obj = new FabricText(String(raw.text ?? ''), {
      ...pick(raw, [...COMMON, 'fontSize']),
      ...origin,
      fontFamily: EMOJI_FONT,
    });
    (obj as FabricObject & Tagged).gcKind = 'emoji';
  } else if (type === 'image' && typeof raw.src === 'string') {
    try {
      const img = await FabricImage.fromURL(raw.src, {}, { ...pick(raw, COMMON), ...origin });
      if (finite(raw.width) && finite(raw.height) && img.width && img.height) {
        img.set({
          scaleX: (raw.width / img.width) * (finite(raw.scaleX) ? raw.scaleX : 1),
          scaleY: (raw.height / img.height) * (finite(raw.scaleY) ? raw.scaleY : 1),
        });
      }
      (img as FabricImage & Tagged).gcSrc = raw.src;
      obj = img;
    } catch {
      return null; // a missing picture is left out, as the renderer does
    }
  } else if (type === 'rect') obj = new Rect({ ...pick(raw, SHAPE), ...origin });
  else if (type === 'circle') obj = new Circle({ ...pick(raw, SHAPE), ...origin });
  else if (type === 'path' && Array.isArray(raw.path))
    // Handwriting: as the renderer draws it (platform/providers/renderer/in-page.ts), never filled.
    obj = new Path(raw.path as PathCommand[] as never, {
      ...pick(raw, [...COMMON, 'stroke', 'strokeWidth']),
      ...origin,
      fill: null,
      ...STROKE_STYLE,
    });
  if (obj && finite(raw.assetId)) (obj as FabricObject & Tagged).gcAssetId = raw.assetId;
  return obj;
}

export async function loadDesign(canvas: Canvas, design: Partial<Design>): Promise<void> {
  const width = finite(design.width) ? design.width : 600;
  const objects = await Promise.all((design.objects ?? []).map((o) => objectFromJson(o, width)));
  canvas.clear();
  canvas.backgroundColor = typeof design.background === 'string' ? design.background : '#FFFFFF';
  drawPattern(canvas, design.pattern, { width, height: finite(design.height) ? design.height : 850 });
  for (const o of objects) if (o) canvas.add(o);
  canvas.requestRenderAll();
}
