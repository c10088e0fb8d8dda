import fs from 'fs/promises';
import path from 'path';
import { prepareDesign, type ImageRulesInput, type PreparedDesign } from '../../platform/designs/design-prep';
import { cardPrintHtml, printPageSize, type DrawnPage } from './rules/print-layout';
import { printerPageSize, printerPdfHtml } from './rules/printer-layout';
import {
  INNER_PAGES,
  extraPages,
  pageDesign,
  pageIsDesigned,
  type CardPage,
  type PageName,
} from '../../platform/designs/print-products/pages';
import { previewHash } from './rules/preview-hash';
import { emojiIn } from './rules/emoji';
import type { AssetResolver, RendererProvider } from '../../platform/providers/renderer/types';
import type { PreviewStore } from './preview-store';
import { qrBlock, qrSvg, type MessageQr } from './rules/message-qr';

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
  /** The upload provider's URL prefixes (platform/uploads/image-rules.ts); none for local uploads. */
  remotePrefixes?: readonly string[];
  /** Reads a remote upload for the print PDF, whose page may load nothing but inline data and /uploads/. */
  resolveAsset?: AssetResolver;
  /** Default for cardPdf when the caller does not say (SERVICE_PRINT_CROP_MARKS). */
  cropMarks: boolean;
  /**
   * Where storePreview keeps previews (the upload provider, areas/rendering/preview-store.ts). Without
   * one, previews are written below publicDir (tests and the bench use the renderer without Strapi).
   */
  previewStore?: PreviewStore;
  /** Small service mark printed on the back of the card. */
  brandText?: string;
}

export interface CardPdfInput {
  canvasData: unknown;
  insideMessage?: string | null;
  cropMarks?: boolean;
  /** The card's product code (platform/designs/print-products/products.ts); default the legacy A5. */
  product?: string | null;
  /**
   * A posted or printed card's video or voice message: a QR code to its page goes on the back (only the
   * print-at-home and printer's PDFs of such cards; an e-card's PDF has none).
   */
  messageQr?: MessageQr | null;
}

/** Which page of the card to draw (default the front: the design itself; extra pages too). */
export interface PageOption {
  page?: CardPage;
}

const qrHtmlOf = async (qr: MessageQr | null | undefined): Promise<string> =>
  qr?.url ? qrBlock(await qrSvg(qr.url), qr.caption) : '';

const clampWidth = (w: unknown) =>
  typeof w === 'number' && Number.isFinite(w) ? Math.min(4000, Math.max(16, Math.round(w))) : DEFAULT_PREVIEW_WIDTH;

/**
 * One design, every output: the PNG preview, the SVG for the e-card page and the print PDF all come
 * from the same prepared design drawn by the same Fabric.js code. Usable without Strapi (tests, bench).
 */
