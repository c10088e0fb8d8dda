// Print guides over the canvas, for the shop's editor and the admin's template designer alike (both
// run this bundle): the trim line (the canvas's edge is where the card is cut), the bleed beyond it
// (the band the printer cuts away: backgrounds should run into it) and the safe area (text and photos
// inside it are never trimmed). Objects crossing the safe area get a red box and are counted in a hint.
// The guides are drawn after each render, never an object of the design, so they are not saved or printed.
import { Canvas, FabricObject } from 'fabric';
import { PRODUCTS, productOf, type Product } from '../server/src/platform/designs/print-products/products';
import { kindOf } from './design';
import type { Editor } from './editor';
import { t } from './i18n';

const HINT_KINDS = new Set(['textbox', 'i-text', 'text', 'image', 'emoji']);

/** The product whose canvas this is (the canvas follows the product); A5 for any other size. */
export function productForCanvas(size: { width: number; height: number }): Product {
  return PRODUCTS.find((p) => p.canvas.width === size.width && p.canvas.height === size.height) ?? productOf('a5');
}

/** The safe margin and the bleed in canvas units. */
export function guideUnits(product: Product, size: { width: number; height: number }): { safe: number; bleed: number } {
  const mmPerUnit = Math.min(product.trimMm.width / size.width, product.trimMm.height / size.height);
  return { safe: product.safeMm / mmPerUnit, bleed: product.bleedMm / mmPerUnit };
}

/** The objects on the canvas that reach into the safe margin (text, photos and stickers). */
export function objectsOutsideSafeArea(
  canvas: Canvas,
  size: { width: number; height: number },
  safe: number,
): FabricObject[] {
  return canvas.getObjects().filter((o) => {
    if (!HINT_KINDS.has(kindOf(o))) return false;
    const box = o.getBoundingRect();
    return (
      box.left < safe ||
      box.top < safe ||
      box.left + box.width > size.width - safe ||
      box.top + box.height > size.height - safe
    );
  });
}

export function wireGuides(editor: Editor, button: HTMLButtonElement, hint: HTMLElement, wrap: HTMLElement): void {
  const product = productForCanvas(editor.size);
  const { safe, bleed } = guideUnits(product, editor.size);
  const canvas = editor.canvas;
  let on = false;
  let outside: FabricObject[] = [];

  // Drawn straight onto the canvas after each render, in design units (the viewport's zoom applied):
  // nothing is added to the design, so nothing of this can be selected, saved or printed.
  canvas.on('after:render', ({ ctx }) => {
    if (!on || !ctx) return;
    // The bleed lies outside the cut card, so it is drawn around the canvas, at the canvas's display
    // scale (here, as the card is fitted again when the legend under it appears or wraps).
    wrap.style.setProperty('--gc-bleed', `${Math.max(2, Math.round(bleed * (canvas.getZoom() || 1)))}px`);
    const { width, height } = editor.size;
    const v = canvas.viewportTransform;
    ctx.save();
    ctx.transform(v[0], v[1], v[2], v[3], v[4], v[5]);
    ctx.lineWidth = 1 / (v[0] || 1);
    ctx.strokeStyle = '#C92A2A';
    ctx.setLineDash([]);
    ctx.strokeRect(0.5, 0.5, width - 1, height - 1);
    ctx.strokeStyle = '#1971C2';
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(safe, safe, width - 2 * safe, height - 2 * safe);
    ctx.strokeStyle = '#E8590C';
    ctx.lineWidth = 2 / (v[0] || 1);
    ctx.setLineDash([4, 3]);
    for (const o of outside) {
      const b = o.getBoundingRect();
      ctx.strokeRect(b.left - 2, b.top - 2, b.width + 4, b.height + 4);
    }
    ctx.restore();
  });

  const refresh = () => {
    outside = on ? objectsOutsideSafeArea(canvas, editor.size, safe) : [];
    canvas.requestRenderAll();
    wrap.classList.toggle('ed-guides-on', on);
    hint.hidden = !on;
    hint.textContent = !on
      ? ''
      : outside.length
        ? t('editor.guides.outside', { count: outside.length, mm: product.safeMm })
        : t('editor.guides.legend', { product: product.name, mm: product.bleedMm });
    hint.dataset.outside = String(outside.length);
  };

  button.addEventListener('click', () => {
    on = !on;
    button.setAttribute('aria-pressed', String(on));
    refresh();
  });
  editor.onChange(refresh);
  for (const event of ['object:moving', 'object:scaling', 'object:rotating', 'object:modified'] as const)
    canvas.on(event, () => on && refresh());
}
