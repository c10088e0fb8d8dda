import { route, RouteDef } from '../../../platform/http/define-routes';

const routes: RouteDef[] = [
  route('GET', '/reminders', 'reminders.list'),
  route('POST', '/reminders', 'reminders.create'),
  route('GET', '/reminders/:id', 'reminders.get'),
  route('PATCH', '/reminders/:id', 'reminders.update'),
  route('DELETE', '/reminders/:id', 'reminders.remove'),
];

export default routes;
