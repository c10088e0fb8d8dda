// The QR code a posted or printed card carries on its back when the card has a video or voice message
// (issue 45 item 3, docs/media-messages.md): the message page's full public URL, drawn by the qrcode
// library as SVG paths (so vector in the PDF), dark on white with its four-module quiet zone, and a short
// caption under it. 24 mm square including the quiet zone: a phone reads it from a hand's length.
import QRCode from 'qrcode';

// Local twins of print-layout.ts's helpers: that file imports this one.
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const mm = (n: number) => `${Number(n.toFixed(3))}mm`;

/** What the caller knows: where the code leads and its caption in the card's language. */
export interface MessageQr {
  url: string;
  caption: string;
}

/** Side of the printed code including its quiet zone. */
export const QR_SIZE_MM = 24;

/** The code as standalone SVG markup (`<svg viewBox=...><path .../></svg>`), without the XML prolog. */
export async function qrSvg(url: string): Promise<string> {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    margin: 4,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
  return svg.replace(/^<\?xml[^>]*>\s*/, '').trim();
}

/** The block on the back page: the code and its caption, above the shop's small print. */
export function qrBlock(svg: string, caption: string): string {
  return `<div class="message-qr"><div class="qr">${svg}</div><p>${escapeHtml(caption)}</p></div>`;
}

export const QR_CSS = `.message-qr { position: absolute; left: 0; right: 0; bottom: 24mm; display: flex; flex-direction: column; align-items: center; }
.message-qr .qr { width: ${mm(QR_SIZE_MM)}; height: ${mm(QR_SIZE_MM)}; background: #fff; }
.message-qr .qr svg { display: block; width: 100%; height: 100%; }
.message-qr p { margin: 1.5mm 0 0; padding: 0.5mm 1.5mm; background: #fff; color: #000; text-align: center;
  font: 7.5pt 'DejaVu Sans', 'Liberation Sans', sans-serif; }`;
