// Preflight: what would print badly, checked before a card goes to print. Pure: the caller passes the
// card's design, its product, the template's design (for placeholder texts) and the pixel sizes of
// the photos it could find. Warnings the shopper may accept; errors block checkout.
//
// Object boxes are the unrotated box (left, top, width x scale, height x scale): a rotated object is
// judged by where it was drawn before turning, which is close enough for margins of a few millimetres.
import { pathBounds } from '../handwriting';
import { localImageSrc } from '../design-prep';
import { validateCanvasData, type CanvasLimits } from '../canvas-data';
import { extraPages, objectsByPage, type CardPage } from './pages';
import { productOf } from './products';
import { preflightMessage, type PreflightText } from '../../i18n/preflight-text';
import { DEFAULT_LOCALE } from '../../i18n/locales';
import type { MessageVars } from '../../i18n/translate';

export type PreflightCode =
  | 'placeholder_text'
  | 'photo_low_resolution'
  | 'outside_safe_area'
  | 'empty_inside_message'
  | 'outside_trim'
  | 'unrenderable'
  | 'too_many_pages';
export type PreflightSeverity = 'warning' | 'error';

export interface PreflightIssue extends PreflightText {
  code: PreflightCode;
  severity: PreflightSeverity;
  /** The page the object is on (extra pages too: `extra_1`...), or null for the whole card. */
  page: CardPage | null;
  /** The object's index in its page's `objects`, or null for the whole page or card. */
  object: number | null;
  /** In English here; platform/i18n/preflight-text.ts localizePreflight writes it in the reader's language. */
  message: string;
}

/** An issue with its message key and values, and the English message written from them. */
function issue(
  code: PreflightCode,
  severity: PreflightSeverity,
  at: { page: CardPage | null; object: number | null },
  key: string,
  vars: MessageVars = {},
): PreflightIssue {
  const text = { message_key: key, message_vars: vars };
  return { code, severity, ...at, message: preflightMessage(DEFAULT_LOCALE, text, at.page), ...text };
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
  if (o.type === 'path' && Array.isArray(o.path)) {
    // A stroke's box is its points' box with half the pen's width all round, as Fabric measures it.
    const box = pathBounds(o.path as unknown[][]);
    width = box.width + num(o.strokeWidth);
    height = box.height + num(o.strokeWidth);
  }
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
    if (object.placeholder === true && typeof object.text === 'string' && object.text.trim())
      texts.add(object.text.trim());
  }
  return texts;
}

/** A photo's effective resolution at print size: its pixel width over the inches it is drawn across. */
function printDpi(size: { width: number } | undefined, drawnWidth: number, mmPerUnit: number): number | null {
  const printedInches = (drawnWidth * mmPerUnit) / 25.4;
  return size && printedInches > 0 ? Math.floor(size.width / printedInches) : null;
}

/** Millimetres per canvas unit for a design on its product (the canvas is fitted inside the trim). */
function printScale(
  design: { width?: number; height?: number },
  productCode: string,
): { mmPerUnit: number; canvas: { width: number; height: number } } {
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
export function photoResolutions(
  input: Pick<PreflightInput, 'canvasData' | 'product' | 'imageSizes'>,
): PhotoResolution[] {
  if (!input.canvasData || typeof input.canvasData !== 'object') return [];
  const { mmPerUnit } = printScale(input.canvasData as { width?: number; height?: number }, input.product);
  const out: PhotoResolution[] = [];
  for (const { page, index, object } of objectsByPage(input.canvasData)) {
    if (object.type !== 'image') continue;
    const size = input.imageSizes?.[String(object.src)];
    const width = objectBox(object).width;
    const dpi = printDpi(size, width, mmPerUnit);
    if (!size || dpi === null) continue;
    out.push({
      page,
      object: index,
      width_px: size.width,
      height_px: size.height,
      printed_width_mm: Math.round(width * mmPerUnit * 10) / 10,
      dpi,
    });
  }
  return out;
}

export function preflight(input: PreflightInput): PreflightIssue[] {
  const issues: PreflightIssue[] = [];
  const checked = validateCanvasData(input.canvasData, input.limits);
  if (!checked.ok) {
    return [
      issue('unrenderable', 'error', { page: null, object: null }, 'preflight.unrenderable_design', {
        detail: checked.errors[0],
      }),
    ];
  }
  const design = checked.value;
  const product = productOf(input.product);
  const { canvas, mmPerUnit } = printScale(design, input.product);
  const safe = product.safeMm / mmPerUnit;
  const placeholders = placeholderTexts(input.templateCanvas);

  for (const { page, index, object } of objectsByPage(design)) {
    const at = { page, object: index };
    const box = objectBox(object);
    const right = box.left + box.width;
    const bottom = box.top + box.height;
    if (right <= 0 || bottom <= 0 || box.left >= canvas.width || box.top >= canvas.height) {
      issues.push(issue('outside_trim', 'error', at, 'preflight.outside_trim'));
      continue;
    }
    const isText = TEXT_TYPES.has(object.type);
    if (isText && placeholders.has(String(object.text ?? '').trim())) {
      issues.push(
        issue('placeholder_text', 'warning', at, 'preflight.placeholder_text', { text: String(object.text).trim() }),
      );
    }
    if (object.type === 'image') {
      if (
        !localImageSrc(object.src, {
          publicUrl: input.limits.publicUrl,
          remotePrefixes: input.limits.remotePrefixes ?? [],
        })
      ) {
        issues.push(issue('unrenderable', 'error', at, 'preflight.photo_unloadable'));
        continue;
      }
      const dpi = printDpi(input.imageSizes?.[String(object.src)], box.width, mmPerUnit);
      if (dpi !== null) {
        if (dpi < input.minDpi) {
          issues.push(
            issue('photo_low_resolution', 'warning', at, 'preflight.photo_low_resolution', { dpi, min: input.minDpi }),
          );
        }
      }
    }
    if (
      (isText || object.type === 'image') &&
      (box.left < safe || box.top < safe || right > canvas.width - safe || bottom > canvas.height - safe)
    ) {
      issues.push(
        issue(
          'outside_safe_area',
          'warning',
          at,
          isText ? 'preflight.text_outside_safe_area' : 'preflight.photo_outside_safe_area',
          { safe: product.safeMm },
        ),
      );
    }
  }
  // A posted card is a folded card of four pages at the print service: extra pages of signatures
  // (a large group card) cannot go with it, and are not silently dropped either.
  const extra = extraPages(design).length;
  if (input.posted && extra) {
    issues.push(
      issue('too_many_pages', 'error', { page: null, object: null }, 'preflight.too_many_pages', { count: extra }),
    );
  }
  // Empty means nothing inside at all: a designed inside page (a group card's signatures) is a message.
  const insideDrawn = objectsByPage(design).some(({ page }) => page === 'inside_left' || page === 'inside_right');
  if (input.posted && !input.insideMessage.trim() && !insideDrawn) {
    issues.push(
      issue(
        'empty_inside_message',
        'warning',
        { page: 'inside_right', object: null },
        'preflight.empty_inside_message',
      ),
    );
  }
  return issues;
}
