import { refuse, type MediaFormat } from './media-format';

// Ogg (Opus or Vorbis sound): pages from the first byte to the last, each with a valid checksum, all of
// one logical stream. The length is the last page's granule position over the sample rate (48 kHz for
// Opus, less its pre-skip; the identification header's rate for Vorbis).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function pageCrc(buf: Buffer, start: number, end: number): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    // The checksum field itself (bytes 22-25 of the page) counts as zeros.
    const byte = i - start >= 22 && i - start < 26 ? 0 : buf[i];
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  }
  return crc;
}

export function inspectOgg(buf: Buffer): MediaFormat {
  let at = 0;
  let serial: number | null = null;
  let rate = 0;
  let preSkip = 0;
  let granule = 0n;
  while (at < buf.length) {
    if (buf.length - at < 27) refuse('truncated');
    if (buf.toString('latin1', at, at + 4) !== 'OggS' || buf[at + 4] !== 0) refuse(at === 0 ? 'type' : 'damaged');
    const segments = buf[at + 26];
    if (buf.length - at < 27 + segments) refuse('truncated');
    let bodyLength = 0;
    for (let i = 0; i < segments; i++) bodyLength += buf[at + 27 + i];
    const body = at + 27 + segments;
    const end = body + bodyLength;
    if (end > buf.length) refuse('truncated');
    if (pageCrc(buf, at, end) !== buf.readUInt32LE(at + 22)) refuse('damaged');
    const pageSerial = buf.readUInt32LE(at + 14);
    if (serial === null) {
      serial = pageSerial;
      if (buf.toString('latin1', body, body + 8) === 'OpusHead' && bodyLength >= 19) {
        rate = 48_000;
        preSkip = buf.readUInt16LE(body + 10);
      } else if (buf.toString('latin1', body, body + 7) === '\x01vorbis' && bodyLength >= 16) {
        rate = buf.readUInt32LE(body + 12);
      } else {
        refuse('type');
      }
    } else if (pageSerial !== serial) {
      refuse('damaged');
    }
    const pageGranule = buf.readBigInt64LE(at + 6);
    if (pageGranule > granule) granule = pageGranule;
    at = end;
  }
  if (!rate) refuse('duration');
  const samples = Number(granule) - preSkip;
  if (samples <= 0) refuse('duration');
  return {
    container: 'ogg',
    mime: 'audio/ogg',
    ext: '.ogg',
    kind: 'audio',
    durationMs: Math.round((samples / rate) * 1000),
  };
}

export const looksLikeOgg = (buf: Buffer): boolean => buf.length >= 4 && buf.toString('latin1', 0, 4) === 'OggS';
