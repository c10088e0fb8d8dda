import { route, RouteDef } from '../define';

const routes: RouteDef[] = [
  route('GET', '/recipients', 'recipients.list'),
  route('POST', '/recipients', 'recipients.create'),
  route('GET', '/recipients/:id', 'recipients.get'),
  route('PATCH', '/recipients/:id', 'recipients.update'),
  route('DELETE', '/recipients/:id', 'recipients.remove'),
];

export default routes;
