import type { Core } from '@strapi/strapi';
import path from 'path';
import type { PluginConfig } from '../../config/settings';
import { loadReplaceableModule } from '../shared/load-module';
import { UID } from '../../uids';
import { createStubPostalBackend } from './stub-postal-backend';
import type { PostalBackend } from './types';
import { query } from '../../db/query';

/** Where the stub keeps "posted" PDFs and packing slips (outside public/: they hold addresses). */
export const POSTAL_OUTBOX = 'private/greeting-cards/postal-outbox';

/**
 * The postal backend named by SERVICE_POSTAL_DELIVERY_BACKEND, or the built-in stub. Called at boot so
 * that a module that cannot be loaded stops Strapi with a message naming the setting.
 */
export function createPostalBackend(strapi: Core.Strapi, config: PluginConfig): PostalBackend {
  if (config.postalDeliveryBackend) {
    return loadReplaceableModule<PostalBackend>(
      'SERVICE_POSTAL_DELIVERY_BACKEND',
      config.postalDeliveryBackend,
      strapi.dirs.app.root,
      { strapi, config },
      ['send'],
    );
  }
  return createStubPostalBackend({
    prefix: config.postalReferencePrefix || 'PB',
    outbox: path.resolve(strapi.dirs.app.root, POSTAL_OUTBOX),
    async isTaken(reference: string) {
      return Boolean(await query(strapi, UID.delivery).findOne({ where: { tracking_reference: reference }, select: ['id'] }));
    },
  });
}
