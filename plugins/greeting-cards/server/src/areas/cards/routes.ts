import { route, RouteDef } from '../../platform/http/define-routes';
import { limited } from '../../platform/http/route-limits';

// Literal paths before parameter paths.
const routes: RouteDef[] = [
  limited('writes', route('POST', '/templates/:slug/personalize', 'cards.personalize')),
  limited('writes', route('POST', '/cards', 'cards.create')),
  route('GET', '/cards', 'cards.list'),
  route('GET', '/cards/:id', 'cards.get'),
  route('PATCH', '/cards/:id', 'cards.update'),
  route('DELETE', '/cards/:id', 'cards.remove'),
  limited('writes', route('POST', '/cards/:id/save_design', 'cards.saveDesign')),
  route('POST', '/cards/:id/favorite', 'cards.favorite'),
];

export default routes;
