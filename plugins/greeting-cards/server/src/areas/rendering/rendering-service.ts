import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { doesBackgroundWork } from '../../platform/config/service-role';
import { unavailable } from '../../platform/errors';
import { providers } from '../../platform/providers/registry';
import type { RendererProvider } from '../../platform/providers/renderer/types';
import path from 'path';
import {
  createCardRenderer,
  PREVIEW_DIR,
  type CardPdfInput,
  type CardRenderer,
  type PageOption,
} from './card-renderer';
import { generateMissingThumbnails, type ThumbnailRun } from './thumbnails';
import { FairQueue } from '../../platform/providers/renderer/fair-queue';
import { renderCache } from './render-cache';
import { imageSourceRules, usesLocalUploads } from '../../platform/uploads/image-rules';
import { uploadPreviewStore } from './preview-store';
import { diskStore, privateStore } from '../../platform/uploads/private-store';
import { uploadAssetsResolver } from '../../platform/providers/renderer/upload-assets';
import { extraPages, pageDesign, pageIsDesigned } from '../../platform/designs/print-products/pages';
import { msg } from '../../platform/i18n/format-message';

/** Whose render this is: jobs take turns between owners (see platform/providers/renderer/fair-queue.ts). */
export interface RenderFor {
  owner?: string;
}

/** Finished view-page SVGs, never published (they are only shown through a delivery's token). */
const RENDER_CACHE = 'render-cache';
const SHARED = 'shared';

/** What a SERVICE_ROLE=web instance answers (503, {"detail"}) for a render nobody has stored yet. */
export const BEING_PREPARED = msg('error.image_preparing');

