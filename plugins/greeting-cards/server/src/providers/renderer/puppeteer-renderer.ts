import type { Page } from 'puppeteer-core';
import type { PageSizeMm, RendererProvider, RendererProviderOptions } from './types';
import { SerialQueue } from './serial-queue';
import { launchSession, ORIGIN, type Session } from './browser-session';
import { withPrintBoxes } from './print-boxes';
import type { PreparedDesign as Design } from '../../domain/render/design-prep';

function draw(page: Page, design: Design, output: 'svg' | 'print-svg' | 'png', width: number): Promise<string> {
  return page.evaluate(
    (d, o, w) => (window as unknown as { __gcDraw(d: unknown, o: string, w: number): Promise<string> }).__gcDraw(d, o, w),
    design as unknown as Record<string, unknown>,
    output,
    width,
  );
}

/**
 * One Chromium, started on first use and reused. A browser that crashes or is killed is noticed
 * ('disconnected', or a failed render on a dead connection) and the next render starts a new one.
 * All work goes through one queue, so concurrent callers are safe.
 */
export class PuppeteerRenderer implements RendererProvider {
  private session: Promise<Session> | null = null;
  private readonly queue = new SerialQueue();
  private closed = false;
  private pid: number | undefined;
  private readonly emojiCache = new Map<string, string>();

  constructor(private readonly options: RendererProviderOptions) {}

  /** Process id of the current browser (tests check reuse and replacement). */
  browserPid(): number | undefined {
    return this.pid;
  }

  designSvg(design: Design, options: { forPrint?: boolean } = {}): Promise<string> {
    return this.withSession(async ({ designPage }) => {
      const svg = await draw(designPage, design, options.forPrint ? 'print-svg' : 'svg', design.width);
      return svg.split(`${ORIGIN}/`).join('/');
    });
  }

  sanitizeSvg(svg: string): Promise<string> {
    return this.withSession(({ designPage }) =>
      designPage.evaluate((s) => (window as unknown as { __gcSanitizeSvg(s: string): string }).__gcSanitizeSvg(s), svg),
    );
  }

  async emojiImages(emoji: string[], px: number): Promise<Record<string, string>> {
    const key = (e: string) => `${px}:${e}`;
    const missing = emoji.filter((e) => !this.emojiCache.has(key(e)));
    if (missing.length > 0) {
      const drawn = await this.withSession(({ designPage }) =>
        designPage.evaluate(
          (list, size) => (window as unknown as { __gcEmoji(l: string[], s: number): Record<string, string> }).__gcEmoji(list, size),
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
    return this.withSession(async ({ designPage }) => {
      const url = await draw(designPage, design, 'png', width);
      return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    });
  }

  printPdf(html: string, size: PageSizeMm): Promise<Buffer> {
    return this.withSession(async ({ printPage }) => {
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
      return size.bleedMm ? withPrintBoxes(pdf, size.bleedMm) : Buffer.from(pdf);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    this.session = null;
    if (session) await session.then((s) => s.browser.close(), () => undefined).catch(() => undefined);
  }

  private withSession<T>(task: (s: Session) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      for (let attempt = 0; ; attempt += 1) {
        if (this.closed) throw new Error('[greeting-cards] the renderer has been shut down');
        const session = await this.currentSession();
        try {
          return await this.withTimeout(task(session), session);
        } catch (error) {
          // A browser that died mid-render is replaced once; other failures are the caller's.
          if (attempt === 0 && !session.browser.connected) {
            this.discard(session);
            continue;
          }
          throw error;
        }
      }
    });
  }

  private async currentSession(): Promise<Session> {
    if (this.session) {
      const s = await this.session.catch(() => null);
      if (s && s.browser.connected && !s.designPage.isClosed() && !s.printPage.isClosed()) return s;
      if (s) this.discard(s);
      this.session = null;
    }
    this.session = launchSession(this.options).then((session) => {
      this.pid = session.browser.process()?.pid;
      session.browser.on('disconnected', () => {
        void this.session?.then((current) => {
          if (current === session) this.session = null;
        }, () => undefined);
      });
      return session;
    });
    try {
      return await this.session;
    } catch (error) {
      this.session = null;
      throw error;
    }
  }

  private discard(session: Session): void {
    if (this.session) this.session = null;
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
