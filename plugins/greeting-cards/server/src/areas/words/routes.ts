import { route, RouteDef } from '../../platform/http/define-routes';
import { limited } from '../../platform/http/route-limits';

const routes: RouteDef[] = [
  route('GET', '/message_suggestions', 'words.list'),
  route('GET', '/message_suggestions/ai', 'words.aiEnabled'),
  limited('writes', route('POST', '/message_suggestions/ai', 'words.suggestAi')),
];

export default routes;
