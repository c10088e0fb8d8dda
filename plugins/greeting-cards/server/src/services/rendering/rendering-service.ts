import type { Core } from '@strapi/strapi';
import { getConfig } from '../../config/get-config';
import { providers } from '../../providers/registry';
import type { RendererProvider } from '../../providers/renderer/types';
import { createCardRenderer, type CardPdfInput, type CardRenderer } from './card-renderer';
import { generateMissingThumbnails, type ThumbnailRun } from './thumbnails';

/**
 * The `rendering` service: one design in every output (PNG preview, e-card SVG, print PDF).
 * The browser behind it starts on the first render, not at boot, and is closed by destroy().
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  let renderer: CardRenderer | null = null;
  let provider: RendererProvider | null = null;
  let stopped = false;

  const get = (): CardRenderer => {
    if (renderer) return renderer;
    if (stopped) throw new Error('[greeting-cards] rendering is shut down');
    const config = getConfig(strapi);
    const publicDir = strapi.dirs.static.public;
    provider = providers(strapi).get('renderer');
    renderer = createCardRenderer({ provider, publicDir, publicUrl: config.publicUrl, cropMarks: config.printCropMarks });
    return renderer;
  };

  return {
    /** PNG of the design, `width` pixels wide (default 600; height keeps the design's ratio). */
    previewPng: (canvasData: unknown, options: { width?: number } = {}): Promise<Buffer> => get().previewPng(canvasData, options),

    /** Sanitised SVG of the design, to inline into the e-card view page. */
    designSvg: (canvasData: unknown): Promise<string> => get().designSvg(canvasData),

    /** Cleans an SVG for inlining into a page (DOMPurify inside the renderer's Chromium). */
    sanitizeSvg: (svg: string): Promise<string> => get().sanitizeSvg(svg),

    /** Two-page print PDF of the folded card; cropMarks defaults to SERVICE_PRINT_CROP_MARKS. */
    cardPdf: (input: CardPdfInput): Promise<Buffer> => get().cardPdf(input),

    /** Renders (unless already stored) and stores the preview; returns its public path. */
    storePreview: (canvasData: unknown): Promise<string> => get().storePreview(canvasData),

    /** The preview's content hash and public path, without rendering (compare with card.preview_hash). */
    previewLocation: (canvasData: unknown): { hash: string; url: string } => get().previewLocation(canvasData),

    /** Renders thumbnails for templates that have none (bootstrap runs it in the background). */
    generateMissingThumbnails: (): Promise<ThumbnailRun> => generateMissingThumbnails(strapi, get(), () => stopped),

    /** The provider in use (tests inspect the in-memory double or the browser's process id). */
    provider: (): RendererProvider => {
      get();
      return provider as RendererProvider;
    },

    /** Closes the browser; destroy() calls it when Strapi stops. */
    async shutdown(): Promise<void> {
      stopped = true;
      if (renderer) await renderer.shutdown();
    },
  };
};
