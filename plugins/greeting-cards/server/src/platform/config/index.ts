import { fromEnvironment } from './settings';
import { validateConfig } from './validate';

// Strapi merges the host's config/plugins.ts values over `default`, then calls `validator`.
// Throwing in the validator stops boot with the message.
export default {
  default: () => fromEnvironment(process.env),
  validator: (config: unknown) => {
    validateConfig(config);
  },
};
