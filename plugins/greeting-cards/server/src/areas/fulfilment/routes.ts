import { route, RouteDef } from '../../platform/http/define-routes';
import { limited } from '../../platform/http/route-limits';

// Literal paths before parameter paths.
const routes: RouteDef[] = [
  route('GET', '/deliveries', 'deliveries.list'),
  limited('writes', route('POST', '/deliveries/:id/cancel', 'deliveries.cancel')),
  limited('writes', route('POST', '/deliveries/:id/send-again', 'deliveries.sendAgain')),
  limited('renders', route('GET', '/deliveries/:id/pdf', 'deliveries.pdf')),
  // A recipient's thank-you back, by the card's view token: limited per IP in the controller.
  route('GET', '/cards/view/:token/reply', 'ecard-replies.get'),
  route('POST', '/cards/view/:token/reply', 'ecard-replies.create'),
  route('PUT', '/cards/view/:token/reply', 'ecard-replies.update'),
];

export default routes;
