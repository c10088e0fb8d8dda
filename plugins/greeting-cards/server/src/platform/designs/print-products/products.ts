// The card products the shop sells: one line per product. Read by the content types (the template's
// product enumeration), the cards service (a card keeps its template's product), the renderer (page
// sizes of the print files), the editor (canvas aspect and guides) and preflight. Pure: no I/O.
//
// A design is drawn in canvas units (600 wide); the product says how those units map onto paper.
// The trim is the finished card; the bleed is extra background beyond it that the printer cuts off;
// the safe margin is the band inside the trim that text and photos should stay out of.

export interface Product {
  /** Stored on templates and cards; letters, digits and underscores only (a Strapi enumeration value). */
  code: string;
  name: string;
  /** Finished (trimmed) size of one page of the folded card, portrait. */
  trimMm: { width: number; height: number };
  bleedMm: number;
  safeMm: number;
  /** The design's canvas size in canvas units; its aspect is the trim's. */
  canvas: { width: number; height: number };
  /** The flat sheet of the print-at-home PDF (two pages side by side), before any bleed. */
  homeSheetMm: { width: number; height: number };
}

const BLEED_MM = 3;
const SAFE_MM = 4;
const CANVAS_WIDTH = 600;

interface Line {
  code: string;
  name: string;
  mm: [width: number, height: number];
  /** Only for sizes that existed before products did: the canvas designs were already made on. */
  canvas?: [width: number, height: number];
  homeSheetMm?: [width: number, height: number];
  bleedMm?: number;
  safeMm?: number;
}

function product(line: Line): Product {
  const [width, height] = line.mm;
  const [cw, ch] = line.canvas ?? [CANVAS_WIDTH, Math.round((CANVAS_WIDTH * height) / width)];
  const [sw, sh] = line.homeSheetMm ?? [2 * width, height];
  return {
    code: line.code,
    name: line.name,
    trimMm: { width, height },
    bleedMm: line.bleedMm ?? BLEED_MM,
    safeMm: line.safeMm ?? SAFE_MM,
    canvas: { width: cw, height: ch },
    homeSheetMm: { width: sw, height: sh },
  };
}

// To add a product, add a line. A5 keeps the 600 x 850 canvas every design had before products
// existed (148 x 210 mm is 600 x 851: the sliver is the background colour, as it always was) and the
// A4 landscape print-at-home sheet the print PDF always used.
export const PRODUCTS: readonly Product[] = [
  product({ code: 'a6', name: 'A6 (105 x 148 mm)', mm: [105, 148] }),
  product({ code: 'a5', name: 'A5 (148 x 210 mm)', mm: [148, 210], canvas: [600, 850], homeSheetMm: [297, 210] }),
  product({ code: 'in5x7', name: '5 x 7 in (127 x 178 mm)', mm: [127, 178] }),
  product({ code: 'square', name: 'Square (148 x 148 mm)', mm: [148, 148] }),
];

export const PRODUCT_CODES: readonly string[] = PRODUCTS.map((p) => p.code);

/** The product every design made before products existed was: its 600 x 850 canvas is A5's. */
export const LEGACY_PRODUCT = 'a5';

export const isProductCode = (v: unknown): v is string => typeof v === 'string' && PRODUCT_CODES.includes(v);

/** The product with this code; an unknown or missing code is the legacy A5. */
export function productOf(code: unknown): Product {
  return PRODUCTS.find((p) => p.code === code) ?? PRODUCTS.find((p) => p.code === LEGACY_PRODUCT)!;
}

/** The code a card's design prints as: its own, else its template's, else the legacy A5. */
export function effectiveProductCode(...candidates: unknown[]): string {
  return (candidates.find(isProductCode) as string | undefined) ?? LEGACY_PRODUCT;
}
