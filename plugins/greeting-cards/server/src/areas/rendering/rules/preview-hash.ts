import crypto from 'crypto';
import type { PreparedDesign } from '../../../platform/designs/design-prep';

/** Bump when the drawing code changes so stored previews are redrawn. */
export const RENDER_VERSION = 1;

/**
 * Content hash of what a preview shows: the prepared (whitelisted, defaulted) design, its width and
 * the renderer version. The same design always maps to the same file name, so saving an unchanged
 * design renders nothing.
 */
export function previewHash(design: PreparedDesign, width: number): string {
  const payload = JSON.stringify({ v: RENDER_VERSION, width, design });
  return crypto.createHash('sha256').update(payload).digest('hex').slice(0, 32);
}
