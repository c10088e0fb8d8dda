import { route, RouteDef } from '../../../platform/http/define-routes';
import { limited } from '../../../platform/http/route-limits';

const routes: RouteDef[] = [
  route('GET', '/recipients', 'recipients.list'),
  route('POST', '/recipients', 'recipients.create'),
  // A file of up to 5,000 entries: one write as far as the rate limit goes, like any other change.
  limited('writes', route('POST', '/recipients/import', 'recipient-import.run')),
  route('GET', '/recipients/:id', 'recipients.get'),
  route('PATCH', '/recipients/:id', 'recipients.update'),
  route('DELETE', '/recipients/:id', 'recipients.remove'),
];

export default routes;
