import { route, RouteDef } from '../../../platform/http/define-routes';
import { limited } from '../../../platform/http/route-limits';

// Address request links (issue 24). The shopper's routes are private (401 anonymous); the friends'
// routes are public, found by an unguessable token, and their submissions limited per IP and per link
// in the controller (it needs the link to count against), with a daily cap per link in the service.
// Registered before /recipients/:id, which would otherwise take /recipients/request-link.
const routes: RouteDef[] = [
  route('GET', '/recipients/request-link', 'address-requests.get'),
  limited('writes', route('POST', '/recipients/request-link', 'address-requests.createOrRotate')),
  limited('writes', route('DELETE', '/recipients/request-link', 'address-requests.revoke')),
  limited('renders', route('GET', '/address/:token', 'address-requests.view')),
  route('POST', '/address/:token', 'address-requests.submit'),
  // The owner's answer to a later submission held on an entry (security issue 39): take it, or drop it.
  limited('writes', route('POST', '/recipients/:id/accept-change', 'address-requests.acceptChange')),
  limited('writes', route('POST', '/recipients/:id/reject-change', 'address-requests.rejectChange')),
];

export default routes;
