import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { reminderPatch } from '../domain/reminder-input';
import { ownedResourceController } from './owned-resource';

export default ({ strapi }: { strapi: Core.Strapi }) =>
  ownedResourceController(strapi, () => getService(strapi, 'reminders'), { create: reminderPatch, update: reminderPatch });
