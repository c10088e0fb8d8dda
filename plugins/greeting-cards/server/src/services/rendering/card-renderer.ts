import fs from 'fs/promises';
import path from 'path';
import { prepareDesign, type PreparedDesign } from '../../domain/render/design-prep';
import { cardPrintHtml, printPageSize } from '../../domain/render/print-layout';
import { previewHash } from '../../domain/render/preview-hash';
import { emojiIn } from '../../domain/render/emoji';
import type { RendererProvider } from '../../providers/renderer/types';

export const PREVIEW_DIR = 'uploads/greeting-cards/previews';
export const DEFAULT_PREVIEW_WIDTH = 600;
/** Pixel size emoji in the inside message are drawn at: sharp at print size (22 pt, 300 dpi). */
const EMOJI_PX = 96;

export interface CardRendererOptions {
  provider: RendererProvider;
  /** The folder strapi::public serves (public/). Previews are written below it. */
  publicDir: string;
  /** SERVICE_PUBLIC_URL: image sources written with it are treated as our own uploads. */
  publicUrl: string;
  /** Default for cardPdf when the caller does not say (SERVICE_PRINT_CROP_MARKS). */
  cropMarks: boolean;
  /** Small service mark printed on the back of the card. */
  brandText?: string;
}

export interface CardPdfInput {
  canvasData: unknown;
  insideMessage?: string | null;
  cropMarks?: boolean;
}

const clampWidth = (w: unknown) => (typeof w === 'number' && Number.isFinite(w) ? Math.min(4000, Math.max(16, Math.round(w))) : DEFAULT_PREVIEW_WIDTH);

/**
 * One design, every output: the PNG preview, the SVG for the e-card page and the print PDF all come
 * from the same prepared design drawn by the same Fabric.js code. Usable without Strapi (tests, bench).
 */
export function createCardRenderer(options: CardRendererOptions) {
  const { provider } = options;
  const prepare = (canvasData: unknown): PreparedDesign => prepareDesign(canvasData, options.publicUrl);

  const designSvgOf = async (design: PreparedDesign, forPrint = false) => provider.sanitizeSvg(await provider.designSvg(design, { forPrint }));

  const previewPath = (canvasData: unknown, width = DEFAULT_PREVIEW_WIDTH) => {
    const hash = previewHash(prepare(canvasData), clampWidth(width));
    return { hash, url: `/${PREVIEW_DIR}/${hash}.png`, file: path.join(options.publicDir, PREVIEW_DIR, `${hash}.png`) };
  };

  return {
    previewPng(canvasData: unknown, opts: { width?: number } = {}): Promise<Buffer> {
      return provider.designPng(prepare(canvasData), clampWidth(opts.width));
    },

    /** Any SVG cleaned by the provider's sanitiser (DOMPurify in Chromium for the default renderer). */
    sanitizeSvg(svg: string): Promise<string> {
      return provider.sanitizeSvg(svg);
    },

    /** Sanitised SVG of the front, for inlining into the e-card view page. */
    designSvg(canvasData: unknown): Promise<string> {
      return designSvgOf(prepare(canvasData));
    },

    async cardPdf(input: CardPdfInput): Promise<Buffer> {
      const design = prepare(input.canvasData);
      const cropMarks = input.cropMarks ?? options.cropMarks;
      const insideMessage = input.insideMessage ?? '';
      const html = cardPrintHtml({
        frontSvg: await designSvgOf(design, true),
        emojiImages: await provider.emojiImages(emojiIn(insideMessage), EMOJI_PX),
        frontBackground: design.background,
        insideMessage,
        cropMarks,
        brandText: options.brandText ?? 'Greeting Cards',
      });
      return provider.printPdf(html, printPageSize(cropMarks));
    },

    /** Where storePreview would put this design's preview, without rendering anything. */
    previewLocation(canvasData: unknown): { hash: string; url: string } {
      const { hash, url } = previewPath(canvasData);
      return { hash, url };
    },

    /**
     * Renders the design's PNG preview into public/uploads/greeting-cards/previews/<hash>.png and
     * returns its public path. A design whose preview already exists is not rendered again.
     */
    async storePreview(canvasData: unknown): Promise<string> {
      const { url, file } = previewPath(canvasData);
      try {
        await fs.access(file);
        return url;
      } catch {
        // not there yet: draw it
      }
      const png = await provider.designPng(prepare(canvasData), DEFAULT_PREVIEW_WIDTH);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never gets half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, png);
      await fs.rename(tmp, file);
      return url;
    },

    shutdown(): Promise<void> {
      return provider.close();
    },
  };
}

export type CardRenderer = ReturnType<typeof createCardRenderer>;
