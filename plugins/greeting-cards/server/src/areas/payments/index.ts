import type { Area } from '../../platform/area';
import contentTypes from './content-types';
import services from './services';
import paymentsController from './controller';

/** Paying for an order: the demo and the provider's hosted page, webhooks, payment events. */
const area = {
  contentTypes,
  services,
  controllers: { payments: paymentsController },
} satisfies Area;

export default area;

// What other areas use of this one (they import this file only).
export { returnUrl } from './rules/payment-lines';
