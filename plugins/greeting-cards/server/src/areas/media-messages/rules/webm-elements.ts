import { refuse, type MediaFormat } from './media-format';

// WebM (EBML): an EBML header whose DocType is "webm", then one Segment, and nothing else. Every
// element must fit in its parent and the elements must reach the file's end exactly. MediaRecorder
// writes the Segment and its Clusters with an "unknown" size and no Duration, so the length is the
// latest block's time (cluster time plus the block's offset), or the Info's Duration if that is longer.

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIME = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const VOID = 0xec;
const CRC32 = 0xbf;
const SEGMENT_CHILDREN = new Set([0x114d9b74, INFO, TRACKS, CLUSTER, 0x1c53bb6b, 0x1043a770, 0x1941a469, 0x1254c367]);
const MASTERS = new Set([SEGMENT, INFO, TRACKS, TRACK_ENTRY, CLUSTER, BLOCK_GROUP]);

interface Element {
  id: number;
  body: number;
  /** Where the element ends; for an unknown size, its parent's end (children decide). */
  end: number;
  unknownSize: boolean;
}

function readId(buf: Buffer, at: number, end: number): { id: number; next: number } {
  const first = buf[at];
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (!length) refuse('damaged');
  if (at + length > end) refuse(end === buf.length ? 'truncated' : 'damaged');
  return { id: buf.readUIntBE(at, length), next: at + length };
}

function readSize(buf: Buffer, at: number, end: number): { size: number | null; next: number } {
  if (at >= end) refuse(end === buf.length ? 'truncated' : 'damaged');
  const first = buf[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) refuse('damaged');
  if (at + length > end) refuse(end === buf.length ? 'truncated' : 'damaged');
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i];
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { size: allOnes ? null : value, next: at + length };
}

function readElement(buf: Buffer, at: number, end: number): Element {
  const { id, next } = readId(buf, at, end);
  const { size, next: body } = readSize(buf, next, end);
  if (size === null) {
    if (!MASTERS.has(id)) refuse('damaged');
    return { id, body, end, unknownSize: true };
  }
  if (body + size > end) refuse(end === buf.length ? 'truncated' : 'damaged');
  return { id, body, end: body + size, unknownSize: false };
}

const uint = (buf: Buffer, e: Element): number =>
  e.end - e.body > 0 && e.end - e.body <= 6 ? buf.readUIntBE(e.body, e.end - e.body) : 0;

interface Found {
  scale: number;
  infoDuration: number;
  latestBlock: number;
  video: boolean;
  audio: boolean;
  blocks: number;
}

/** Reads the children of a master from `at` to `end`; returns where it stopped (an unknown size stops at a sibling). */
function readChildren(buf: Buffer, parent: number, at: number, end: number, found: Found, clusterTime: number): number {
  while (at < end) {
    const { id } = readId(buf, at, end);
    // A Cluster of unknown size ends where the Segment's next child begins.
    if (parent === CLUSTER && SEGMENT_CHILDREN.has(id)) return at;
    const e = readElement(buf, at, end);
    if (e.id === SEGMENT || e.id === EBML) refuse('damaged');
    if (parent === INFO && e.id === TIMECODE_SCALE) found.scale = uint(buf, e) || 1_000_000;
    if (parent === INFO && e.id === DURATION) {
      const length = e.end - e.body;
      found.infoDuration = length === 8 ? buf.readDoubleBE(e.body) : length === 4 ? buf.readFloatBE(e.body) : 0;
    }
    if (parent === TRACK_ENTRY && e.id === TRACK_TYPE) {
      const type = uint(buf, e);
      if (type === 1) found.video = true;
      if (type === 2) found.audio = true;
    }
    if (parent === CLUSTER && e.id === CLUSTER_TIME) clusterTime = uint(buf, e);
    if (e.id === SIMPLE_BLOCK || e.id === BLOCK) {
      const track = readSize(buf, e.body, e.end);
      if (track.next + 3 > e.end) refuse('damaged');
      found.latestBlock = Math.max(found.latestBlock, clusterTime + buf.readInt16BE(track.next));
      found.blocks += 1;
    }
    if (MASTERS.has(e.id)) {
      at = readChildren(buf, e.id, e.body, e.end, found, e.id === CLUSTER ? 0 : clusterTime);
      if (!e.unknownSize && at !== e.end) refuse('damaged');
    } else {
      at = e.end;
    }
  }
  return at;
}

export function inspectWebm(buf: Buffer): MediaFormat {
  const header = readElement(buf, 0, buf.length);
  if (header.id !== EBML) refuse('type');
  let docType = '';
  for (let at = header.body; at < header.end;) {
    const e = readElement(buf, at, header.end);
    if (e.id === DOC_TYPE) docType = buf.toString('latin1', e.body, e.end).replace(/\0+$/, '');
    at = e.end;
  }
  if (docType !== 'webm') refuse('type');
  const found: Found = { scale: 1_000_000, infoDuration: 0, latestBlock: 0, video: false, audio: false, blocks: 0 };
  let at = header.end;
  let segments = 0;
  while (at < buf.length) {
    const e = readElement(buf, at, buf.length);
    if (e.id === VOID || e.id === CRC32) {
      at = e.end;
      continue;
    }
    if (e.id !== SEGMENT || ++segments > 1) refuse('damaged');
    at = readChildren(buf, SEGMENT, e.body, e.end, found, 0);
  }
  if (!segments || !found.blocks || (!found.audio && !found.video)) refuse('duration');
  const units = Math.max(found.latestBlock, found.infoDuration);
  const durationMs = Math.round((units * found.scale) / 1_000_000);
  return found.video
    ? { container: 'webm', mime: 'video/webm', ext: '.webm', kind: 'video', durationMs }
    : { container: 'webm', mime: 'audio/webm', ext: '.webm', kind: 'audio', durationMs };
}

export const looksLikeWebm = (buf: Buffer): boolean => buf.length >= 4 && buf.readUInt32BE(0) === EBML;
