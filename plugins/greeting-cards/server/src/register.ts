import type { Core } from '@strapi/strapi';
import { registerDevMailbox } from './web/dev-mailbox';

const register = ({ strapi }: { strapi: Core.Strapi }) => {
  registerDevMailbox(strapi);
};

export default register;
