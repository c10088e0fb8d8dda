import sharp from 'sharp';
import { pictureEnd } from '../../../plugins/greeting-cards/server/src/platform/uploads/picture-end';
import {
  layoutSignatures,
  photoRow,
} from '../../../plugins/greeting-cards/server/src/areas/group-cards/rules/signature-layout';
import {
  photoCapReached,
  photosOf,
  shownPhotos,
} from '../../../plugins/greeting-cards/server/src/areas/group-cards/rules/signature-photos';

// Issue 45 item 7: where a picture's own bytes end (a polyglot has more after it), and where a group-card
// signer's photos go in the layout.
describe('pictureEnd', () => {
  const picture = (
    format: 'jpeg' | 'png' | 'webp' | 'gif',
    options: { exif?: boolean; progressive?: boolean } = {},
  ) => {
    let s = sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366AA' } });
    if (options.exif) s = s.withExif({ IFD0: { ImageDescription: 'x'.repeat(300) } });
    return format === 'jpeg' ? s.jpeg({ progressive: options.progressive }).toBuffer() : s[format]().toBuffer();
  };

  it.each(['jpeg', 'png', 'webp', 'gif'] as const)('reads a whole %s to its last byte', async (format) => {
    const b = await picture(format);
    expect(pictureEnd(b, format)).toBe(b.length);
  });

  it('reads a progressive JPEG with EXIF to its end', async () => {
    const b = await picture('jpeg', { exif: true, progressive: true });
    expect(pictureEnd(b, 'jpeg')).toBe(b.length);
  });

  it.each(['jpeg', 'png', 'webp', 'gif'] as const)('finds bytes appended to a %s', async (format) => {
    const b = await picture(format);
    const polyglot = Buffer.concat([b, Buffer.from('<script>alert(1)</script>')]);
    expect(pictureEnd(polyglot, format)).toBe(b.length);
  });

  it.each(['jpeg', 'png', 'webp', 'gif'] as const)('says a cut-short %s has no end', async (format) => {
    const b = await picture(format);
    expect(pictureEnd(b.subarray(0, Math.floor(b.length / 2)), format)).toBeNull();
  });
});

describe('signers’ photos in the layout', () => {
  const A5 = { width: 600, height: 850 };
  const photo = { src: '/uploads/a.jpg', width: 300, height: 200 };

  it('puts a row of photos under the message, in its column, keeping their shape', () => {
    const layout = layoutSignatures([{ display_name: 'Jo', message: 'Hello', photos: [photo, photo] }], A5);
    const [text, ...images] = layout.inside_right;
    expect(text.type).toBe('textbox');
    expect(images).toHaveLength(2);
    for (const i of images) {
      expect(i).toMatchObject({ type: 'image', src: photo.src });
      expect(Number(i.top)).toBeGreaterThan(Number(text.top));
      expect(Number(i.width) / Number(i.height)).toBeCloseTo(1.5, 2);
    }
    expect(images[0].left).toBe(text.left);
    expect(Number(images[1].left)).toBeGreaterThan(Number(images[0].left) + Number(images[0].width));
  });

  it('shrinks a row wider than the column to fit it', () => {
    const wide = { src: '/uploads/w.jpg', width: 1000, height: 100 };
    const row = photoRow([wide, wide], 500, 24, 50);
    const right = Math.max(...row.objects.map((o) => Number(o.left) + Number(o.width)));
    expect(right).toBeLessThanOrEqual(550.01);
  });

  it('moves a message and its photos to the next page together', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ display_name: `P${i}`, message: 'Hi', photos: [photo] }));
    const layout = layoutSignatures(many, A5);
    const pages = [layout.inside_right, layout.inside_left, ...layout.extra];
    for (const page of pages) {
      const texts = page.filter((o) => o.type === 'textbox').length;
      expect(page.filter((o) => o.type === 'image')).toHaveLength(texts);
      for (const o of page) expect(Number(o.top) + Number(o.height ?? 0)).toBeLessThanOrEqual(A5.height);
    }
  });

  it('reads stored photos defensively, hides them when the organiser did, and caps them', () => {
    const row = { photos: [{ id: 'a1', url: '/uploads/a.jpg', width: 3, height: 2, file_id: 7 }, 'junk', { url: 1 }] };
    expect(photosOf(row)).toEqual([{ id: 'a1', url: '/uploads/a.jpg', width: 3, height: 2, file_id: 7 }]);
    expect(photosOf({ photos: null })).toEqual([]);
    expect(shownPhotos({ ...row, photos_hidden: true })).toEqual([]);
    const caps = { perSignature: 2, perCard: 3 };
    expect(photoCapReached(1, 2, caps)).toBeNull();
    expect(photoCapReached(2, 2, caps)).toBe('signature');
    expect(photoCapReached(1, 3, caps)).toBe('card');
  });
});
