// Where a picture's own bytes end, read from its structure (not by searching for a marker, which a
// picture's embedded thumbnail or an appended file could hold too). Bytes after that end are not part
// of the picture: a file with a script, page or archive appended is a polyglot. null when the
// structure does not read to an end (a truncated or damaged file).

/** JPEG: marker segments up to the first scan, entropy-coded data, more segments, to EOI (FFD9). */
function jpegEnd(b: Buffer): number | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (i < b.length && b[i] === 0xff) i++; // fill bytes
    if (i >= b.length) return null;
    const marker = b[i++];
    if (marker === 0xd9) return i;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (i + 2 > b.length) return null;
    const length = b.readUInt16BE(i);
    if (length < 2) return null;
    i += length;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is neither a stuffed FF00 nor a restart.
      while (i + 1 < b.length && !(b[i] === 0xff && b[i + 1] !== 0 && !(b[i + 1] >= 0xd0 && b[i + 1] <= 0xd7))) i++;
      if (i + 1 >= b.length) return null;
    }
  }
  return null;
}

/** PNG: chunks after the signature up to and including IEND. */
function pngEnd(b: Buffer): number | null {
  let i = 8;
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    i += 12 + length;
    if (i > b.length) return null;
    if (type === 'IEND') return i;
  }
  return null;
}

/** GIF: header, colour table, then extension and image blocks (each of sub-blocks) to the trailer 3B. */
function gifEnd(b: Buffer): number | null {
  if (b.length < 13) return null;
  let i = 13;
  const flags = b[10];
  if (flags & 0x80) i += 3 * 2 ** ((flags & 7) + 1);
  const subBlocks = (): boolean => {
    while (i < b.length) {
      const size = b[i++];
      if (size === 0) return true;
      i += size;
    }
    return false;
  };
  while (i < b.length) {
    const block = b[i++];
    if (block === 0x3b) return i;
    if (block === 0x21) {
      i += 1; // label
      if (!subBlocks()) return null;
    } else if (block === 0x2c) {
      if (i + 9 > b.length) return null;
      const local = b[i + 8];
      i += 9;
      if (local & 0x80) i += 3 * 2 ** ((local & 7) + 1);
      i += 1; // LZW minimum code size
      if (!subBlocks()) return null;
    } else return null;
  }
  return null;
}

/** WebP: a RIFF file whose header gives its length (padded to an even number of bytes). */
function webpEnd(b: Buffer): number | null {
  if (b.length < 12 || b.toString('latin1', 0, 4) !== 'RIFF') return null;
  const end = 8 + b.readUInt32LE(4);
  return end <= b.length ? end : null;
}

/** The offset just after the picture's last byte in `bytes` of `format` (sharp's name), or null. */
export function pictureEnd(bytes: Buffer, format: string): number | null {
  if (format === 'jpeg') return jpegEnd(bytes);
  if (format === 'png') return pngEnd(bytes);
  if (format === 'gif') return gifEnd(bytes);
  if (format === 'webp') return webpEnd(bytes);
  return null;
}
