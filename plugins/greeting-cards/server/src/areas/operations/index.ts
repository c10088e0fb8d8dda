import type { Area } from '../../platform/area';
import services from './services';
import adminController from './controller';
import adminRoutes from './routes';

/** The plugin's admin pages and API: orders, deliveries, designs, promotions, settings, health. */
const area = {
  services,
  controllers: { admin: adminController },
  routes: { admin: adminRoutes },
} satisfies Area;

export default area;
