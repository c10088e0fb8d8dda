import type { Core } from '@strapi/strapi';
import { conflict, msg, type Text } from '../../../platform/errors';
import { PROCESSING } from '../../../platform/deliveries/delivery-state';
import { getService } from '../../../platform/get-service';

import type { Row } from '../../../platform/db/query';

/** A processing row with no claim and a tracking reference has been handed to the postal backend. */
export const atCarrier = (d: Row) => d.status === PROCESSING && !d.claimed_at && Boolean(d.tracking_reference);

/**
 * Asks the postal backend to stop a card it has queued. The provider's answer decides: a refusal (it
 * has started production) or a backend that cannot cancel is a 409 whose detail says so.
 */
export async function cancelAtCarrier(strapi: Core.Strapi, d: Row, refusal: Text): Promise<void> {
  const backend = getService(strapi, 'fulfilment').postalBackend();
  if (!backend.cancel) throw conflict(msg('error.carrier_cannot_cancel', { backend: backend.name }));
  const cancelled = await backend.cancel(String(d.tracking_reference));
  if (!cancelled) throw conflict(refusal);
}
