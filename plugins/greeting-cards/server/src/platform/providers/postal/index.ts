import type { Core } from '@strapi/strapi';
import type { PluginConfig } from '../../config/settings';
import { getConfig } from '../../config/get-config';
import { loadReplaceableModule } from '../shared/load-module';
import { UID } from '../../uids';
import { createStubPostalBackend } from './stub-postal-backend';
import type { PostalBackend } from './types';
import { query } from '../../db/query';
import { privateStore } from '../../uploads/private-store';
import { apiPathOf, mountPointsOf } from '../../mount/mount-points';
import { createProdigiBackend } from './prodigi/prodigi-backend';
import { createGelatoBackend } from './gelato/gelato-backend';

/** Where a provider posts status callbacks for this shop: the secret in the path is the authentication. */
export const callbackUrl = (config: PluginConfig, provider: string) =>
  `${config.publicUrl.replace(/\/+$/, '')}${apiPathOf(mountPointsOf(config), `/postal/${provider}/callback/${config.postalCallbackSecret}`)}`;

/**
 * Where the stub keeps "posted" PDFs and packing slips with the local upload provider (outside public/:
 * they hold addresses); with the aws-s3 provider they are private objects under greeting-cards/postal-outbox/.
 */
export const POSTAL_OUTBOX = 'private/greeting-cards/postal-outbox';

/**
 * The print provider named by SERVICE_POSTAL_PROVIDER, else the module named by
 * SERVICE_POSTAL_DELIVERY_BACKEND, else the built-in stub. Called at boot so that a module that cannot
 * be loaded stops Strapi with a message naming the setting (missing provider settings are stopped
 * earlier, by the config's validation: postalProviderProblems).
 */
export function createPostalBackend(strapi: Core.Strapi, config: PluginConfig): PostalBackend {
  if (config.postalProvider === 'prodigi') {
    return createProdigiBackend({
      apiKey: config.prodigiApiKey,
      apiBase: config.prodigiApiBase,
      skuMap: config.prodigiSkuMap,
      shippingMethod: config.prodigiShippingMethod,
      callbackUrl: callbackUrl(config, 'prodigi'),
    });
  }
  if (config.postalProvider === 'gelato') {
    return createGelatoBackend({
      apiKey: config.gelatoApiKey,
      apiBase: config.gelatoApiBase,
      productMap: config.gelatoProductMap,
      shipmentMethod: config.gelatoShipmentMethod,
      orderType: config.gelatoOrderType,
      // Read at each order, not at boot: editors may change the currency on the admin settings page.
      get currency() {
        return getConfig(strapi).currency;
      },
    });
  }
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
    // private/greeting-cards/postal-outbox, or the bucket's private objects (platform/uploads/private-store.ts).
    outbox: privateStore(strapi, 'postal-outbox'),
    async isTaken(reference: string) {
      return Boolean(
        await query(strapi, UID.delivery).findOne({ where: { tracking_reference: reference }, select: ['id'] }),
      );
    },
  });
}
