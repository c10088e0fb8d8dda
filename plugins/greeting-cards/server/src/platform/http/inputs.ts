import { z } from 'zod';
import { text } from './body';
import { zodMessage } from '../i18n/format-message';

// Request bodies of the order and subscription routes, parsed by their controllers so the services
// take typed input. (Cards, recipients and reminders keep theirs in domain/*-input.ts.)

// Every check names its own message: zod's defaults ("Too big: expected string...") are not the spec's
// and have no translation in the errors catalogue.
const url = z
  .string({ error: zodMessage('error.enter_url') })
  .max(2000, zodMessage('error.enter_url'))
  .regex(/^https?:\/\/[^\s]+$/, zodMessage('error.enter_url'));

/** POST /api/orders/{uuid}/checkout/ */
export const orderCheckoutInput = z.object({
  promo_code: z.string({ error: zodMessage('error.not_string') }).nullish(),
});
export type OrderCheckoutInput = z.infer<typeof orderCheckoutInput>;

/** POST /api/orders/{uuid}/pay/ */
const payUrl = url;
export const payInput = z.object({ success_url: payUrl.optional(), cancel_url: payUrl.optional() });
export type PayInput = z.infer<typeof payInput>;

/** POST /api/subscriptions/checkout/ */
export const subscriptionCheckoutInput = z.object({
  plan_slug: text(100),
  success_url: url.optional(),
  cancel_url: url.optional(),
});
export type SubscriptionCheckoutInput = z.infer<typeof subscriptionCheckoutInput>;

/** POST /api/subscriptions/portal/ */
export const portalInput = z.object({ return_url: url.optional() });
export type PortalInput = z.infer<typeof portalInput>;

/** The order routes ignore a body that is not a JSON object (they have only optional fields). */
export const objectOrEmpty = (body: unknown): object =>
  body && typeof body === 'object' && !Array.isArray(body) ? body : {};
