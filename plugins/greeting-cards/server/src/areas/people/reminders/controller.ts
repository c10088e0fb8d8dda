import type { Core } from '@strapi/strapi';
import { getService } from '../../../platform/get-service';
import { reminderPatch } from '../rules/reminder-input';
import { ownedResourceController } from '../../../platform/http/owned-resource';

export default ({ strapi }: { strapi: Core.Strapi }) =>
  ownedResourceController(strapi, () => getService(strapi, 'reminders'), {
    create: reminderPatch,
    update: reminderPatch,
  });
