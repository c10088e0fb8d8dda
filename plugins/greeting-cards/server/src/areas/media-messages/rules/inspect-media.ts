import { MediaRefusal, type Inspection, type MediaFormat } from './media-format';
import { inspectMp4, looksLikeMp4 } from './mp4-boxes';
import { inspectWebm, looksLikeWebm } from './webm-elements';
import { inspectOgg, looksLikeOgg } from './ogg-pages';
import { inspectMp3, looksLikeMp3 } from './mp3-frames';

// A message file is judged by its bytes alone, never its name or the type the browser claimed: the
// container is found from its first bytes, then read whole (each parser refuses a file cut short, with
// bytes past its end, or with parts that do not fit), which also gives its length.

const READERS: Array<[(buf: Buffer) => boolean, (buf: Buffer) => MediaFormat]> = [
  [looksLikeMp4, inspectMp4],
  [looksLikeWebm, inspectWebm],
  [looksLikeOgg, inspectOgg],
  [looksLikeMp3, inspectMp3],
];

// Markup a browser or a server could be talked into running, if the file were ever served as something
// else: a file that is sound or video and also a page (a polyglot) is refused, though its container is
// well formed. These byte runs are vanishingly unlikely in compressed sound or pictures.
const MARKUP = /<(?:script|html|!doctype|svg|iframe|object|embed|\?php)\b|%PDF-|PK\x03\x04/i;

export function inspectMedia(buf: Buffer): Inspection {
  const reader = READERS.find(([looks]) => looks(buf));
  if (!reader) return { ok: false, problem: 'type' };
  try {
    const format = reader[1](buf);
    if (MARKUP.test(buf.toString('latin1'))) return { ok: false, problem: 'mixed' };
    if (!(format.durationMs > 0)) return { ok: false, problem: 'duration' };
    return { ok: true, format };
  } catch (error) {
    if (error instanceof MediaRefusal) return { ok: false, problem: error.problem };
    // A parser reading past a Buffer's end throws RangeError: the file ended before its parts did.
    if (error instanceof RangeError) return { ok: false, problem: 'truncated' };
    throw error;
  }
}

export type { Inspection, MediaFormat, MediaKind, MediaProblem } from './media-format';
