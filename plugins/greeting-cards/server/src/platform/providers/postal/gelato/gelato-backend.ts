import type { CarrierNews, PostalBackend, PostalJob, PostalResult } from '../types';
import { statusOfNews } from '../types';
import { expectOk, providerHttp, splitName } from '../shared/provider-http';
import { skuFor } from '../shared/sku-map';

// Gelato Order API v4 (see docs/postal-providers.md). Gelato takes no idempotency header, so our
// delivery's idempotency key is the order's orderReferenceId, and every send first searches for an
// order with that reference: a retry after a lost answer finds the order instead of placing a second.

export interface GelatoOptions {
  apiKey: string;
  /** https://order.gelatoapis.com (no version, no trailing slash). */
  apiBase: string;
  productMap: Record<string, string>;
  shipmentMethod: string;
  /** `draft`: Gelato's test mode, nothing is printed or charged. */
  orderType: 'draft' | 'order';
  currency: string;
}

const NAME = 'gelato';

const STAGES: Record<string, CarrierNews['stage']> = {
  created: 'accepted',
  passed: 'accepted',
  pending_approval: 'accepted',
  not_connected: 'accepted',
  on_hold: 'accepted',
  draft: 'accepted',
  in_production: 'in_production',
  printed: 'printed',
  shipped: 'shipped',
  in_transit: 'shipped',
  delivered: 'delivered',
  canceled: 'cancelled',
  cancelled: 'cancelled',
  failed: 'failed',
  returned: 'failed',
};

interface GelatoTracking {
  trackingCode?: string;
  trackingUrl?: string;
}

/** The parts of Gelato's order (and order search result) this client reads, all optional. */
export interface GelatoOrder extends GelatoTracking {
  id?: string;
  orderReferenceId?: string;
  fulfillmentStatus?: string;
  items?: Array<{ fulfillments?: GelatoTracking[] }>;
  shipment?: { packages?: GelatoTracking[] };
}

/** The first tracking code of a Gelato order or webhook: items[].fulfillments[] or shipment.packages[]. */
function trackingOf(order: GelatoOrder | null): { trackingNumber?: string; trackingUrl?: string } {
  const fromItems = (order?.items ?? []).flatMap((i) => i?.fulfillments ?? []);
  const fromPackages = order?.shipment?.packages ?? [];
  const found = [...fromItems, ...fromPackages, order].find((f) => f?.trackingCode || f?.trackingUrl);
  return found
    ? { trackingNumber: String(found.trackingCode ?? ''), trackingUrl: String(found.trackingUrl ?? '') }
    : {};
}

/** A Gelato order (GET /v4/orders/{id}) in our words. */
export function gelatoNews(order: GelatoOrder | null): CarrierNews {
  const status = String(order?.fulfillmentStatus ?? '');
  const stage = STAGES[status] ?? 'accepted';
  const news: CarrierNews = { stage, providerStatus: status };
  if (stage === 'shipped' || stage === 'delivered') Object.assign(news, trackingOf(order));
  if (stage === 'failed' || stage === 'cancelled') news.reason = `${status} at Gelato`;
  return news;
}

export function createGelatoBackend(options: GelatoOptions): PostalBackend {
  const http = providerHttp(NAME, options.apiBase, { 'X-API-KEY': options.apiKey });

  /** The order already placed under this reference, if any (exact match: search is broader). */
  async function findByReference(reference: string): Promise<string | null> {
    const body = expectOk<{ orders?: GelatoOrder[] }>(
      NAME,
      'search orders',
      await http.request('POST', '/v4/orders:search', { orderReferenceIds: [reference], limit: 10 }),
    );
    const hit = (body?.orders ?? []).find(
      (o) => o?.orderReferenceId === reference && o?.fulfillmentStatus !== 'canceled',
    );
    return hit?.id ? String(hit.id) : null;
  }

  function orderBody(job: PostalJob) {
    const a = job.address;
    const productUid = skuFor(options.productMap, job.product);
    if (!productUid)
      throw new Error(`SERVICE_GELATO_PRODUCT_MAP has no productUid for the print product "${job.product}"`);
    return {
      orderType: options.orderType,
      orderReferenceId: job.idempotencyKey,
      customerReferenceId: job.customerReference,
      currency: options.currency,
      items: [
        {
          itemReferenceId: `${job.idempotencyKey}-${job.product}`,
          productUid,
          files: [{ type: 'default', url: job.printFileUrl }],
          quantity: 1,
        },
      ],
      shipmentMethodUid: job.shippingMethod || options.shipmentMethod,
      shippingAddress: {
        ...splitName(a.name),
        addressLine1: a.address_line_1,
        ...(a.address_line_2 ? { addressLine2: a.address_line_2 } : {}),
        city: a.city,
        postCode: a.postcode,
        ...(a.county ? { state: a.county } : {}),
        country: a.country,
        ...(job.recipientEmail ? { email: job.recipientEmail } : {}),
      },
      metadata: [{ key: 'delivery', value: String(job.deliveryId) }],
    };
  }

  async function news(orderId: string): Promise<CarrierNews> {
    return gelatoNews(
      expectOk<GelatoOrder>(
        NAME,
        `GET order ${orderId}`,
        await http.request('GET', `/v4/orders/${encodeURIComponent(orderId)}`),
      ),
    );
  }

  return {
    name: NAME,
    printFileByUrl: true,
    async send(job: PostalJob): Promise<PostalResult> {
      const existing = await findByReference(job.idempotencyKey);
      if (existing) return { trackingReference: existing, status: 'processing' };
      const body = expectOk<GelatoOrder>(
        NAME,
        'create order',
        await http.request('POST', '/v4/orders', orderBody(job)),
      );
      if (typeof body?.id !== 'string' || !body.id) throw new Error('gelato create order answered without an order id');
      return { trackingReference: body.id, status: 'processing' };
    },
    async cancel(orderId: string): Promise<boolean> {
      const answer = await http.request('POST', `/v4/orders/${encodeURIComponent(orderId)}:cancel`);
      // 409 once an item is printed or the order shipped.
      if (answer.status >= 400 && answer.status < 500) return false;
      expectOk<unknown>(NAME, `cancel order ${orderId}`, answer);
      return true;
    },
    async status(orderId: string) {
      return statusOfNews(await news(orderId));
    },
    news,
  };
}
