import type { Area } from '../../platform/area';
import contentTypes from './content-types';
import services from './services';
import addressRequestsServices from './address-requests/services';
import importServices from './import/services';
import recipientsController from './recipients/controller';
import remindersController from './reminders/controller';
import addressRequestsController from './address-requests/controller';
import recipientImportController from './import/controller';
import addressRequestsApi from './address-requests/routes';
import recipientsApi from './recipients/routes';
import remindersApi from './reminders/routes';
import { addressProofRoutes } from './address-proof/pages';
import { recipientImportRoutes } from './import/pages';
import { peopleRoutes } from './pages';
import { addressRequestRoutes } from './address-requests/pages';

/** The address book: recipients, tags, reminders, address requests and links, imports, e-mail proofs. */
const area = {
  contentTypes,
  services: { ...services, ...addressRequestsServices, ...importServices },
  controllers: {
    recipients: recipientsController,
    reminders: remindersController,
    'address-requests': addressRequestsController,
    'recipient-import': recipientImportController,
  },
  routes: {
    api: [...addressRequestsApi, ...recipientsApi, ...remindersApi],
    pages: [...addressProofRoutes, ...recipientImportRoutes, ...peopleRoutes, ...addressRequestRoutes],
  },
} satisfies Area;

export default area;

// What other areas use of this one (they import this file only).
export { publicShopperName } from './address-requests/rules/public-name';
export { type UserDetails } from './user-details-service';
