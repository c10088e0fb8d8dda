import type { RendererProvider } from './types';

export class RenderingRefusedError extends Error {
  constructor(what: string) {
    super(
      `[greeting-cards] ${what} needs the renderer, and this instance runs with SERVICE_ROLE=web, which never starts Chromium: leave the render to a worker (SERVICE_ROLE=worker or all)`,
    );
    this.name = 'RenderingRefusedError';
  }
}

/**
 * The renderer of a SERVICE_ROLE=web instance: it never launches a browser. Every web path that could
 * draw either serves what is stored or leaves the work to a worker; a path that forgets to fails loudly
 * here (a logged 500 in a request, an error in a test) instead of quietly starting Chromium.
 */
export class RefusingRenderer implements RendererProvider {
  /** Calls refused so far (tests check a web instance never tried to draw). */
  refusals = 0;

  private refuse(what: string): Promise<never> {
    this.refusals += 1;
    return Promise.reject(new RenderingRefusedError(what));
  }

  designSvg(): Promise<string> {
    return this.refuse('Drawing a design');
  }

  sanitizeSvg(): Promise<string> {
    return this.refuse('Cleaning an SVG');
  }

  emojiImages(): Promise<Record<string, string>> {
    return this.refuse('Drawing emoji');
  }

  designPng(): Promise<Buffer> {
    return this.refuse('A preview image');
  }

  printPdf(): Promise<Buffer> {
    return this.refuse('A print PDF');
  }

  /** No browser, so no process id (the puppeteer renderer's browserPid() answers the same way when idle). */
  browserPid(): number | undefined {
    return undefined;
  }

  async close(): Promise<void> {
    // Nothing was started.
  }
}
