import type { PreparedDesign } from '../../designs/design-prep';

/** Paper size of a PDF page, in millimetres. */
export interface PageSizeMm {
  widthMm: number;
  heightMm: number;
  /**
   * A printer's page: the bleed around the trim, in mm. The PDF then says where to cut (TrimBox, the page
   * inset by this much) and how far the art runs (BleedBox, the whole page), as print workflows read them.
   */
  bleedMm?: number;
}

/** A file the renderer may load while drawing (our own uploads, local or at the upload provider). */
export interface LocalAsset {
  body: Buffer;
  contentType: string;
}

/**
 * Looks up a root-relative /uploads/... path, or an absolute URL `isRemoteImage` accepted (fetched over
 * HTTP from the upload provider); null when there is no such file.
 */
export type AssetResolver = (path: string) => Promise<LocalAsset | null>;

/**
 * The replaceable drawing engine behind the rendering service. The default drives Chromium with
 * Fabric.js through puppeteer; the in-memory double draws nothing real but keeps the shapes right.
 */
export interface RendererProvider {
  /**
   * The design as an SVG document (Fabric's toSVG), text as text. `forPrint` may draw emoji stickers
   * as bitmaps from the emoji font (cheaper to put in a PDF, and they are bitmap glyphs anyway).
   */
  designSvg(design: PreparedDesign, options?: { forPrint?: boolean }): Promise<string>;
  /**
   * The SVG made safe to inline into a page anyone with the link can open: drawing elements only, no
   * scripts, handlers, style sheets or references outside the document and our uploads.
   */
  sanitizeSvg(svg: string): Promise<string>;
  /** PNG data URLs of the given emoji drawn from the colour emoji font at `px` pixels; may be empty. */
  emojiImages(emoji: string[], px: number): Promise<Record<string, string>>;
  /** The design rasterised to a PNG `width` pixels wide (height floor(width * h / w), the design's ratio). */
  designPng(design: PreparedDesign, width: number): Promise<Buffer>;
  /** Prints a complete HTML document to PDF on pages of the given size. */
  printPdf(html: string, page: PageSizeMm): Promise<Buffer>;
  /** Releases the browser (or whatever the provider holds). Safe to call twice. */
  close(): Promise<void>;
}

export interface RendererProviderOptions {
  resolveAsset: AssetResolver;
  /**
   * The upload provider's URL prefixes (platform/uploads/upload-origins.ts): images under them are
   * answered through resolveAsset; every other address stays blocked. Empty with the local provider.
   */
  remoteImagePrefixes?: readonly string[];
  /** Chromium binary; default the process's choice (browser-choice.ts: PUPPETEER_EXECUTABLE_PATH, PATH, bundled). */
  executablePath?: string;
  /** Milliseconds one render may take before it fails. */
  timeoutMs?: number;
  /** Pages drawing at the same time in the one browser (SERVICE_RENDER_PAGES); default 1. */
  pages?: number;
  /** The browser's memory budget in MB (SERVICE_RENDER_MEMORY_MB; 0 or unset: none). */
  memoryBudgetMb?: number;
  /** At most how often memory is measured between renders, in ms (default 250). */
  measureEveryMs?: number;
}
