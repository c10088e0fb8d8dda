import { route, RouteDef } from '../../platform/http/define-routes';

const routes: RouteDef[] = [
  route('GET', '/subscriptions/plans', 'subscriptions.plans'),
  route('POST', '/subscriptions/checkout', 'subscriptions.checkout'),
  route('POST', '/subscriptions/portal', 'subscriptions.portal'),
  route('GET', '/me/subscription', 'subscriptions.mine'),
];

export default routes;
