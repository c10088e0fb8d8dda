import jsQR from 'jsqr';
import { decodePng } from './png';
import { pagePng } from './pdf';

// QR codes read back from a PDF as a phone would see the printed page: poppler rasterises the page,
// jsQR (a real decoder, not our code) finds and reads the code.

const DPI = 200;

/** The QR code on one page of a PDF: its text and its printed side in mm with the quiet zone; null when none. */
export async function qrCodeOn(pdf: Buffer, page: number): Promise<{ data: string; sideMm: number } | null> {
  const png = decodePng(await pagePng(pdf, page, DPI));
  const found = jsQR(new Uint8ClampedArray(png.rgba), png.width, png.height);
  if (!found) return null;
  // The code's outer corners span its modules; the quiet zone adds four modules on each side.
  const modules = 17 + 4 * found.version;
  const { topLeftCorner: a, topRightCorner: b } = found.location;
  const codePx = Math.hypot(b.x - a.x, b.y - a.y);
  return { data: found.data, sideMm: ((codePx * (modules + 8)) / modules / DPI) * 25.4 };
}

/** The text of the QR code on one page of a PDF, or null when it has none. */
export const qrOn = async (pdf: Buffer, page: number): Promise<string | null> =>
  (await qrCodeOn(pdf, page))?.data ?? null;
