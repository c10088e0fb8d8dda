// The renderer's page pool and memory budget against real Chromium, without Strapi: renders run on
// several pages at once, and a browser over its memory budget is replaced between renders without losing
// any render queued meanwhile.
import fs from 'fs';
import os from 'os';
import path from 'path';
import { createCardRenderer } from '../../plugins/greeting-cards/server/src/areas/rendering/card-renderer';
import { localUploadsResolver } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/local-uploads';
import { PuppeteerRenderer } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/puppeteer-renderer';
import { treeRssBytes } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/process-memory';
import { TEMPLATES } from '../../plugins/greeting-cards/server/src/areas/catalogue/seed/sample-data';
import { pngSize } from '../helpers/png';
import { isAlive } from '../helpers/processes';

let publicDir: string;
const made: PuppeteerRenderer[] = [];
const rendererWith = (options: { pages: number; memoryBudgetMb: number; measureEveryMs?: number }) => {
  const provider = new PuppeteerRenderer({ resolveAsset: localUploadsResolver(publicDir), ...options });
  made.push(provider);
  return {
    provider,
    renderer: createCardRenderer({ provider, publicDir, publicUrl: 'https://cards.example.test', cropMarks: false }),
  };
};
// `round` makes the same n designs new again (a different line of text), so nothing is drawn from a cache.
const designs = (n: number, round = 0) =>
  Array.from({ length: n }, (_, i) => {
    const base = TEMPLATES[i % TEMPLATES.length].canvas_data as { objects?: unknown[] };
    const text = round ? `Pool ${i}, round ${round}` : `Pool ${i}`;
    return {
      ...base,
      objects: [
        ...(base.objects ?? []),
        { type: 'textbox', text, left: 80, top: 80, width: 600, fontSize: 48, fill: '#333333', fontFamily: 'Georgia' },
      ],
    };
  });

beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-render-pool-'));
});
afterAll(async () => {
  for (const p of made) await p.close();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('the renderer page pool', () => {
  it('draws distinct designs on two pages of one browser, every one of them', async () => {
    const { provider, renderer } = rendererWith({ pages: 2, memoryBudgetMb: 0 });
    const pngs = await Promise.all(designs(8).map((d) => renderer.previewPng(d, { width: 120 })));
    expect(pngs.map(pngSize)).toEqual(Array(8).fill({ width: 120, height: 170 }));
    expect(provider.stats()).toMatchObject({ designPng: 8, launches: 1, browserRecycles: 0 });
    // One browser whose process tree can be measured (the budget's reading).
    expect(treeRssBytes(provider.browserPid())).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('replaces a browser over its memory budget between renders and still completes every queued render', async () => {
    // 1 MB: any real Chromium is over it, so every measurement after a browser's first asks for a new one.
    const { provider, renderer } = rendererWith({ pages: 2, memoryBudgetMb: 1, measureEveryMs: 0 });
    await renderer.previewPng(designs(1)[0], { width: 60 });
    const first = provider.browserPid()!;
    // The first reading is the browser's baseline: a browser is restarted for growing, not for starting big.
    expect(provider.stats().browserRecycles).toBe(0);

    const queued = designs(6).map((d) => renderer.previewPng(d, { width: 100 }));
    const pngs = await Promise.all(queued);
    expect(pngs.map(pngSize)).toEqual(Array(6).fill({ width: 100, height: 141 }));
    expect(provider.stats().designPng).toBe(7);
    // Over budget, a browser is first asked to free memory and replaced only if a later reading still finds
    // it grown since its first: whether that reading comes within these six renders depends on how much
    // Chromium gave back (on a loaded machine, sometimes enough). More rounds, until it is replaced; each
    // round's renders must all complete too.
    for (let round = 1; provider.stats().browserRecycles === 0 && round <= 8; round += 1) {
      const more = await Promise.all(designs(6, round).map((d) => renderer.previewPng(d, { width: 100 })));
      expect(more.map(pngSize)).toEqual(Array(6).fill({ width: 100, height: 141 }));
    }
    // A retired browser's successor starts with the next render (the retirement may have come with the
    // round's last render).
    expect(pngSize(await renderer.previewPng(designs(1, 9)[0], { width: 100 }))).toEqual({ width: 100, height: 141 });
    const stats = provider.stats();
    expect(stats.browserRecycles).toBeGreaterThanOrEqual(1);
    expect(stats.launches).toBeGreaterThanOrEqual(2);
    expect(stats.lastBrowserRss).toBeGreaterThan(1024 * 1024);
    // The first browser is gone, not left running beside its successor.
    expect(isAlive(first)).toBe(false);
  });

  it('keeps the browser under a budget it fits in', async () => {
    const { provider, renderer } = rendererWith({ pages: 2, memoryBudgetMb: 4096, measureEveryMs: 0 });
    await Promise.all(designs(4).map((d) => renderer.previewPng(d, { width: 80 })));
    expect(provider.stats()).toMatchObject({ designPng: 4, launches: 1, browserRecycles: 0, pageRecycles: 0 });
  });
});
