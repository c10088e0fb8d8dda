import { route, RouteDef } from '../../../platform/http/define-routes';

const routes: RouteDef[] = [
  route('GET', '/me/account', 'account.show'),
  route('PATCH', '/me/account', 'account.update'),
];

export default routes;
