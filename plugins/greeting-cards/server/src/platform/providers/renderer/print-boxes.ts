import { PDFDocument } from 'pdf-lib';

// Chromium's PDFs carry only a MediaBox. A printer's file should also say where to cut and how far the
// art runs: the TrimBox (the card's trim, inside the bleed) and the BleedBox (the whole page here, since
// the page is exactly trim plus bleed). Prepress tools and print providers read these boxes to place and
// check the file; without them they assume the page is the trim and the bleed gets printed as card.

const POINTS_PER_MM = 72 / 25.4;

/** The PDF with a TrimBox inset by `bleedMm` on every page and a BleedBox equal to its MediaBox. */
export async function withPrintBoxes(pdf: Uint8Array, bleedMm: number): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const inset = bleedMm * POINTS_PER_MM;
  for (const page of doc.getPages()) {
    const { x, y, width, height } = page.getMediaBox();
    page.setBleedBox(x, y, width, height);
    page.setTrimBox(x + inset, y + inset, width - 2 * inset, height - 2 * inset);
  }
  // Object streams off: the file stays readable by older prepress tools, as Chromium wrote it.
  return Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
}