/**
 * The `rendering` service: one design in every output (PNG preview, e-card SVG, print PDF).
 * The browser behind it starts on the first render, not at boot, and is closed by destroy().
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  let renderer: CardRenderer | null = null;
  let provider: RendererProvider | null = null;
  let stopped = false;
  // As many renders at once as the browser has pages (SERVICE_RENDER_PAGES); the fair queue decides whose
  // turn it is, so one owner's big batch still takes turns with everyone else's renders.
  const queue = new FairQueue(getConfig(strapi).renderPages);
  // With a remote provider (S3) in the bucket, as private objects: a web instance on another machine
  // serves what a worker drew (platform/uploads/private-store.ts).
  const svgCache = renderCache(privateStore(strapi, RENDER_CACHE));
  // With the local provider, the same files as storePreview writes: a card's saved preview is its
  // e-mail image too. With a remote provider the e-mail's copy is kept privately, never published.
  const pngCache = renderCache(
    usesLocalUploads(strapi)
      ? diskStore(path.join(strapi.dirs.static.public, PREVIEW_DIR))
      : privateStore(strapi, RENDER_CACHE),
  );
  // Reads a stored preview back (local file, or the upload provider's URL), as the renderer reads images.
  const storedFile = (url: string) =>
    uploadAssetsResolver(strapi.dirs.static.public, imageSourceRules(strapi).remotePrefixes)(url);
  const turn = <T>(owner: string | undefined, task: () => Promise<T>): Promise<T> => queue.run(owner || SHARED, task);
  // SERVICE_ROLE=web: the stored renders are served, nothing is drawn (the provider refuses anyway).
  const drawsHere = doesBackgroundWork(strapi);
  /** A stored render, or on a web instance the 503 that says it is being prepared. */
  const stored = async (
    cache: ReturnType<typeof renderCache>,
    key: string,
    produce: () => Promise<Buffer>,
  ): Promise<Buffer> => {
    if (drawsHere) return cache.get(key, produce);
    const body = await cache.peek(key);
    if (!body) throw unavailable(BEING_PREPARED);
    return body;
  };

  const get = (): CardRenderer => {
    if (renderer) return renderer;
    if (stopped) throw new Error('[greeting-cards] rendering is shut down');
    const config = getConfig(strapi);
    const publicDir = strapi.dirs.static.public;
    provider = providers(strapi).get('renderer');
    const { remotePrefixes } = imageSourceRules(strapi);
    renderer = createCardRenderer({
      provider,
      publicDir,
      publicUrl: config.publicUrl,
      remotePrefixes,
      resolveAsset: uploadAssetsResolver(publicDir, remotePrefixes),
      previewStore: uploadPreviewStore(strapi),
      cropMarks: config.printCropMarks,
      brandText: config.printBackText,
    });
    return renderer;
  };

  const cachedDesignSvg = async (canvasData: unknown, options: RenderFor = {}): Promise<string> => {
    const key = `${get().previewLocation(canvasData).hash}.svg`;
    const svg = await stored(svgCache, key, async () =>
      Buffer.from(await turn(options.owner, () => get().designSvg(canvasData)), 'utf8'),
    );
    return svg.toString('utf8');
  };

  return {
    /** PNG of the design, `width` pixels wide (default 600; height keeps the design's ratio). */
    previewPng: (canvasData: unknown, options: { width?: number } & PageOption & RenderFor = {}): Promise<Buffer> =>
      turn(options.owner, () => get().previewPng(canvasData, options)),

    /**
     * The 600-pixel preview, drawn once per design and then read from the stored file (e-card e-mails).
     * `storedUrl` is the card's own preview when it shows this very design (areas/rendering/rules/stored-preview.ts):
     * it is read from the upload provider instead of drawn again; only a missing or stale one is drawn
     * (on a web instance, nothing is drawn: see `stored`).
     */
    storedPreviewPng: (canvasData: unknown, options: RenderFor & { storedUrl?: string | null } = {}): Promise<Buffer> =>
      stored(pngCache, `${get().previewLocation(canvasData).hash}.png`, async () => {
        if (options.storedUrl) {
          const file = await storedFile(options.storedUrl).catch(() => null);
          if (file) return file.body;
        }
        return turn(options.owner, () => get().previewPng(canvasData));
      }),

    /** Sanitised SVG of the design, to inline into the e-card view page. */
    designSvg: (canvasData: unknown, options: PageOption & RenderFor = {}): Promise<string> =>
      turn(options.owner, () => get().designSvg(canvasData, options)),

    /** The same SVG, drawn once per design and then answered from the cache (the public view page). */
    cachedDesignSvg,

    /**
     * Draws into the cache every page the public e-card page shows (the front, designed inside pages,
     * a group card's extra pages; see areas/fulfilment/ecards/card-view-page.ts). A worker does this as it sends an e-card, so a
     * SERVICE_ROLE=web instance, which only serves stored renders, can show the card.
     */
    async drawViewPages(canvasData: unknown, options: RenderFor = {}): Promise<void> {
      const pages = [
        ...(['inside_left', 'inside_right'] as const).filter((p) => pageIsDesigned(canvasData, p)),
        ...extraPages(canvasData),
      ];
      await cachedDesignSvg(canvasData, options);
      for (const page of pages) await cachedDesignSvg(pageDesign(canvasData, page), options);
    },

    /** Cleans an SVG for inlining into a page (DOMPurify inside the renderer's Chromium). */
    sanitizeSvg: (svg: string, options: RenderFor = {}): Promise<string> =>
      turn(options.owner, () => get().sanitizeSvg(svg)),

    /** Two-page print PDF of the folded card; cropMarks defaults to SERVICE_PRINT_CROP_MARKS. */
    cardPdf: (input: CardPdfInput, options: RenderFor = {}): Promise<Buffer> =>
      turn(options.owner, () => get().cardPdf(input)),

    /** The printer's PDF: one page per card page at trim plus bleed (see areas/rendering/rules/printer-layout.ts). */
    printerPdf: (input: Omit<CardPdfInput, 'cropMarks'>, options: RenderFor = {}): Promise<Buffer> =>
      turn(options.owner, () => get().printerPdf(input)),

    /** An A4 PDF of a complete HTML document (invoices and credit notes), drawn by the same browser as cards. */
    documentPdf: (html: string, options: RenderFor = {}): Promise<Buffer> =>
      turn(options.owner, () => get().documentPdf(html)),

    /** Renders (unless already stored) and stores the preview; returns its public path. */
    storePreview: (canvasData: unknown, options: RenderFor = {}): Promise<string> =>
      turn(options.owner, () => get().storePreview(canvasData)),

    /** True when `url` is the stored preview of this design (compare a thumbnail_url with its design). */
    isPreviewOf: (url: string | null | undefined, canvasData: unknown): boolean => get().isPreviewOf(url, canvasData),

    /** The preview's content hash and public path, without rendering (compare with card.preview_hash). */
    previewLocation: (canvasData: unknown): { hash: string; url: string } => get().previewLocation(canvasData),

    /** False on a SERVICE_ROLE=web instance: it serves stored renders and leaves drawing to workers. */
    drawsHere: (): boolean => drawsHere,

    /** Render jobs waiting for their turn. */
    waiting: (): number => queue.waiting(),

    /** Renders thumbnails for templates that have none (bootstrap runs it in the background). */
    generateMissingThumbnails: async (): Promise<ThumbnailRun> =>
      !drawsHere
        ? { rendered: 0, failed: 0 }
        : generateMissingThumbnails(
            strapi,
            { ...get(), storePreview: (c: unknown) => turn('thumbnails', () => get().storePreview(c)) },
            () => stopped,
          ),

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
