import { route, RouteDef } from '../define';

// Public catalogue. Literal paths before parameter paths.
const routes: RouteDef[] = [
  route('GET', '/occasions', 'catalogue.listOccasions'),
  route('GET', '/templates', 'catalogue.listTemplates'),
  route('GET', '/templates/:slug', 'catalogue.getTemplate'),
  route('GET', '/assets', 'catalogue.listAssets'),
];

export default routes;
