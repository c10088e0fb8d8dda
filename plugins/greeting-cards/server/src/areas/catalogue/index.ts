import type { Area } from '../../platform/area';
import contentTypes from './content-types';
import services from './services';
import catalogueController from './controller';
import api from './routes';
import { catalogueRoutes } from './pages';
import { seoRoutes } from './seo/routes';
import { legalPageRoutes } from './legal/legal-pages';
import { styleGuideRoutes } from './style-guide/style-guide';

/** Templates, occasions, design assets and gift add-ons: what editors curate and shoppers browse. */
const area = {
  contentTypes,
  services,
  controllers: { catalogue: catalogueController },
  routes: { api: [...api], pages: [...catalogueRoutes, ...seoRoutes, ...legalPageRoutes, ...styleGuideRoutes] },
} satisfies Area;

export default area;

// What other areas use of this one (they import this file only).
export { TEMPLATE_DESIGNER_POLICY } from './template-designer-policy';
export { robotsRoute } from './seo/routes';
export { envelopesOnOffer, envelopeBySlug, type EnvelopeOffer } from './envelopes';
export { envelopeChoice, type EnvelopeChoice } from './rules/envelopes';
