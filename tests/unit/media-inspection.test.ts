import { inspectMedia } from '../../plugins/greeting-cards/server/src/areas/media-messages/rules/inspect-media';
import { captionsVtt } from '../../plugins/greeting-cards/server/src/areas/media-messages/rules/captions-vtt';
import { mp3, mp4, ogg, webm } from '../helpers/media-files';

// Issue 45 item 3: a message file is judged from its bytes: its container, its length, and whether it
// is whole and only itself (not cut short, nothing appended, no page hidden in it).

const FILES = {
  mp3: () => mp3(12),
  ogg: () => ogg(12),
  'webm (audio)': () => webm(12),
  'webm (video)': () => webm(12, 'video'),
  'mp4 (video)': () => mp4(12),
  'm4a (audio)': () => mp4(12, 'audio'),
};

describe('inspectMedia', () => {
  it.each(Object.entries(FILES))('%s: its container, kind and length', (name, make) => {
    const seen = inspectMedia(make());
    expect(seen.ok).toBe(true);
    if (!seen.ok) return;
    expect(Math.abs(seen.format.durationMs - 12_000)).toBeLessThan(100);
    expect(seen.format.kind).toBe(name.includes('video') ? 'video' : 'audio');
  });

  it('reads the length, whatever it is', () => {
    for (const seconds of [1, 59, 61, 300]) {
      for (const make of [mp3, ogg, webm, mp4]) {
        const seen = inspectMedia(make(seconds));
        if (!seen.ok) throw new Error(`${make.name} ${seconds}: ${seen.problem}`);
        expect(Math.abs(seen.format.durationMs - seconds * 1000)).toBeLessThan(100);
      }
    }
  });

  it.each(Object.entries(FILES))('%s cut short is truncated', (_name, make) => {
    const whole = make();
    for (const cut of [0.3, 0.5, 0.9, 0.999]) {
      const seen = inspectMedia(whole.subarray(0, Math.floor(whole.length * cut)));
      expect(seen).toEqual({ ok: false, problem: expect.stringMatching(/^(truncated|damaged)$/) });
    }
  });

  it.each(Object.entries(FILES))('%s with another file appended, or a page inside, is refused', (_name, make) => {
    const whole = make();
    const appended = inspectMedia(Buffer.concat([whole, Buffer.from('<html><script>alert(1)</script></html>')]));
    expect(appended.ok).toBe(false);
    const zip = inspectMedia(Buffer.concat([whole, Buffer.from('PK\x03\x04rest of a zip', 'latin1')]));
    expect(zip.ok).toBe(false);
    // A page in the bytes of a well-formed file: a polyglot, refused though its container is fine.
    const inside = Buffer.from(whole);
    inside.write('<script>alert(1)</script>', whole.length - 200, 'latin1');
    expect(inspectMedia(inside).ok).toBe(false);
  });

  it('refuses what is not one of the formats, whatever it is called', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const bytes of [
      png,
      Buffer.from('%PDF-1.4\n'),
      Buffer.from('<svg></svg>'),
      Buffer.alloc(0),
      Buffer.alloc(5000),
    ]) {
      expect(inspectMedia(bytes)).toEqual({ ok: false, problem: 'type' });
    }
    // A Matroska file (not WebM) and an Ogg Theora video are not among the formats either.
    const mkv = webm(3);
    mkv.write('matroska'.slice(0, 4), mkv.indexOf('webm'), 'latin1');
    expect(inspectMedia(mkv).ok).toBe(false);
  });

  it('never throws on random bytes behind a real signature', () => {
    const heads = [mp3(1).subarray(0, 14), ogg(1).subarray(0, 40), webm(1).subarray(0, 30), mp4(1).subarray(0, 40)];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    for (let i = 0; i < 400; i++) {
      const tail = Buffer.from(Array.from({ length: i * 3 }, random));
      const seen = inspectMedia(Buffer.concat([heads[i % 4], tail]));
      expect(typeof seen.ok).toBe('boolean');
    }
  });
});

describe('captionsVtt', () => {
  it('is one cue over the message, its markup escaped, no cue break possible', () => {
    const vtt = captionsVtt('Hello <b>you</b>\n\n--> 00:00 fake cue\nBye', 12_345);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:12.345\nHello &lt;b&gt;you&lt;/b&gt;\n--&gt; 00:00 fake cue\nBye\n',
    );
  });
});
