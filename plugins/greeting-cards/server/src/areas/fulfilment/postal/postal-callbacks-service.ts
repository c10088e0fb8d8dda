import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { HTTP, type CloudEvent } from 'cloudevents';
import { getConfig } from '../../../platform/config/get-config';
import { badRequest, notFound, unavailable } from '../../../platform/errors';
import { getService } from '../../../platform/get-service';
import { englishText, msg } from '../../../platform/i18n/format-message';

// Status callbacks from print providers: POST /api/postal/<provider>/callback/<secret>.
//
// Authentication: neither Prodigi's per-order callbackUrl nor Gelato's webhook URL comes with a
// signature we could check, but both are URLs we choose, so the shop's secret is a path segment,
// compared in constant time. And the body is never trusted: it only names an order, whose state we then
// read from the provider's API with our own key, so a forged or replayed callback can at most make
// us look again.

type Headers = Record<string, unknown>;

export interface CallbackOutcome {
  status: number;
  body: Record<string, unknown>;
}

const GELATO_EVENTS = new Set([
  'order_status_updated',
  'order_item_status_updated',
  'order_item_tracking_code_updated',
  'order_delivery_estimate_updated',
]);

/** Equal secrets, in time that does not depend on where they differ (hashing first evens out the lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return expected.length > 0 && crypto.timingSafeEqual(digest(given), digest(expected));
}

/** The Prodigi order a CloudEvents callback is about (structured JSON, or binary with ce-* headers). */
export function prodigiOrderId(headers: Headers, body: unknown): string {
  const structured = !Object.keys(headers).some((h) => h.toLowerCase() === 'ce-specversion');
  let event: CloudEvent<unknown>;
  try {
    const asHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    // Sent as application/json, a structured event would be read as a binary one without headers.
    if (structured) asHeaders['content-type'] = 'application/cloudevents+json';
    const parsed = HTTP.toEvent({
      headers: asHeaders,
      body: typeof body === 'string' ? body : JSON.stringify(body ?? null),
    });
    event = (Array.isArray(parsed) ? parsed[0] : parsed) as CloudEvent<unknown>;
    event.validate();
  } catch (error) {
    throw badRequest(msg('error.cloudevent', { reason: (error as Error).message.slice(0, 280) }));
  }
  const data = (typeof event.data === 'string' ? safeJson(event.data) : event.data) as
    { order?: { id?: unknown } } | null | undefined;
  const id = data?.order?.id ?? event.subject;
  if (typeof id !== 'string' || !id) throw badRequest(msg('error.cloudevent_no_order'));
  return id;
}

/** The Gelato order a webhook is about, or null for an event that is not about an order's progress. */
export function gelatoOrderId(json: unknown): string | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw badRequest(msg('error.expected_json_object'));
  const body = json as { event?: unknown; orderId?: unknown };
  if (typeof body.event !== 'string' || !body.event) throw badRequest(msg('error.webhook_no_event'));
  if (!GELATO_EVENTS.has(body.event)) return null;
  if (typeof body.orderId !== 'string' || !body.orderId) throw badRequest(msg('error.webhook_no_order'));
  return body.orderId;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** A provider that is not the shop's, or a wrong secret: 404, as if the address did not exist. */
  function authenticate(provider: string, secret: string): void {
    const config = getConfig(strapi);
    if (provider !== config.postalProvider || !sameSecret(secret, config.postalCallbackSecret)) throw notFound();
  }

  return {
    authenticate,

    async handle(provider: string, secret: string, headers: Headers, body: unknown): Promise<CallbackOutcome> {
      authenticate(provider, secret);
      const orderId = provider === 'prodigi' ? prodigiOrderId(headers, body) : gelatoOrderId(body);
      if (orderId === null) return { status: 200, body: { detail: englishText(msg('error.webhook_ignored')) } };
      const fulfilment = getService(strapi, 'fulfilment');
      const row = await fulfilment.deliveryByReference(orderId);
      // The first order of a late card that was reprinted: its news no longer moves the card.
      if (!row && (await fulfilment.reprintedFrom(orderId)))
        return { status: 200, body: { detail: englishText(msg('error.webhook_ignored')) } };
      // Not ours, or not recorded yet (the callback beat our own record of the order): the provider retries, the poll catches up.
      if (!row) throw notFound(msg('error.webhook_unknown_order'));
      const backend = fulfilment.postalBackend();
      if (!backend.news) throw unavailable(msg('error.postal_cannot_ask'));
      const outcome = await fulfilment.applyCarrierNews(row, await backend.news(orderId));
      const now = await fulfilment.deliveryByReference(orderId);
      return { status: 200, body: { delivery: row.id, status: now?.status ?? row.status, outcome } };
    },
  };
};
