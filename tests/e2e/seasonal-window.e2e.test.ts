import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { freePort, launchBrowser, screenshots } from './browser';

// A seasonal template in real Chromium: a shopper reloading the catalogue does not see it before its
// window opens, sees it (with its occasion among the filters) while it is open, and not after it closes.
// Only the clock moves: nobody saves anything between the reloads.
describe('a seasonal template appears and disappears at its boundaries (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startApp({
      PORT: String(port),
      SERVICE_PUBLIC_URL: base,
      SERVICE_RENDERER: 'memory',
      SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
    });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(15000);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The catalogue's card names and occasion filters, as the shopper sees them after a reload. */
  async function catalogue(): Promise<{ names: string[]; occasions: string[] }> {
    await page.goto(`${base}/catalogue/`, { waitUntil: 'domcontentloaded' });
    const names = await page.$$eval('.template-card .template-name', (els) =>
      els.map((el) => (el as HTMLElement).innerText.trim()),
    );
    const occasions = await page.$$eval('a, option', (els) => els.map((el) => (el as HTMLElement).innerText.trim()));
    return { names, occasions };
  }

  /** Reloads the catalogue until `check` holds (the clock passing a boundary), or fails after 20 s. */
  async function reloadUntil(what: string, check: (seen: { names: string[]; occasions: string[] }) => boolean) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const seen = await catalogue();
      if (check(seen)) return seen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: saw ${seen.names.join(', ')}`);
      await page.waitForNetworkIdle({ idleTime: 250 });
    }
  }

  it('is absent, then listed, then gone again', async () => {
    const opens = new Date(Date.now() + 5_000);
    const closes = new Date(opens.getTime() + 5_000);
    const window = { available_from: opens.toISOString(), available_until: closes.toISOString() };
    const occasion = (await app.strapi.documents('plugin::greeting-cards.occasion').create({
      data: { name: 'Lantern Night', slug: 'lantern-night', sort_order: 99, ...window },
      status: 'published',
    })) as { documentId: string };
    await app.strapi.documents('plugin::greeting-cards.template').create({
      data: {
        name: 'Paper Lanterns',
        slug: 'paper-lanterns',
        style: 'traditional',
        is_active: true,
        occasion: occasion.documentId,
        ...window,
        canvas_data: {
          version: '7.0.0',
          background: '#1b2a49',
          objects: [
            { type: 'text', text: 'Lanterns', left: 10, top: 10, fontSize: 20, fill: '#ffd27f', fontFamily: 'Georgia' },
          ],
        },
      },
      status: 'published',
    });

    const before = await catalogue();
    expect(Date.now()).toBeLessThan(opens.getTime());
    expect(before.names.length).toBeGreaterThan(0);
    expect(before.names).not.toContain('Paper Lanterns');
    expect(before.occasions).not.toContain('Lantern Night');

    const open = await reloadUntil('the window to open', (seen) => seen.names.includes('Paper Lanterns'));
    expect(Date.now()).toBeGreaterThanOrEqual(opens.getTime());
    expect(open.occasions).toContain('Lantern Night');
    await screenshots(page, 'seasonal-window-open');

    const after = await reloadUntil('the window to close', (seen) => !seen.names.includes('Paper Lanterns'));
    expect(Date.now()).toBeGreaterThanOrEqual(closes.getTime());
    expect(after.occasions).not.toContain('Lantern Night');
    expect(after.names.length).toBe(before.names.length);
  });
});
