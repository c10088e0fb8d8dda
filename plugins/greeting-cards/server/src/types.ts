// The types an app needs to plug its own parts in (`strapi-plugin-greeting-cards/types`): a user details
// adapter (SERVICE_USER_DETAILS_ADAPTER), a postal backend (SERVICE_POSTAL_DELIVERY_BACKEND) and the
// settings, for the plugin's `config: {}` in config/plugins.ts. Types only: nothing here runs.
import type { PluginConfig } from './platform/config/settings';

export type {
  UserDetailsAdapter,
  AdapterContext,
  AdapterFactory,
  HostUser,
  NormalisedDetails,
  DetailField,
} from './platform/providers/user-details/types';
export type { PostalBackend, PostalJob, PostalResult } from './platform/providers/postal/types';

/** Every setting as the plugin reads it (defaults applied); the names are in the README's table. */
export type GreetingCardsSettings = PluginConfig;
/** What `config` of the plugin's entry in config/plugins.ts accepts: any of the settings. */
export type GreetingCardsConfig = Partial<GreetingCardsSettings>;
