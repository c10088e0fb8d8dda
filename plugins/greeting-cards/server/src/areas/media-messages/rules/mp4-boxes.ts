import { refuse, type MediaFormat } from './media-format';

// MP4 and M4A (ISO base media): a chain of boxes that must cover the file exactly, beginning with
// `ftyp`. The length is the movie header's (mvhd) duration over its timescale, or the fragment header's
// (mehd) for a fragmented file; video when a track's handler is `vide`.

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'edts', 'udta']);

interface Found {
  duration?: number;
  timescale?: number;
  fragmentDuration?: number;
  video: boolean;
  mdat: boolean;
}

function walk(buf: Buffer, start: number, end: number, found: Found, depth: number): void {
  let at = start;
  while (at < end) {
    if (end - at < 8) refuse(end === buf.length ? 'truncated' : 'damaged');
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (!/^[\w ©-]{4}$/.test(type)) refuse('damaged');
    if (size === 1) {
      if (end - at < 16) refuse('truncated');
      const big = buf.readBigUInt64BE(at + 8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) refuse('damaged');
      size = Number(big);
      header = 16;
    } else if (size === 0) {
      size = end - at; // "to the end of the file"
    }
    if (size < header) refuse('damaged');
    if (at + size > end) refuse(end === buf.length ? 'truncated' : 'damaged');
    const body = at + header;
    if (depth === 0 && at === 0 && type !== 'ftyp') refuse('type');
    if (type === 'mdat' && depth === 0) found.mdat = true;
    if (type === 'mvhd') readMvhd(buf, body, at + size, found);
    if (type === 'mehd') readMehd(buf, body, at + size, found);
    if (type === 'hdlr' && at + size >= body + 12 && buf.toString('latin1', body + 8, body + 12) === 'vide')
      found.video = true;
    if (CONTAINERS.has(type) && depth < 8) walk(buf, body, at + size, found, depth + 1);
    at += size;
  }
}

function readMvhd(buf: Buffer, body: number, end: number, found: Found): void {
  const version = buf[body];
  if (version === 1) {
    if (end - body < 32) refuse('damaged');
    found.timescale = buf.readUInt32BE(body + 20);
    found.duration = Number(buf.readBigUInt64BE(body + 24));
  } else {
    if (end - body < 20) refuse('damaged');
    found.timescale = buf.readUInt32BE(body + 12);
    found.duration = buf.readUInt32BE(body + 16);
  }
}

function readMehd(buf: Buffer, body: number, end: number, found: Found): void {
  if (buf[body] === 1) {
    if (end - body < 12) refuse('damaged');
    found.fragmentDuration = Number(buf.readBigUInt64BE(body + 4));
  } else {
    if (end - body < 8) refuse('damaged');
    found.fragmentDuration = buf.readUInt32BE(body + 4);
  }
}

export function inspectMp4(buf: Buffer): MediaFormat {
  const found: Found = { video: false, mdat: false };
  walk(buf, 0, buf.length, found, 0);
  if (!found.timescale) refuse('duration');
  const units = found.duration || found.fragmentDuration || 0;
  if (!units || !found.mdat) refuse('duration');
  const durationMs = Math.round((units / found.timescale!) * 1000);
  return found.video
    ? { container: 'mp4', mime: 'video/mp4', ext: '.mp4', kind: 'video', durationMs }
    : { container: 'mp4', mime: 'audio/mp4', ext: '.m4a', kind: 'audio', durationMs };
}

export const looksLikeMp4 = (buf: Buffer): boolean => buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp';
