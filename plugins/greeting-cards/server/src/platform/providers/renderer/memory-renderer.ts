import type { PreparedDesign } from '../../designs/design-prep';
import type { PageSizeMm, RendererProvider } from './types';
import { hexToRgb, solidPng } from './png-encode';
import { SerialQueue } from './serial-queue';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Test double: no browser. SVGs hold the design's background and text, PNGs are the background
 * colour at the right size, and "PDFs" are a recognisable stand-in carrying the print document.
 * It records every call so tests of other areas can see what was rendered.
 */
export class MemoryRenderer implements RendererProvider {
  readonly calls: Array<{ method: 'designSvg' | 'designPng' | 'printPdf'; detail: unknown }> = [];
  closed = false;
  // Like the real renderer's one browser page: calls are served one at a time, in arrival order, each
  // taking a turn of the event loop, so queueing and fairness behave as they do with Chromium.
  private readonly queue = new SerialQueue();

  private turn<T>(work: () => T): Promise<T> {
    return this.queue.run(
      () =>
        new Promise<T>((resolve, reject) =>
          setImmediate(() => {
            try {
              resolve(work());
            } catch (error) {
              reject(error);
            }
          }),
        ),
    );
  }

  designSvg(design: PreparedDesign): Promise<string> {
    return this.turn(() => this.svgOf(design));
  }

  private svgOf(design: PreparedDesign): string {
    this.calls.push({ method: 'designSvg', detail: design });
    const texts = design.objects
      .filter((o) => typeof o.props.text === 'string')
      .map(
        (o) =>
          `<text x="${Number(o.props.left) || 0}" y="${(Number(o.props.top) || 0) + (Number(o.props.fontSize) || 40)}">${escape(String(o.props.text))}</text>`,
      );
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${design.width}" height="${design.height}" viewBox="0 0 ${design.width} ${design.height}">`,
      `<rect width="100%" height="100%" fill="${escape(design.background)}"/>`,
      ...texts,
      '</svg>',
    ].join('\n');
  }

  // The double only ever inlines the SVGs it built itself (every value escaped above), and it may not
  // run outside development and test (see platform/config/settings.ts), so it passes them through.
  sanitizeSvg(svg: string): Promise<string> {
    return this.turn(() => svg);
  }

  emojiImages(): Promise<Record<string, string>> {
    return this.turn(() => ({}));
  }

  designPng(design: PreparedDesign, width: number): Promise<Buffer> {
    return this.turn(() => {
      this.calls.push({ method: 'designPng', detail: { design, width } });
      return solidPng(width, Math.floor((width * design.height) / design.width), hexToRgb(design.background));
    });
  }

  printPdf(html: string, page: PageSizeMm): Promise<Buffer> {
    return this.turn(() => {
      this.calls.push({ method: 'printPdf', detail: { html, page } });
      return Buffer.from(
        `%PDF-1.4\n% in-memory renderer stand-in ${page.widthMm}x${page.heightMm}mm\n${html}\n%%EOF\n`,
        'utf8',
      );
    });
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
