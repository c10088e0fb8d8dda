import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { recipientFields, recipientPatch } from '../domain/recipient-input';
import { ownedResourceController } from './owned-resource';

export default ({ strapi }: { strapi: Core.Strapi }) =>
  ownedResourceController(strapi, () => getService(strapi, 'recipients'), { create: recipientFields.partial(), update: recipientPatch });
