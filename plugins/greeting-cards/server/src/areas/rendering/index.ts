import type { Area } from '../../platform/area';
import services from './services';

/** Drawing designs: previews, thumbnails, print files, their caches and queue. */
const area = {
  services,
} satisfies Area;

export default area;

// What other areas use of this one (they import this file only).
export { cardViewLayout } from './rules/card-view-layout';
export { currentPreviewUrl } from './rules/stored-preview';
