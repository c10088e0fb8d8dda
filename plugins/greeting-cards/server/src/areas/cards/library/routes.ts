import { route, RouteDef } from '../../../platform/http/define-routes';

const routes: RouteDef[] = [route('GET', '/library', 'library.list')];

export default routes;
