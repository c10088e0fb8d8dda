import {
  classifyImageSource,
  normalisePrefix,
} from '../../../plugins/greeting-cards/server/src/platform/uploads/image-sources';
import {
  isLocalProvider,
  uploadImagePrefixes,
} from '../../../plugins/greeting-cards/server/src/platform/uploads/upload-origins';
import { validateCanvasData } from '../../../plugins/greeting-cards/server/src/platform/designs/canvas-data';
import { prepareDesign } from '../../../plugins/greeting-cards/server/src/platform/designs/design-prep';

const S3 = {
  provider: 'aws-s3',
  providerOptions: {
    s3Options: {
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
      region: 'us-east-1',
      params: { Bucket: 'cards' },
    },
  },
};

describe('upload provider URL prefixes', () => {
  it('has none for the local provider unless the setting adds some', () => {
    expect(isLocalProvider(undefined)).toBe(true);
    expect(isLocalProvider({ provider: 'local' })).toBe(true);
    expect(uploadImagePrefixes({ provider: 'local' })).toEqual([]);
    expect(uploadImagePrefixes({ provider: 'local' }, ['https://cdn.example.test/media'])).toEqual([
      'https://cdn.example.test/media/',
    ]);
  });

  it('derives the bucket on a path-style endpoint for aws-s3, with its rootPath', () => {
    expect(uploadImagePrefixes(S3)).toEqual(['http://127.0.0.1:4569/cards/']);
    const rooted = { ...S3, providerOptions: { ...S3.providerOptions, rootPath: 'shop/' } };
    expect(uploadImagePrefixes(rooted)).toEqual(['http://127.0.0.1:4569/cards/shop/']);
  });

  it('derives virtual-host and AWS addresses, and prefers baseUrl (a CDN) when set', () => {
    const vhost = {
      provider: 'aws-s3',
      providerOptions: { s3Options: { endpoint: 'https://s3.example.test', params: { Bucket: 'b' } } },
    };
    expect(uploadImagePrefixes(vhost)).toEqual(['https://s3.example.test/b/', 'https://b.s3.example.test/']);
    const aws = {
      provider: 'aws-s3',
      providerOptions: { s3Options: { region: 'eu-west-2', params: { Bucket: 'b' } } },
    };
    expect(uploadImagePrefixes(aws)).toEqual([
      'https://b.s3.amazonaws.com/',
      'https://b.s3.eu-west-2.amazonaws.com/',
      'https://s3.eu-west-2.amazonaws.com/b/',
    ]);
    const cdn = {
      provider: 'aws-s3',
      providerOptions: { baseUrl: 'https://cdn.example.test', s3Options: S3.providerOptions.s3Options },
    };
    expect(uploadImagePrefixes(cdn)).toEqual(['https://cdn.example.test/']);
  });

  it('ignores prefixes that are not plain http(s) URLs', () => {
    expect(normalisePrefix('javascript:alert(1)')).toBeNull();
    expect(normalisePrefix('https://user:pw@cdn.example.test/')).toBeNull();
    expect(normalisePrefix('https://cdn.example.test/x?a=1')).toBeNull();
  });
});

describe('image sources', () => {
  const rules = { publicUrl: 'https://cards.example.test', remotePrefixes: ['http://127.0.0.1:4569/cards/'] };

  it('accepts our uploads and the provider URLs, nothing else', () => {
    expect(classifyImageSource('/uploads/a.png', rules)).toEqual({ kind: 'local', path: '/uploads/a.png' });
    expect(classifyImageSource('https://cards.example.test/uploads/a.png', rules)).toEqual({
      kind: 'local',
      path: '/uploads/a.png',
    });
    expect(classifyImageSource('http://127.0.0.1:4569/cards/photo_1.jpg', rules)).toEqual({
      kind: 'remote',
      url: 'http://127.0.0.1:4569/cards/photo_1.jpg',
    });
    for (const bad of [
      'http://127.0.0.1:4569/other/photo.jpg',
      'http://127.0.0.1:4569/cardsX/photo.jpg',
      'http://127.0.0.1:4569/cards/../other/photo.jpg',
      'http://127.0.0.1:4569/cards/%2e%2e/other/photo.jpg',
      'http://127.0.0.1:4569/cards/a.jpg?x-id=GetObject',
      'http://127.0.0.1:4569/cards/a.jpg#x',
      'http://u@127.0.0.1:4569/cards/a.jpg',
      'HTTP://127.0.0.1:4569/cards/a.jpg',
      'http://127.0.0.1:4570/cards/a.jpg',
      '//127.0.0.1:4569/cards/a.jpg',
    ]) {
      expect([bad, classifyImageSource(bad, rules)]).toEqual([bad, null]);
    }
  });

  it('makes the design checks accept a provider URL and still refuse other hosts with the same message', () => {
    const design = (src: string) => ({
      version: '7.0.0',
      background: '#FFFFFF',
      objects: [{ type: 'image', src, left: 0, top: 0, width: 10, height: 10 }],
    });
    const limits = { maxBytes: 100_000, maxObjects: 10, ...rules };
    expect(validateCanvasData(design('http://127.0.0.1:4569/cards/photo_1.jpg'), limits)).toMatchObject({ ok: true });
    expect(validateCanvasData(design('https://elsewhere.test/cards/photo_1.jpg'), limits)).toEqual({
      ok: false,
      errors: ['objects[0].src: must be an upload of this service (/uploads/...) or an image data URL'],
    });
  });

  it('hands the renderer the provider URL as it is and drops foreign ones', () => {
    const d = prepareDesign(
      {
        objects: [
          { type: 'image', src: 'http://127.0.0.1:4569/cards/p.jpg', left: 0, top: 0, width: 5, height: 5 },
          { type: 'image', src: 'http://evil.test/cards/p.jpg', left: 0, top: 0, width: 5, height: 5 },
        ],
      },
      rules,
    );
    expect(d.objects.map((o) => o.src)).toEqual(['http://127.0.0.1:4569/cards/p.jpg']);
  });
});
