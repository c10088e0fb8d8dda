import type { Core } from '@strapi/strapi';
import { providers } from '../registry';
import type { Row } from '../../db/query';

/** Best effort: closes the order's open hosted session after the order was cancelled. */
export async function releaseSession(strapi: Core.Strapi, order: Row): Promise<void> {
  const provider = providers(strapi).get('payment');
  if (!order.provider_session_id || !provider || provider.name !== order.payment_provider) return;
  try {
    await provider.expireSession(order.provider_session_id);
  } catch (error) {
    strapi.log.warn(
      `[greeting-cards] could not expire session ${order.provider_session_id} of cancelled order ${order.uuid}: ${(error as Error).message}`,
    );
  }
}
