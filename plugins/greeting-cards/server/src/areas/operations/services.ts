import type { ServicesOf } from '../../platform/get-service';
import adminOrders from './admin-orders-service';
import adminDeliveries from './admin-deliveries-service';
import adminSettings from './admin-settings-service';
import adminPromotions from './admin-promotions-service';
import templateDesigns from './admin-designs-service';
import templatePhotos from './template-photos-service';

/** What the admin panel's operator pages and the template editor need from the server. */
const services = {
  adminOrders,
  adminDeliveries,
  adminSettings,
  adminPromotions,
  templateDesigns,
  templatePhotos,
};

export default services;

declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
