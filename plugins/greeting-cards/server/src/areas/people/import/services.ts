import type { ServicesOf } from '../../../platform/get-service';
import recipientImport from './recipient-import-service';

/** Filling the address book from files: CSV and vCard imports with a preview. */
const services = { recipientImport };

export default services;

declare module '../../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
