import type { Core } from '@strapi/strapi';
import { getConfig } from '../../config/get-config';
import { createStrapiEmailMailer } from '../../providers/mailer/strapi-email-mailer';
import type { Mailer, MailMessage } from '../../providers/mailer/types';

/** The one way the plugin sends e-mail. `use()` swaps the provider (tests, hosts with their own). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  let provider: Mailer | null = null;
  const current = (): Mailer => {
    if (!provider) {
      const config = getConfig(strapi);
      provider = createStrapiEmailMailer(strapi, { defaultFrom: config.defaultFromEmail, mailboxDir: config.mailboxDir });
    }
    return provider;
  };
  return {
    send: (message: MailMessage) => current().send(message),
    use(mailer: Mailer) {
      provider = mailer;
    },
  };
};
