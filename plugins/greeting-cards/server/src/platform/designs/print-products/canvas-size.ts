// The canvas follows the product: a design's width and height are its product's canvas size, so the
// editor shows the card's real shape and the print files fill the trim. Objects keep their places
// (every product's canvas is 600 units wide); a shorter card may leave some below its new edge,
// which preflight reports. Pure.
import type { CanvasData } from '../canvas-data';
import { productOf } from './products';

export function fitCanvasToProduct(canvas: CanvasData, productCode: unknown): CanvasData {
  const { width, height } = productOf(productCode).canvas;
  return canvas.width === width && canvas.height === height ? canvas : { ...canvas, width, height };
}
