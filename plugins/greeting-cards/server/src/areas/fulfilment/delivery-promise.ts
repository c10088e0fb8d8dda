import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { getService } from '../../platform/get-service';
import { promiseOf, type PromiseDates } from '../../platform/i18n/delivery-promise';

// What a posted card promises (issue 44, "what shoppers see"): the dates the shipping service gives a card
// paid at `now` with the shop's default method, for the pages outside the order (the template page); the
// words are platform/i18n/delivery-promise.ts's. Never throws: a destination the provider does not serve,
// or a failure, is no promise (null), and the page shows none.

export interface PostedPromise extends PromiseDates {
  method: string;
}

export async function postedPromise(
  strapi: Core.Strapi,
  input: { product?: string | null; country?: string | null; now?: Date },
): Promise<PostedPromise | null> {
  const config = getConfig(strapi);
  try {
    const options = await getService(strapi, 'shipping').options({
      product: input.product || config.defaultProduct,
      country: (input.country || config.vatHomeCountry || 'GB').toUpperCase(),
      now: input.now,
    });
    return promiseOf(options);
  } catch (error) {
    strapi.log.warn(`[greeting-cards] no delivery promise: ${(error as Error).message}`);
    return null;
  }
}
