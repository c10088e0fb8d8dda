import { route, RouteDef } from '../define';

// Literal paths before parameter paths.
const routes: RouteDef[] = [];

export default routes;
void route;