export function createCardRenderer(options: CardRendererOptions) {
  const { provider } = options;
  const rules: ImageRulesInput = { publicUrl: options.publicUrl, remotePrefixes: options.remotePrefixes ?? [] };
  const prepare = (canvasData: unknown): PreparedDesign => prepareDesign(canvasData, rules);

  // The print page's CSP allows only inline data and our own origin: a photo at the upload provider
  // goes in as a data URL (it ends up embedded in the PDF anyway). One that cannot be read is left out.
  const inlineRemoteImages = async (design: PreparedDesign): Promise<PreparedDesign> => {
    if (!design.objects.some((o) => o.src && /^https?:/.test(o.src))) return design;
    const objects = await Promise.all(
      design.objects.map(async (o) => {
        if (!o.src || !/^https?:/.test(o.src)) return o;
        const asset = options.resolveAsset ? await options.resolveAsset(o.src) : null;
        return asset ? { ...o, src: `data:${asset.contentType};base64,${asset.body.toString('base64')}` } : null;
      }),
    );
    return { ...design, objects: objects.filter((o): o is NonNullable<typeof o> => o !== null) };
  };

  const designSvgOf = async (design: PreparedDesign, forPrint = false) =>
    provider.sanitizeSvg(await provider.designSvg(design, { forPrint }));
  // Any page goes through the same preparation and drawing as the front: one renderer for every page.
  const preparePage = (canvasData: unknown, page: CardPage = 'front'): PreparedDesign =>
    prepare(page === 'front' ? canvasData : pageDesign(canvasData, page));
  const drawPage = async (canvasData: unknown, page: CardPage): Promise<DrawnPage> => {
    // Print pages embed remote photos (see inlineRemoteImages), whichever page they are on.
    const design = await inlineRemoteImages(preparePage(canvasData, page));
    return { svg: await designSvgOf(design, true), background: design.background };
  };
  /** The inner pages that have a design of their own, drawn; the rest stay blank as before pages. */
  const drawnInnerPages = async (canvasData: unknown) => {
    const pages: Partial<Record<PageName, DrawnPage>> = {};
    for (const page of INNER_PAGES)
      if (pageIsDesigned(canvasData, page)) pages[page] = await drawPage(canvasData, page);
    return pages;
  };
  /** A large group card's extra pages, every one drawn (they exist only to be printed). */
  const drawnExtraPages = async (canvasData: unknown): Promise<DrawnPage[]> => {
    const drawn: DrawnPage[] = [];
    for (const page of extraPages(canvasData)) drawn.push(await drawPage(canvasData, page));
    return drawn;
  };

  const previewPath = (canvasData: unknown, width = DEFAULT_PREVIEW_WIDTH) => {
    const hash = previewHash(prepare(canvasData), clampWidth(width));
    return { hash, url: `/${PREVIEW_DIR}/${hash}.png`, file: path.join(options.publicDir, PREVIEW_DIR, `${hash}.png`) };
  };

  return {
    previewPng(canvasData: unknown, opts: { width?: number } & PageOption = {}): Promise<Buffer> {
      return provider.designPng(preparePage(canvasData, opts.page), clampWidth(opts.width));
    },

    /** Any SVG cleaned by the provider's sanitiser (DOMPurify in Chromium for the default renderer). */
    sanitizeSvg(svg: string): Promise<string> {
      return provider.sanitizeSvg(svg);
    },

    /** Sanitised SVG of the front (or another page), for inlining into the e-card view page. */
    designSvg(canvasData: unknown, opts: PageOption = {}): Promise<string> {
      return designSvgOf(preparePage(canvasData, opts.page));
    },

    async cardPdf(input: CardPdfInput): Promise<Buffer> {
      const design = await inlineRemoteImages(prepare(input.canvasData));
      const cropMarks = input.cropMarks ?? options.cropMarks;
      const insideMessage = input.insideMessage ?? '';
      const product = input.product ?? undefined;
      const html = cardPrintHtml({
        frontSvg: await designSvgOf(design, true),
        emojiImages: await provider.emojiImages(emojiIn(insideMessage), EMOJI_PX),
        frontBackground: design.background,
        insideMessage,
        cropMarks,
        brandText: options.brandText ?? 'Greeting Cards',
        product,
        pages: await drawnInnerPages(input.canvasData),
        extra: await drawnExtraPages(input.canvasData),
        qrHtml: await qrHtmlOf(input.messageQr),
      });
      return provider.printPdf(html, printPageSize(cropMarks, product));
    },

    /**
     * The printer's PDF: one page per card page (front, inside left, inside right, extra pages, back) at the
     * product's trim plus bleed, no crop marks, text as vector text, photos as their files.
     */
    async printerPdf(input: Omit<CardPdfInput, 'cropMarks'>): Promise<Buffer> {
      const insideMessage = input.insideMessage ?? '';
      const product = input.product ?? undefined;
      const pages: Partial<Record<PageName, DrawnPage>> = {
        front: await drawPage(input.canvasData, 'front'),
        ...(await drawnInnerPages(input.canvasData)),
      };
      const html = printerPdfHtml({
        product,
        pages,
        extra: await drawnExtraPages(input.canvasData),
        insideMessage,
        brandText: options.brandText ?? 'Greeting Cards',
        emojiImages: await provider.emojiImages(emojiIn(insideMessage), EMOJI_PX),
        qrHtml: await qrHtmlOf(input.messageQr),
      });
      return provider.printPdf(html, printerPageSize(product));
    },

    /** An A4 document (an invoice, a credit note) from its complete HTML; margins are the document's own CSS. */
    documentPdf(html: string): Promise<Buffer> {
      return provider.printPdf(html, { widthMm: 210, heightMm: 297 });
    },

    /** True when `url` is this design's stored preview (whatever provider stored it). */
    isPreviewOf(url: string | null | undefined, canvasData: unknown): boolean {
      return typeof url === 'string' && url.endsWith(`/${previewPath(canvasData).hash}.png`);
    },

    /** Where storePreview would put this design's preview with the local provider, without rendering. */
    previewLocation(canvasData: unknown): { hash: string; url: string } {
      const { hash, url } = previewPath(canvasData);
      return { hash, url };
    },

    /**
     * Renders the design's PNG preview into public/uploads/greeting-cards/previews/<hash>.png and
     * returns its public path. A design whose preview already exists is not rendered again.
     */
    async storePreview(canvasData: unknown): Promise<string> {
      const { url, file, hash } = previewPath(canvasData);
      if (options.previewStore) {
        const key = `${PREVIEW_DIR.slice('uploads/'.length)}/${hash}`;
        const stored = await options.previewStore.find(key);
        if (stored) return stored;
        return options.previewStore.put(key, await provider.designPng(prepare(canvasData), DEFAULT_PREVIEW_WIDTH));
      }
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
