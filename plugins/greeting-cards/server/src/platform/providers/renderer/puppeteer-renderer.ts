import type { Page } from 'puppeteer-core';
import type { PageSizeMm, RendererProvider, RendererProviderOptions } from './types';
import { BoundedQueue } from './serial-queue';
import { launchSession, openDesignPage, openPrintPage, ORIGIN, type Session, type Slot } from './browser-session';
import { withPrintBoxes } from './print-boxes';
import { treeRssBytes } from './process-memory';
import { measureDue, recycleAction, type MemoryReading } from './render-budget';
import type { PreparedDesign as Design } from '../../designs/design-prep';

function draw(page: Page, design: Design, output: 'svg' | 'print-svg' | 'png', width: number): Promise<string> {
  return page.evaluate(
    (d, o, w) =>
      (window as unknown as { __gcDraw(d: unknown, o: string, w: number): Promise<string> }).__gcDraw(d, o, w),
    design as unknown as Record<string, unknown>,
    output,
    width,
  );
}

/** What the renderer has done since it was made (tests and benchmarks count renders through it). */
export interface RendererStats {
  /** Designs drawn (PNG or SVG) and documents printed. */
  designPng: number;
  designSvg: number;
  printPdf: number;
  /** Browsers started, restarted for the memory budget, pages reopened for their heap. */
  launches: number;
  browserRecycles: number;
  pageRecycles: number;
  /** Times the browser was over budget and asked to free memory first. */
  relieved: number;
  /** The last memory reading of the whole browser (bytes, all processes), null before the first. */
  lastBrowserRss: number | null;
}

/**
 * Puppeteer's errors for a page lost while a call to it was under way: closed with its browser, or its
 * document torn down (a critical memory-pressure signal sent for another page may do that).
 */
const isPageLost = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'TargetCloseError' ||
    /Target closed|Session closed|Execution context was destroyed/i.test(error.message));

/**
 * One Chromium, started on first use and reused, with a pool of SERVICE_RENDER_PAGES pages drawing at the
 * same time (a warm render is CPU-bound, so about one page per core). A browser that crashes or is killed
 * is noticed ('disconnected', or a failed render on a dead connection) and the next render starts a new
 * one. Between renders memory is measured against SERVICE_RENDER_MEMORY_MB: a browser over it takes no
 * new renders, finishes those in hand, and is replaced; the renders queued meanwhile wait for the new one.
 */
export class PuppeteerRenderer implements RendererProvider {
  private session: Promise<Session> | null = null;
  /** A browser being closed for the budget: no new one starts before it is gone (never two at once). */
  private retiring: Promise<void> | null = null;
  private retiringSession: Session | null = null;
  /** The browser in service once started (this.session while it launches is the promise of it). */
  private current: Session | null = null;
  private readonly pages: number;
  private readonly queue: BoundedQueue;
  private closed = false;
  private pid: number | undefined;
  private readonly emojiCache = new Map<string, string>();
  private readonly counters: RendererStats = {
    designPng: 0,
    designSvg: 0,
    printPdf: 0,
    launches: 0,
    browserRecycles: 0,
    pageRecycles: 0,
    relieved: 0,
    lastBrowserRss: null,
  };

  constructor(private readonly options: RendererProviderOptions) {
    this.pages = Math.max(1, Math.floor(options.pages ?? 1));
    this.queue = new BoundedQueue(this.pages);
  }

  /** Process id of the current browser (tests check reuse and replacement). */
  browserPid(): number | undefined {
    return this.pid;
  }

  /** Counters since this renderer was made (a copy). */
  stats(): RendererStats {
    return { ...this.counters };
  }

  designSvg(design: Design, options: { forPrint?: boolean } = {}): Promise<string> {
    return this.withSlot(async ({ designPage }) => {
      const svg = await draw(designPage, design, options.forPrint ? 'print-svg' : 'svg', design.width);
      this.counters.designSvg += 1;
      return svg.split(`${ORIGIN}/`).join('/');
    });
  }

  sanitizeSvg(svg: string): Promise<string> {
    return this.withSlot(({ designPage }) =>
      designPage.evaluate((s) => (window as unknown as { __gcSanitizeSvg(s: string): string }).__gcSanitizeSvg(s), svg),
    );
  }

