import { route, RouteDef } from '../define';

// Literal paths before parameter paths.
const routes: RouteDef[] = [
  route('GET', '/deliveries', 'deliveries.list'),
  route('GET', '/deliveries/:id/pdf', 'deliveries.pdf'),
];

export default routes;
