import { route, RouteDef } from '../define';

const routes: RouteDef[] = [route('GET', '/library', 'library.list')];

export default routes;
