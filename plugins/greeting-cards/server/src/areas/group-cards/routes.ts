import { route, RouteDef } from '../../platform/http/define-routes';
import { limited } from '../../platform/http/route-limits';

// Group cards (issue 23). The organiser's routes are private (404 to others, 401 anonymous); the
// signing routes are public, found by an unguessable token, and limited per IP and per link in the
// controller (it needs the link's group card to count against).
const routes: RouteDef[] = [
  route('GET', '/group-cards', 'group-cards.list'),
  limited('writes', route('POST', '/group-cards', 'group-cards.create')),
  route('GET', '/group-cards/:uuid', 'group-cards.get'),
  limited('writes', route('PATCH', '/group-cards/:uuid', 'group-cards.update')),
  limited('writes', route('POST', '/group-cards/:uuid/rotate-link', 'group-cards.rotateLink')),
  limited('writes', route('POST', '/group-cards/:uuid/close', 'group-cards.close')),
  limited('writes', route('POST', '/group-cards/:uuid/send', 'group-cards.send')),
  limited('writes', route('POST', '/group-cards/:uuid/reorder', 'group-cards.reorder')),
  limited('writes', route('POST', '/group-cards/:uuid/signatures/:id/hide', 'group-cards.hideSignature')),
  limited('writes', route('POST', '/group-cards/:uuid/signatures/:id/show', 'group-cards.showSignature')),
  limited('writes', route('POST', '/group-cards/:uuid/signatures/:id/photos/hide', 'group-cards.hidePhotos')),
  limited('writes', route('POST', '/group-cards/:uuid/signatures/:id/photos/show', 'group-cards.showPhotos')),
  limited('writes', route('DELETE', '/group-cards/:uuid/signatures/:id', 'group-cards.deleteSignature')),
  limited('renders', route('GET', '/sign/:token', 'group-cards.view')),
  route('POST', '/sign/:token/signatures', 'group-cards.sign'),
  route('PATCH', '/sign/:token/signatures/:id', 'group-cards.editSignature'),
  route('DELETE', '/sign/:token/signatures/:id', 'group-cards.removeSignature'),
  // A signer's photos (issue 45 item 7): multipart `photo`; one removed by its id.
  route('POST', '/sign/:token/signatures/:id/photos', 'group-cards.addPhoto'),
  route('DELETE', '/sign/:token/signatures/:id/photos/:photo', 'group-cards.removePhoto'),
];

export default routes;
