import type { RendererProvider, RendererProviderOptions } from './types';
import { PuppeteerRenderer } from './puppeteer-renderer';
import { MemoryRenderer } from './memory-renderer';

export type { RendererProvider, RendererProviderOptions, PageSizeMm, AssetResolver, LocalAsset } from './types';
export { PuppeteerRenderer } from './puppeteer-renderer';
export { MemoryRenderer } from './memory-renderer';
export { RefusingRenderer, RenderingRefusedError } from './refusing-renderer';

export const RENDERER_NAMES = ['puppeteer', 'memory'] as const;
export type RendererName = (typeof RENDERER_NAMES)[number];

/** `puppeteer` (Chromium + Fabric.js, the default) or `memory` (the test double). */
export function createRendererProvider(name: string, options: RendererProviderOptions): RendererProvider {
  if (name === 'memory') return new MemoryRenderer();
  if (name === 'puppeteer' || name === '') return new PuppeteerRenderer(options);
  throw new Error(`[greeting-cards] unknown renderer "${name}" (expected ${RENDERER_NAMES.join(' or ')})`);
}
