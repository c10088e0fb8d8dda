import { route, RouteDef } from '../../platform/http/define-routes';

const routes: RouteDef[] = [
  route('GET', '/me/details', 'me.details'),
  route('POST', '/me/sync_recipient', 'me.syncRecipient'),
];

export default routes;
