import { route, RouteDef } from '../define';

// Literal paths before parameter paths.
const routes: RouteDef[] = [
  route('POST', '/templates/:slug/personalize', 'cards.personalize'),
  route('POST', '/cards', 'cards.create'),
  route('GET', '/cards', 'cards.list'),
  route('GET', '/cards/:id', 'cards.get'),
  route('PATCH', '/cards/:id', 'cards.update'),
  route('DELETE', '/cards/:id', 'cards.remove'),
  route('POST', '/cards/:id/save_design', 'cards.saveDesign'),
  route('POST', '/cards/:id/favorite', 'cards.favorite'),
];

export default routes;
