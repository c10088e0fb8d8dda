import { route, RouteDef } from '../define';

// Print providers call these: status callbacks (secret in the path) and print files (signed names).
const routes: RouteDef[] = [
  route('GET', '/postal/print-files/:file', 'postal.printFile'),
  route('POST', '/postal/:provider(prodigi|gelato)/callback/:secret', 'postal.callback'),
];

export default routes;
