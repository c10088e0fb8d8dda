// Through a booted Strapi: template thumbnails rendered in the background after boot (asked for
// here; tests skip it by default), storePreview writing a content-addressed PNG that strapi::public
// serves, and destroy() closing the browser.
import fs from 'fs';
import path from 'path';
import { startApp, type TestApp } from '../helpers/strapi';
import { decodePng, pixelAt, PNG_SIGNATURE, pngSize } from '../helpers/png';
import { isAlive } from '../helpers/processes';
import { getService } from '../../plugins/greeting-cards/server/src/platform/get-service';
import type { PuppeteerRenderer } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/puppeteer-renderer';
import { UID } from '../../plugins/greeting-cards/server/src/platform/uids';

let app: TestApp | undefined;
let publicDir = '';
const created: string[] = [];
const PREVIEW_URL = /^\/uploads\/greeting-cards\/previews\/[0-9a-f]{32}\.png$/;

async function waitFor<T>(probe: () => Promise<T | null>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const fileOf = (url: string) => path.join(publicDir, url);
const strapi = () => app!.strapi;
// Every row: a document has a draft and a published row (and one per language), each with its thumbnail.
const templates = () =>
  strapi()
    .db.query(UID.template)
    .findMany({ select: ['id', 'documentId', 'slug', 'thumbnail_url', 'canvas_data'] }) as Promise<
    Array<{ id: number; documentId: string; slug: string; thumbnail_url: string | null; canvas_data: unknown }>
  >;

beforeAll(async () => {
  app = await startApp({ SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'true', SERVICE_PUBLIC_URL: 'https://cards.example.test' });
  publicDir = app.strapi.dirs.static.public;
});

afterAll(async () => {
  for (const url of created) fs.rmSync(fileOf(url), { force: true });
  if (app) await app.stop();
});

describe('rendering inside Strapi', () => {
  it('renders every seeded template a thumbnail in the background after boot', async () => {
    const all = await waitFor(async () => {
      const rows = await templates();
      return rows.length > 0 && rows.every((t) => t.thumbnail_url) ? rows : null;
    }, 'every template to get a thumbnail_url');
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const t of all) {
      expect(t.thumbnail_url).toMatch(PREVIEW_URL);
      created.push(t.thumbnail_url!);
      expect(fs.existsSync(fileOf(t.thumbnail_url!))).toBe(true);
    }
    // Different designs, different files: one per document (its rows share the design).
    expect(new Set(all.map((t) => t.thumbnail_url)).size).toBe(new Set(all.map((t) => t.documentId)).size);
    // A second run finds nothing left to do.
    expect(await getService(strapi(), 'rendering').generateMissingThumbnails()).toEqual({ rendered: 0, failed: 0 });
  });

  it('stores a preview under its content hash and serves it at the returned URL', async () => {
    const rendering = getService(strapi(), 'rendering');
    const design = {
      version: '7.0.0',
      background: '#3366CC',
      objects: [
        {
          type: 'textbox',
          text: `stored ${Date.now()}`,
          left: 50,
          top: 400,
          width: 500,
          fontSize: 40,
          fill: '#FFFFFF',
          fontFamily: 'Georgia',
        },
      ],
    };
    const url = await rendering.storePreview(design);
    created.push(url);
    expect(url).toMatch(PREVIEW_URL);
    expect(rendering.previewLocation(design).url).toBe(url);

    const res = await app!
      .http()
      .get(url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/png/);
    const body = res.body as Buffer;
    expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(body)).toEqual({ width: 600, height: 850 });
    expect(pixelAt(decodePng(body), 5, 5).slice(0, 3)).toEqual([0x33, 0x66, 0xcc]);

    // Unchanged design: same URL, and the file is not rendered again.
    const before = fs.statSync(fileOf(url)).mtimeMs;
    expect(await rendering.storePreview(JSON.parse(JSON.stringify(design)))).toBe(url);
    expect(fs.statSync(fileOf(url)).mtimeMs).toBe(before);

    // A changed design gets a new file.
    const changed = await rendering.storePreview({ ...design, background: '#CC3366' });
    created.push(changed);
    expect(changed).not.toBe(url);
    expect(fs.existsSync(fileOf(changed))).toBe(true);
  });

  it('closes the browser when Strapi stops', async () => {
    const provider = getService(strapi(), 'rendering').provider() as PuppeteerRenderer;
    const pid = provider.browserPid()!;
    expect(isAlive(pid)).toBe(true);
    for (const url of created) fs.rmSync(fileOf(url), { force: true });
    const running = app!;
    app = undefined;
    await running.stop();
    await waitFor(async () => (!isAlive(pid) ? true : null), 'the browser to exit', 10_000);
  });
});