  async emojiImages(emoji: string[], px: number): Promise<Record<string, string>> {
    const key = (e: string) => `${px}:${e}`;
    const missing = emoji.filter((e) => !this.emojiCache.has(key(e)));
    if (missing.length > 0) {
      const drawn = await this.withSlot(({ designPage }) =>
        designPage.evaluate(
          (list, size) =>
            (window as unknown as { __gcEmoji(l: string[], s: number): Record<string, string> }).__gcEmoji(list, size),
          missing,
          px,
        ),
      );
      // A small, bounded cache: the same few emoji turn up in message after message.
      if (this.emojiCache.size > 500) this.emojiCache.clear();
      for (const [e, url] of Object.entries(drawn)) this.emojiCache.set(key(e), url);
    }
    const out: Record<string, string> = {};
    for (const e of emoji) {
      const url = this.emojiCache.get(key(e));
      if (url) out[e] = url;
    }
    return out;
  }

  designPng(design: Design, width: number): Promise<Buffer> {
    return this.withSlot(async ({ designPage }) => {
      const url = await draw(designPage, design, 'png', width);
      this.counters.designPng += 1;
      return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    });
  }

  printPdf(html: string, size: PageSizeMm): Promise<Buffer> {
    return this.withSlot(async (slot, session) => {
      if (!slot.printPage || slot.printPage.isClosed())
        slot.printPage = await openPrintPage(session.browser, this.options);
      const printPage = slot.printPage;
      await printPage.setContent(html, { waitUntil: 'load' });
      // Web fonts load when first used, which can be after 'load'; print only once they are in.
      await printPage.evaluate(() => document.fonts.ready.then(() => undefined));
      const pdf = await printPage.pdf({
        width: `${size.widthMm}mm`,
        height: `${size.heightMm}mm`,
        printBackground: true,
        tagged: false, // print files need no accessibility tree, and building one costs time
        margin: { top: 0, right: 0, bottom: 0, left: 0 },
      });
      this.counters.printPdf += 1;
      return size.bleedMm ? withPrintBoxes(pdf, size.bleedMm) : Buffer.from(pdf);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    this.session = null;
    this.current = null;
    if (session)
      await session
        .then(
          (s) => s.browser.close(),
          () => undefined,
        )
        .catch(() => undefined);
    await this.retiringSession?.browser.close().catch(() => undefined);
  }

  /** Runs `task` on a free page of the current browser; the bounded queue keeps at most one task per page. */
  private withSlot<T>(task: (slot: Slot, session: Session) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      for (let attempt = 0; ; attempt += 1) {
        if (this.closed) throw new Error('[greeting-cards] the renderer has been shut down');
        const session = await this.currentSession();
        const slot = session.free.pop();
        // Cannot happen while the queue admits no more tasks than pages; fail loudly rather than share a page.
        if (!slot) throw new Error('[greeting-cards] no free renderer page');
        session.active += 1;
        let healthy = true;
        try {
          if (slot.designPage.isClosed()) slot.designPage = await openDesignPage(session.browser, this.options);
          return await this.withTimeout(task(slot, session), session);
        } catch (error) {
          healthy = false;
          // A browser that died mid-render is replaced once; other failures are the caller's. A page
          // lost under the render counts too (while a browser closes, its pages go before `connected`
          // turns false): the page is closed, so the next render on its slot opens a fresh one.
          if (attempt === 0 && (!session.browser.connected || isPageLost(error))) {
            if (!session.browser.connected) this.discard(session);
            else await slot.designPage.close().catch(() => undefined);
            continue;
          }
          throw error;
        } finally {
          session.active -= 1;
          session.renders += 1;
          session.free.push(slot);
          if (healthy) await this.checkBudget(session, slot);
          else if (session.active === 0) this.finishRetiring?.(session);
        }
      }
    });
  }

  /** Set while a browser is retiring: called when its last render in hand finishes. */
  private finishRetiring: ((session: Session) => void) | null = null;

