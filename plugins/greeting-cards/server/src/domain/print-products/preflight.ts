// Preflight: what would print badly, checked before a card goes to print. Pure: the caller passes the
// card's design, its product, the template's design (for placeholder texts) and the pixel sizes of
// the photos it could find. Warnings the shopper may accept; errors block checkout.
//
// Object boxes are the unrotated box (left, top, width x scale, height x scale): a rotated object is
// judged by where it was drawn before turning, which is close enough for margins of a few millimetres.
import { localImageSrc } from '../render/design-prep';
import { validateCanvasData, type CanvasLimits } from '../canvas-data';
import { extraPages, objectsByPage, pageLabel, type CardPage } from './pages';
import { productOf } from './products';

export type PreflightCode = 'placeholder_text' | 'photo_low_resolution' | 'outside_safe_area' | 'empty_inside_message' | 'outside_trim' | 'unrenderable' | 'too_many_pages';
export type PreflightSeverity = 'warning' | 'error';

export interface PreflightIssue {
  code: PreflightCode;
  severity: PreflightSeverity;
  /** The page the object is on (extra pages too: `extra_1`...), or null for the whole card. */
  page: CardPage | null;
  /** The object's index in its page's `objects`, or null for the whole page or card. */
  object: number | null;
  message: string;
}

export interface PreflightInput {
  canvasData: unknown;
  product: string;
  insideMessage: string;
  /** The card is (or is about to be) posted: an empty inside message is worth a warning then. */
  posted: boolean;
  /** The design of the template the card came from: its placeholder texts must not be printed as they are. */
  templateCanvas?: unknown;
  /** Pixel sizes of photos by their `src`, as far as they are known. */
  imageSizes?: Record<string, { width: number; height: number }>;
  /** SERVICE_PHOTO_MIN_DPI. */
  minDpi: number;
  limits: CanvasLimits;
}

