// The local copies of private files are bounded when they are only a cache (issue 46: "local disk may
// hold caches that are rebuilt from the provider"). With the aws-s3 upload provider (here against
// s3rver) the render cache's files are objects of the bucket, and the folder on this machine keeps at
// most SERVICE_LOCAL_CACHE_MAX_BYTES of copies, the least recently used deleted first; a render whose
// copy was deleted comes back from the bucket, not from the renderer. With the local provider the
// folder is the store itself, and nothing in it is ever deleted, whatever the limit says.
import fs from 'fs';
import os from 'os';
import path from 'path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startApp, type TestApp } from '../helpers/strapi';
import { design } from '../fulfilment/helpers';
import type { MemoryRenderer } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/memory-renderer';

const S3rver = require('s3rver');

const BUCKET = 'render-cache-limit';
// Each SVG below is about 1,350 bytes: three fit under the limit, four are over it.
const LIMIT = 5000;
const TEXT_LENGTH = 1200;

type Rendering = {
  cachedDesignSvg(canvasData: unknown): Promise<string>;
  previewLocation(canvasData: unknown): { hash: string };
  provider(): unknown;
};

/** Design `n`, the same length as every other. */
const nth = (n: number) => design(`card ${n} `.padEnd(TEXT_LENGTH, '.'));

describe('the local render cache in front of the bucket keeps at most SERVICE_LOCAL_CACHE_MAX_BYTES', () => {
  let s3dir = '';
  let s3server: { close(): Promise<void> };
  let s3: S3Client;
  let app: TestApp;
  let cacheDir = '';
  const rendering = () => app.strapi.plugin('greeting-cards').service('rendering') as unknown as Rendering;
  const drawn = () => (rendering().provider() as MemoryRenderer).calls.filter((c) => c.method === 'designSvg').length;
  const fileOf = (n: number) => path.join(cacheDir, `${rendering().previewLocation(nth(n)).hash}.svg`);
  const held = (n: number) => fs.existsSync(fileOf(n));
  const folderBytes = () =>
    fs
      .readdirSync(cacheDir)
      .map((name) => fs.statSync(path.join(cacheDir, name)).size)
      .reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-s3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const address = await server.run();
    s3server = server;
    const endpoint = `http://127.0.0.1:${address.port}`;
    s3 = new S3Client({
      endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_LOCAL_CACHE_MAX_BYTES: String(LIMIT),
      UPLOAD_S3_BUCKET: BUCKET,
      UPLOAD_S3_ENDPOINT: endpoint,
      UPLOAD_S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_S3_ACCESS_KEY_ID: 'S3RVER',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    cacheDir = path.join(app.strapi.dirs.app.root, 'private', 'greeting-cards', 'bucket-cache', 'render-cache');
    // Copies other runs of this test left (other buckets) do not count here.
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  afterAll(async () => {
    await app?.stop();
    s3?.destroy();
    await s3server?.close().catch(() => undefined);
    if (s3dir) fs.rmSync(s3dir, { recursive: true, force: true });
    if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('deletes the least recently used copies beyond the limit and reads a deleted one back from the bucket', async () => {
    const first = await rendering().cachedDesignSvg(nth(1));
    const size = fs.statSync(fileOf(1)).size;
    // What the limit was chosen for: three copies fit, four do not.
    expect(size).toBeGreaterThan(LIMIT / 4);
    expect(size * 3).toBeLessThanOrEqual(LIMIT * 0.9);

    await rendering().cachedDesignSvg(nth(2));
    await rendering().cachedDesignSvg(nth(3));
    expect([1, 2, 3].map(held)).toEqual([true, true, true]);
    // Design 1 is shown again (answered from its local copy): now 2 is the least recently used.
    const drawnBefore = drawn();
    expect(await rendering().cachedDesignSvg(nth(1))).toBe(first);
    expect(drawn()).toBe(drawnBefore);
    await rendering().cachedDesignSvg(nth(4));
    expect([1, 2, 3, 4].map(held)).toEqual([true, false, true, true]);

    for (let n = 5; n <= 8; n += 1) await rendering().cachedDesignSvg(nth(n));
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(held)).toEqual([false, false, false, false, false, true, true, true]);
    expect(folderBytes()).toBeLessThanOrEqual(LIMIT);
    // Every render is still in the bucket.
    const keys = ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);
    for (let n = 1; n <= 8; n += 1)
      expect(keys).toContain(`greeting-cards/render-cache/${rendering().previewLocation(nth(n)).hash}.svg`);

    // Design 1's copy is gone: it comes back from the bucket, the renderer is not asked again.
    const before = drawn();
    expect(await rendering().cachedDesignSvg(nth(1))).toBe(first);
    expect(drawn()).toBe(before);
    expect(held(1)).toBe(true);
    expect(folderBytes()).toBeLessThanOrEqual(LIMIT);
  });
});

describe('with the local upload provider the render cache folder is the store: nothing in it is deleted', () => {
  let app: TestApp;
  const rendering = () => app.strapi.plugin('greeting-cards').service('rendering') as unknown as Rendering;

  beforeAll(async () => {
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_LOCAL_CACHE_MAX_BYTES: String(LIMIT),
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('keeps every render however far over the limit', async () => {
    const dir = path.join(app.strapi.dirs.app.root, 'private', 'greeting-cards', 'render-cache');
    const tag = `local ${Date.now()} `;
    const designs = Array.from({ length: 8 }, (_, n) => design(`${tag}${n} `.padEnd(TEXT_LENGTH, '.')));
    for (const d of designs) await rendering().cachedDesignSvg(d);
    const files = designs.map((d) => path.join(dir, `${rendering().previewLocation(d).hash}.svg`));
    expect(files.filter((f) => fs.existsSync(f))).toHaveLength(8);
    expect(files.map((f) => fs.statSync(f).size).reduce((a, b) => a + b, 0)).toBeGreaterThan(LIMIT);
    for (const f of files) fs.rmSync(f, { force: true });
  });
});
