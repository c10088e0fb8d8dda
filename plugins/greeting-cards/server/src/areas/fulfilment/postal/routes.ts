import { route, RouteDef } from '../../../platform/http/define-routes';

// Print providers call these: status callbacks (secret in the path) and print files (signed names).
// Both parameters are secrets, named so (platform/http/secret-urls.ts) that no log writes them.
// Shipping options are public: what a method costs and when it lands, as the template page shows it.
const routes: RouteDef[] = [
  route('GET', '/shipping/options', 'postal.shippingOptions'),
  route('GET', '/postal/print-files/:signed_file', 'postal.printFile'),
  route('POST', '/postal/:provider(prodigi|gelato)/callback/:secret', 'postal.callback'),
];

export default routes;
