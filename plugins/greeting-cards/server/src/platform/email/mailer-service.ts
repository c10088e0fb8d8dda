import type { Core } from '@strapi/strapi';
import { providers } from '../providers/registry';
import type { Mailer, MailMessage } from '../providers/mailer/types';

/** The one way the plugin sends e-mail. `use()` swaps the provider (tests, hosts with their own). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  return {
    send: (message: MailMessage) => providers(strapi).get('mailer').send(message),
    use(mailer: Mailer) {
      providers(strapi).override('mailer', mailer);
    },
  };
};