const TEXT_TYPES = new Set(['text', 'textbox', 'i-text']);
const num = (v: unknown, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** An object's box in canvas units (unrotated). */
export function objectBox(o: Record<string, unknown>): { left: number; top: number; width: number; height: number } {
  const sx = Math.abs(num(o.scaleX, 1));
  const sy = Math.abs(num(o.scaleY, 1));
  let width = num(o.width);
  let height = num(o.height);
  if (o.type === 'circle') width = height = 2 * num(o.radius);
  if (TEXT_TYPES.has(String(o.type)) || o.type === 'emoji') {
    const size = num(o.fontSize, 40);
    const lines = String(o.text ?? '').split('\n');
    // Textboxes wrap to their width; plain text is about half an em per character wide.
    if (!width) width = Math.max(...lines.map((l) => [...l].length)) * size * (o.type === 'emoji' ? 1 : 0.55);
    height = lines.length * size * num(o.lineHeight, 1.16);
  }
  let left = num(o.left);
  let top = num(o.top);
  if (o.originX === 'center') left -= (width * sx) / 2;
  if (o.originX === 'right') left -= width * sx;
  if (o.originY === 'center') top -= (height * sy) / 2;
  if (o.originY === 'bottom') top -= height * sy;
  return { left, top, width: width * sx, height: height * sy };
}

function placeholderTexts(templateCanvas: unknown): Set<string> {
  const texts = new Set<string>();
  for (const { object } of objectsByPage(templateCanvas)) {
    if (object.placeholder === true && typeof object.text === 'string' && object.text.trim()) texts.add(object.text.trim());
  }
  return texts;
}

/** A photo's effective resolution at print size: its pixel width over the inches it is drawn across. */
function printDpi(size: { width: number } | undefined, drawnWidth: number, mmPerUnit: number): number | null {
  const printedInches = (drawnWidth * mmPerUnit) / 25.4;
  return size && printedInches > 0 ? Math.floor(size.width / printedInches) : null;
}

/** Millimetres per canvas unit for a design on its product (the canvas is fitted inside the trim). */
function printScale(design: { width?: number; height?: number }, productCode: string): { mmPerUnit: number; canvas: { width: number; height: number } } {
  const product = productOf(productCode);
  const canvas = { width: design.width ?? product.canvas.width, height: design.height ?? product.canvas.height };
  return { canvas, mmPerUnit: Math.min(product.trimMm.width / canvas.width, product.trimMm.height / canvas.height) };
}

export interface PhotoResolution {
  page: CardPage;
  object: number;
  /** The photo's pixel size, as the upload plugin recorded it. */
  width_px: number;
  height_px: number;
  /** Its width on paper, in millimetres. */
  printed_width_mm: number;
  /** Its effective resolution at that size. */
  dpi: number;
}

/**
 * Every photo of the design whose pixel size is known, with its effective resolution at print size:
 * what the shopper (and the printer) can check, beside the warnings for the ones under the minimum.
 */
export function photoResolutions(input: Pick<PreflightInput, 'canvasData' | 'product' | 'imageSizes'>): PhotoResolution[] {
  if (!input.canvasData || typeof input.canvasData !== 'object') return [];
  const { mmPerUnit } = printScale(input.canvasData as { width?: number; height?: number }, input.product);
  const out: PhotoResolution[] = [];
  for (const { page, index, object } of objectsByPage(input.canvasData)) {
    if (object.type !== 'image') continue;
    const size = input.imageSizes?.[String(object.src)];
    const width = objectBox(object).width;
    const dpi = printDpi(size, width, mmPerUnit);
    if (!size || dpi === null) continue;
    out.push({ page, object: index, width_px: size.width, height_px: size.height, printed_width_mm: Math.round(width * mmPerUnit * 10) / 10, dpi });
  }
  return out;
}

export function preflight(input: PreflightInput): PreflightIssue[] {
  const issues: PreflightIssue[] = [];
  const checked = validateCanvasData(input.canvasData, input.limits);
  if (!checked.ok) {
    return [{ code: 'unrenderable', severity: 'error', page: null, object: null, message: `The design cannot be printed: ${checked.errors[0]}.` }];
  }
  const design = checked.value;
  const product = productOf(input.product);
  const { canvas, mmPerUnit } = printScale(design, input.product);
  const safe = product.safeMm / mmPerUnit;
  const placeholders = placeholderTexts(input.templateCanvas);

  for (const { page, index, object } of objectsByPage(design)) {
    const at = { page, object: index };
    const where = pageLabel(page);
    const box = objectBox(object);
    const right = box.left + box.width;
    const bottom = box.top + box.height;
    if (right <= 0 || bottom <= 0 || box.left >= canvas.width || box.top >= canvas.height) {
      issues.push({ code: 'outside_trim', severity: 'error', ...at, message: `An object on the ${where} is entirely outside the card: it would be cut off. Move it onto the card or delete it.` });
      continue;
    }
    const isText = TEXT_TYPES.has(object.type);
    if (isText && placeholders.has(String(object.text ?? '').trim())) {
      issues.push({ code: 'placeholder_text', severity: 'warning', ...at, message: `The ${where} still says "${String(object.text).trim()}": replace the template's sample text with your own.` });
    }
    if (object.type === 'image') {
      if (!localImageSrc(object.src, { publicUrl: input.limits.publicUrl, remotePrefixes: input.limits.remotePrefixes ?? [] })) {
        issues.push({ code: 'unrenderable', severity: 'error', ...at, message: `A photo on the ${where} cannot be loaded for printing.` });
        continue;
      }
      const dpi = printDpi(input.imageSizes?.[String(object.src)], box.width, mmPerUnit);
      if (dpi !== null) {
        if (dpi < input.minDpi) {
          issues.push({ code: 'photo_low_resolution', severity: 'warning', ...at, message: `A photo on the ${where} is ${dpi} dpi at print size (under ${input.minDpi}): it may print blurred. Use a larger photo or make it smaller.` });
        }
      }
    }
    if ((isText || object.type === 'image') && (box.left < safe || box.top < safe || right > canvas.width - safe || bottom > canvas.height - safe)) {
      issues.push({ code: 'outside_safe_area', severity: 'warning', ...at, message: `${isText ? 'Text' : 'A photo'} on the ${where} crosses the safe margin (${product.safeMm} mm from the edge): it may be trimmed.` });
    }
  }
  // A posted card is a folded card of four pages at the print service: extra pages of signatures
  // (a large group card) cannot go with it, and are not silently dropped either.
  const extra = extraPages(design).length;
  if (input.posted && extra) {
    issues.push({ code: 'too_many_pages', severity: 'error', page: null, object: null, message: `This card has ${extra} extra ${extra === 1 ? 'page' : 'pages'} of signatures, and a posted card has only its four pages. Send it as an e-card or print it at home instead.` });
  }
  // Empty means nothing inside at all: a designed inside page (a group card's signatures) is a message.
  const insideDrawn = objectsByPage(design).some(({ page }) => page === 'inside_left' || page === 'inside_right');
  if (input.posted && !input.insideMessage.trim() && !insideDrawn) {
    issues.push({ code: 'empty_inside_message', severity: 'warning', page: 'inside_right', object: null, message: 'The inside of this posted card is empty: add a message, or send it blank on purpose.' });
  }
  return issues;
}
