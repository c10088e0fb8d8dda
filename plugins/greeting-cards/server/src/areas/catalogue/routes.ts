import { route, RouteDef } from '../../platform/http/define-routes';

// Public catalogue. Literal paths before parameter paths.
const routes: RouteDef[] = [
  route('GET', '/occasions', 'catalogue.listOccasions'),
  route('GET', '/templates', 'catalogue.listTemplates'),
  route('GET', '/templates/:slug', 'catalogue.getTemplate'),
  route('GET', '/assets', 'catalogue.listAssets'),
  route('GET', '/gift_addons', 'catalogue.listGiftAddons'),
];

export default routes;