  /** Measures (at most every measureEveryMs) and recycles the page or the browser when over budget. */
  private async checkBudget(session: Session, slot: Slot): Promise<void> {
    if (session.active === 0) this.finishRetiring?.(session);
    const budget = this.options.memoryBudgetMb ?? 0;
    if (!(budget > 0) || this.closed) return;
    const now = Date.now();
    if (!measureDue(session.measuredAt, now, this.options.measureEveryMs ?? 250)) return;
    session.measuredAt = now;
    const reading: MemoryReading = {
      browserRssBytes: treeRssBytes(session.browser.process()?.pid),
      pageHeapBytes: null,
    };
    this.counters.lastBrowserRss = reading.browserRssBytes;
    if (session.baselineBytes === null) session.baselineBytes = reading.browserRssBytes;
    const over = (a: string) => a === 'browser' || a === 'relieve';
    if (!over(recycleAction(reading, budget, this.pages, session.baselineBytes, session.relieved))) {
      const metrics = await slot.designPage.metrics().catch(() => null);
      reading.pageHeapBytes = metrics?.JSHeapUsedSize ?? null;
    }
    const action = recycleAction(reading, budget, this.pages, session.baselineBytes, session.relieved);
    session.relieved = action === 'relieve';
    if (action === 'relieve') {
      this.counters.relieved += 1;
      await this.relieve(session, slot);
    } else if (action === 'browser') this.retire(session);
    else if (action === 'page' && session.free.includes(slot)) {
      // The page is free again but no other task has taken it yet (this runs before the queue moves on).
      this.counters.pageRecycles += 1;
      const old = slot.designPage;
      await old.close().catch(() => undefined);
      slot.designPage = await openDesignPage(session.browser, this.options).catch(() => old);
    }
  }

  /**
   * Asks Chromium to free what it can: a critical memory-pressure signal (renderers drop image and font
   * caches) and a full garbage collection on the page that just drew. The next reading decides whether the
   * browser still has to go.
   */
  private async relieve(session: Session, slot: Slot): Promise<void> {
    try {
      const client = await slot.designPage.createCDPSession();
      try {
        await client.send('Memory.simulatePressureNotification', { level: 'critical' });
        await client.send('HeapProfiler.collectGarbage');
      } finally {
        await client.detach().catch(() => undefined);
      }
    } catch {
      // a page that cannot be asked is measured again next time like any other
    }
  }

  /**
   * Takes the browser out of service: renders queued from now on wait for a new browser, started only once
   * this one has finished what it has in hand and is closed (two browsers at once would double the peak).
   */
  private retire(session: Session): void {
    // A browser already discarded (crashed, timed out) is being closed anyway.
    if (this.current !== session || this.retiring) return;
    this.counters.browserRecycles += 1;
    this.session = null;
    this.current = null;
    this.retiringSession = session;
    this.retiring = new Promise<void>((resolve) => {
      const close = (s: Session) => {
        if (s !== session || s.active > 0) return;
        this.finishRetiring = null;
        session.browser.removeAllListeners('disconnected');
        session.browser
          .close()
          .catch(() => session.browser.process()?.kill('SIGKILL'))
          .finally(() => {
            this.retiring = null;
            this.retiringSession = null;
            resolve();
          });
      };
      this.finishRetiring = close;
      close(session);
    });
  }

  private async currentSession(): Promise<Session> {
    if (this.retiring) await this.retiring;
    // Shut down while waiting for the old browser to go: start no new one.
    if (this.closed) throw new Error('[greeting-cards] the renderer has been shut down');
    if (this.session) {
      const s = await this.session.catch(() => null);
      if (s && s.browser.connected && s === this.current) return s;
      if (s) this.discard(s);
      else this.session = null;
    }
    // Tasks that wait here together share one launch.
    if (!this.session) {
      this.counters.launches += 1;
      this.session = launchSession(this.options, this.pages).then((session) => {
        this.pid = session.browser.process()?.pid;
        this.current = session;
        session.browser.on('disconnected', () => {
          if (this.current !== session) return;
          this.current = null;
          this.session = null;
        });
        return session;
      });
    }
    const pending = this.session;
    try {
      return await pending;
    } catch (error) {
      if (this.session === pending) this.session = null;
      throw error;
    }
  }

  private discard(session: Session): void {
    // Only the browser in service is taken out of it: a newer one may already have replaced this one.
    if (this.current === session) {
      this.current = null;
      this.session = null;
    }
    session.browser.removeAllListeners('disconnected');
    if (session.browser.connected) void session.browser.close().catch(() => undefined);
    else session.browser.process()?.kill('SIGKILL');
  }

  private async withTimeout<T>(work: Promise<T>, session: Session): Promise<T> {
    const ms = this.options.timeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.discard(session); // a stuck page is not trusted again
        reject(new Error(`[greeting-cards] render timed out after ${ms} ms`));
      }, ms);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
