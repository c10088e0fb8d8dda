import { refuse, type MediaFormat } from './media-format';

// MP3 (MPEG audio layer III): an optional ID3v2 tag, then frames back to back to the end of the file
// (an ID3v1 tag may close it). Walking every frame both proves the file whole and gives its length:
// the sum of the frames' samples over their rate.

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

interface Frame {
  length: number;
  seconds: number;
}

/** The frame starting at `at`, or null if no layer III frame header is there. */
function frameAt(buf: Buffer, at: number): Frame | null {
  if (buf.length - at < 4 || buf[at] !== 0xff || (buf[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (buf[at + 1] >> 3) & 3;
  const layer = (buf[at + 1] >> 1) & 3;
  const bitrateIndex = buf[at + 2] >> 4;
  const rateIndex = (buf[at + 2] >> 2) & 3;
  const padding = (buf[at + 2] >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const rate = RATES[version][rateIndex];
  const v1 = version === 3;
  const bitrate = (v1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex] * 1000;
  const length = Math.floor(((v1 ? 144 : 72) * bitrate) / rate) + padding;
  return { length, seconds: (v1 ? 1152 : 576) / rate };
}

const syncsafe = (buf: Buffer, at: number): number =>
  ((buf[at] & 0x7f) << 21) | ((buf[at + 1] & 0x7f) << 14) | ((buf[at + 2] & 0x7f) << 7) | (buf[at + 3] & 0x7f);

export function inspectMp3(buf: Buffer): MediaFormat {
  let at = 0;
  if (buf.toString('latin1', 0, 3) === 'ID3') {
    if (buf.length < 10) refuse('truncated');
    at = 10 + syncsafe(buf, 6) + (buf[5] & 0x10 ? 10 : 0);
    if (at > buf.length) refuse('truncated');
  }
  let seconds = 0;
  let frames = 0;
  while (at < buf.length) {
    // An ID3v1 tag: the last 128 bytes.
    if (buf.length - at === 128 && buf.toString('latin1', at, at + 3) === 'TAG') break;
    const frame = frameAt(buf, at);
    if (!frame) refuse(frames === 0 ? 'type' : 'damaged');
    if (at + frame!.length > buf.length) refuse('truncated');
    seconds += frame!.seconds;
    frames += 1;
    at += frame!.length;
  }
  if (frames < 2) refuse(frames === 0 ? 'type' : 'duration');
  return { container: 'mp3', mime: 'audio/mpeg', ext: '.mp3', kind: 'audio', durationMs: Math.round(seconds * 1000) };
}

export const looksLikeMp3 = (buf: Buffer): boolean =>
  (buf.length >= 3 && buf.toString('latin1', 0, 3) === 'ID3') || frameAt(buf, 0) !== null;
