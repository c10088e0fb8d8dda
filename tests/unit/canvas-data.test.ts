import {
  validateCanvasData,
  blankCanvas,
  CanvasLimits,
} from '../../plugins/greeting-cards/server/src/platform/designs/canvas-data';
import { TEMPLATES } from '../../plugins/greeting-cards/server/src/areas/catalogue/seed/sample-data';

const LIMITS: CanvasLimits = { maxBytes: 1024 * 1024, maxObjects: 500, publicUrl: 'https://cards.example.test' };

const text = (extra: Record<string, unknown> = {}) => ({
  type: 'textbox',
  text: 'Hi',
  left: 10,
  top: 20,
  fontSize: 30,
  fill: '#112233',
  fontFamily: 'Georgia',
  ...extra,
});
const design = (objects: unknown[], extra: Record<string, unknown> = {}) => ({
  version: '7.0.0',
  background: '#FFFFFF',
  objects,
  ...extra,
});

function errorsOf(input: unknown, limits: CanvasLimits = LIMITS): string[] {
  const result = validateCanvasData(input, limits);
  if (result.ok) throw new Error('expected the design to be rejected');
  return result.errors;
}

describe('validateCanvasData', () => {
  it('accepts every sample template and the documented example objects', () => {
    for (const t of TEMPLATES)
      expect({ slug: t.slug, ok: validateCanvasData(t.canvas_data, LIMITS).ok }).toEqual({ slug: t.slug, ok: true });
    const result = validateCanvasData(
      design(
        [
          text({
            textAlign: 'center',
            width: 500,
            fontWeight: 'bold',
            fontStyle: 'italic',
            lineHeight: 1.2,
            underline: true,
          }),
          { type: 'emoji', text: '🎂', left: 240, top: 560, fontSize: 120, assetId: 3 },
          { type: 'image', src: '/uploads/photo_1a2b.jpg', left: 100, top: 90, width: 400, height: 300 },
          { type: 'image', src: 'https://cards.example.test/uploads/photo.png', left: 0, top: 0, width: 1, height: 1 },
          { type: 'image', src: 'data:image/png;base64,iVBORw0KGgo=', left: 0, top: 0, width: 1, height: 1 },
          {
            type: 'rect',
            left: 0,
            top: 650,
            width: 600,
            height: 200,
            fill: 'rgba(1, 2, 3, 0.5)',
            stroke: '#FFF',
            strokeWidth: 2,
            rx: 4,
            ry: 4,
          },
          {
            type: 'circle',
            left: 200,
            top: 80,
            radius: 100,
            fill: 'transparent',
            opacity: 0.5,
            angle: 45,
            originX: 'center',
          },
          {
            type: 'i-text',
            text: 'x',
            left: 1,
            top: 1,
            fontSize: 10,
            fill: 'rgb(0,0,0)',
            fontFamily: "'Comic Sans MS', sans-serif",
          },
        ],
        { width: 600, height: 850 },
      ),
      LIMITS,
    );
    expect(result.ok).toBe(true);
  });

  it('returns a normalised copy without unknown keys', () => {
    const input = design([{ ...text(), clipPath: { type: 'image', src: 'https://evil.test/x.png' }, shadow: 'x' }], {
      extra: 1,
    });
    const result = validateCanvasData(input, LIMITS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual({ version: '7.0.0', background: '#FFFFFF', objects: [text()] });
    expect(result.value.objects[0]).not.toBe(input.objects[0]);
  });

  it('rejects anything that is not an object', () => {
    for (const bad of [null, [], 'x', 3, true]) expect(errorsOf(bad)).toEqual(['must be a JSON object']);
  });

  it('requires version, background and objects', () => {
    expect(errorsOf({})).toEqual(['version: is required', 'background: is required', 'objects: is required']);
  });

  it('rejects a bad version, background, size or objects value', () => {
    expect(errorsOf(design([], { version: 7 }))).toEqual(['version: must be a string of 1 to 32 characters']);
    for (const bg of ['#FFF', 'red', '#GGGGGG', 'rgb(1,2,3)', 12]) {
      expect(errorsOf(design([], { background: bg }))).toEqual(['background: must be a colour in #RRGGBB form']);
    }
    expect(errorsOf(design([], { width: 'wide' }))).toEqual(['width: must be a number']);
    expect(errorsOf(design([], { height: 0 }))).toEqual(['height: must be between 1 and 10000']);
    expect(errorsOf(design({} as unknown as unknown[]))).toEqual(['objects: must be an array']);
  });

  it('names the object and field that are wrong', () => {
    expect(errorsOf(design([text(), text(), text(), text({ fontSize: '30' })]))).toEqual([
      'objects[3].fontSize: must be a number',
    ]);
    expect(errorsOf(design([text({ fontSize: undefined })]))).toEqual(['objects[0].fontSize: is required']);
    expect(errorsOf(design([text({ left: Number.NaN })]))).toEqual(['objects[0].left: must be a number']);
    expect(errorsOf(design([text({ fill: 'url(#x)' })]))[0]).toMatch(/^objects\[0\]\.fill: must be a colour/);
    expect(errorsOf(design([text({ fontFamily: 'x;}</style><script>' })]))[0]).toMatch(
      /^objects\[0\]\.fontFamily: must be a font name/,
    );
    expect(errorsOf(design([text({ textAlign: 'middle' })]))).toEqual([
      'objects[0].textAlign: must be one of left, center, right, justify',
    ]);
    expect(errorsOf(design([text({ opacity: 2 })]))).toEqual(['objects[0].opacity: must be between 0 and 1']);
    expect(errorsOf(design([{ type: 'emoji', text: '🎂', left: 1, top: 1, fontSize: 10, assetId: 'x' }]))).toEqual([
      'objects[0].assetId: must be a positive integer',
    ]);
    expect(errorsOf(design(['text']))).toEqual(['objects[0]: must be an object']);
  });

  it('rejects unknown object types', () => {
    expect(errorsOf(design([{ type: 'polygon', left: 0, top: 0 }]))).toEqual([
      'objects[0].type: must be one of text, textbox, i-text, emoji, image, rect, circle, path',
    ]);
    expect(errorsOf(design([{ type: 'Textbox', left: 0, top: 0 }]))[0]).toMatch(/^objects\[0\]\.type:/);
  });

  it('rejects too many objects', () => {
    const limits = { ...LIMITS, maxObjects: 3 };
    expect(validateCanvasData(design([text(), text(), text()]), limits).ok).toBe(true);
    expect(errorsOf(design([text(), text(), text(), text()]), limits)).toEqual([
      'objects: must hold at most 3 objects (got 4)',
    ]);
  });

  it('rejects a design larger than the byte limit', () => {
    const limits = { ...LIMITS, maxBytes: 2000 };
    const errors = errorsOf(design([text({ text: 'x'.repeat(2000) })]), limits);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^must be at most 2000 bytes \(got \d+\)$/);
  });

  it('accepts only uploads of this service and image data URLs as image sources', () => {
    const image = (src: unknown) => design([{ type: 'image', src, left: 0, top: 0, width: 10, height: 10 }]);
    const foreign = 'objects[0].src: must be an upload of this service (/uploads/...) or an image data URL';
    for (const src of [
      'https://evil.test/uploads/a.png',
      'http://cards.example.test.evil.test/uploads/a.png',
      '//evil.test/uploads/a.png',
      '/uploads/../config/x',
      '/other/a.png',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect({ src, errors: errorsOf(image(src)) }).toEqual({ src, errors: [foreign] });
    }
    const badData = 'objects[0].src: must be a base64 data URL of a PNG, JPEG, GIF or WebP image';
    for (const src of [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
      'data:image/png,raw',
      'data:image/png;base64,!!!!',
    ]) {
      expect({ src, errors: errorsOf(image(src)) }).toEqual({ src, errors: [badData] });
    }
    expect(errorsOf(image(42))).toEqual(['objects[0].src: must be a string']);
  });

  it('caps the number of messages', () => {
    const objects = Array.from({ length: 100 }, () => ({ type: 'rect', left: 'x', top: 'y' }));
    expect(errorsOf(design(objects)).length).toBe(20);
  });

  it('gives a valid blank canvas', () => {
    expect(validateCanvasData(blankCanvas(), LIMITS).ok).toBe(true);
  });
});
