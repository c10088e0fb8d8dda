import type { CarrierNews, PostalBackend, PostalJob, PostalResult, ShippingQuoteRequest } from '../types';
import { parseMajorAmount } from '../../../i18n/money-format';
import { statusOfNews } from '../types';
import { expectOk, providerHttp } from '../shared/provider-http';
import { skuFor } from '../shared/sku-map';

// Prodigi Print API v4 (see docs/postal-providers.md for what this relies on). Orders are created with
// our delivery's idempotency key, so a retry after a lost answer gets the same order back instead of a
// second print; Prodigi posts CloudEvents to the per-order callbackUrl as the order moves on.

export interface ProdigiOptions {
  apiKey: string;
  /** https://api.sandbox.prodigi.com or https://api.prodigi.com (no version, no trailing slash). */
  apiBase: string;
  skuMap: Record<string, string>;
  shippingMethod: string;
  /** Where Prodigi posts this shop's status callbacks (holds the shop's callback secret). */
  callbackUrl: string;
}

const NAME = 'prodigi';

/** The parts of Prodigi's order object this client reads (all optional: an answer is checked, not trusted). */
export interface ProdigiOrder {
  id?: string;
  status?: {
    stage?: string;
    issues?: Array<{ errorCode?: string; description?: string }>;
    details?: Partial<
      Record<
        'downloadAssets' | 'printReadyAssetsPrepared' | 'allocateProductionLocation' | 'inProduction' | 'shipping',
        string
      >
    >;
  };
  shipments?: Array<{ status?: string; tracking?: { number?: string; url?: string } }>;
}
/** POST /v4.0/quotes: one quote per shipping method that serves the destination. */
interface ProdigiQuoteAnswer {
  outcome?: string;
  quotes?: Array<{ shipmentMethod?: string; costSummary?: { shipping?: { amount?: string; currency?: string } } }>;
}

interface ProdigiOrderAnswer {
  outcome?: string;
  order?: ProdigiOrder;
}

/** A Prodigi order (GET /v4.0/orders/{id}, or the one inside a callback) in our words. */
export function prodigiNews(order: ProdigiOrder | undefined): CarrierNews {
  const stage = String(order?.status?.stage ?? '');
  const details = order?.status?.details ?? {};
  const shipment = (Array.isArray(order?.shipments) ? order.shipments : []).find(
    (s) => s?.tracking?.number || s?.tracking?.url,
  );
  const tracking = shipment
    ? { trackingNumber: String(shipment.tracking?.number ?? ''), trackingUrl: String(shipment.tracking?.url ?? '') }
    : {};
  const providerStatus = `${stage}${details.inProduction ? ` (inProduction: ${details.inProduction}, shipping: ${details.shipping ?? '?'})` : ''}`;
  if (stage === 'Cancelled') return { stage: 'cancelled', providerStatus, reason: 'cancelled at Prodigi' };
  // Complete: every item shipped. A shipment with tracking while still InProgress is shipped too.
  if (stage === 'Complete' || details.shipping === 'Complete' || shipment)
    return { stage: 'shipped', providerStatus, ...tracking };
  const issues = Array.isArray(order?.status?.issues) ? order.status.issues : [];
  const fatal = issues.find((i) => /Failed|Error/i.test(String(i?.errorCode ?? '')));
  if (fatal) return { stage: 'failed', providerStatus, reason: String(fatal.description ?? fatal.errorCode) };
  if (details.inProduction === 'Complete') return { stage: 'printed', providerStatus };
  if (details.inProduction === 'InProgress') return { stage: 'in_production', providerStatus };
  return { stage: 'accepted', providerStatus };
}

export function createProdigiBackend(options: ProdigiOptions): PostalBackend {
  const http = providerHttp(NAME, options.apiBase, { 'X-API-Key': options.apiKey });

  function orderBody(job: PostalJob) {
    const a = job.address;
    const sku = skuFor(options.skuMap, job.product);
    if (!sku) throw new Error(`SERVICE_PRODIGI_SKU_MAP has no SKU for the print product "${job.product}"`);
    return {
      merchantReference: `${job.orderUuid}/${job.deliveryId}`,
      idempotencyKey: job.idempotencyKey,
      callbackUrl: options.callbackUrl,
      shippingMethod: job.shippingMethod || options.shippingMethod,
      recipient: {
        name: a.name,
        ...(job.recipientEmail ? { email: job.recipientEmail } : {}),
        address: {
          line1: a.address_line_1,
          ...(a.address_line_2 ? { line2: a.address_line_2 } : {}),
          postalOrZipCode: a.postcode,
          countryCode: a.country,
          townOrCity: a.city,
          ...(a.county ? { stateOrCounty: a.county } : {}),
        },
      },
      items: [
        {
          merchantReference: job.product,
          sku,
          copies: 1,
          sizing: 'fillPrintArea',
          assets: [{ printArea: 'default', url: job.printFileUrl }],
        },
      ],
      metadata: { delivery: String(job.deliveryId), order: job.orderUuid },
    };
  }

  async function news(orderId: string): Promise<CarrierNews> {
    const body = expectOk<ProdigiOrderAnswer>(
      NAME,
      `GET order ${orderId}`,
      await http.request('GET', `/v4.0/orders/${encodeURIComponent(orderId)}`),
    );
    return prodigiNews(body?.order);
  }

  return {
    name: NAME,
    printFileByUrl: true,
    async send(job: PostalJob): Promise<PostalResult> {
      // Same idempotencyKey, same order: Prodigi answers a replay with the order it already made.
      const body = expectOk<ProdigiOrderAnswer>(
        NAME,
        'create order',
        await http.request('POST', '/v4.0/orders', orderBody(job)),
      );
      const id = body?.order?.id;
      if (typeof id !== 'string' || !id)
        throw new Error(`prodigi create order answered without an order id (outcome ${body?.outcome})`);
      return { trackingReference: id, status: 'processing' };
    },
    async cancel(orderId: string): Promise<boolean> {
      const answer = await http.request('POST', `/v4.0/orders/${encodeURIComponent(orderId)}/actions/cancel`);
      // Refused once production has started: a 4xx, or an outcome that is not a cancelled order.
      if (answer.status >= 400 && answer.status < 500) return false;
      const body = expectOk<ProdigiOrderAnswer>(NAME, `cancel order ${orderId}`, answer);
      return body?.order?.status?.stage === 'Cancelled';
    },
    async status(orderId: string) {
      return statusOfNews(await news(orderId));
    },
    news,
    async quote(request: ShippingQuoteRequest): Promise<Record<string, number>> {
      const sku = skuFor(options.skuMap, request.product);
      if (!sku) throw new Error(`SERVICE_PRODIGI_SKU_MAP has no SKU for the print product "${request.product}"`);
      // No shippingMethod: Prodigi quotes every method that serves the destination, in one call.
      const body = expectOk<ProdigiQuoteAnswer>(
        NAME,
        'quote',
        await http.request('POST', '/v4.0/quotes', {
          destinationCountryCode: request.country,
          currencyCode: request.currency,
          items: [{ sku, copies: 1, attributes: {}, assets: [{ printArea: 'default' }] }],
        }),
      );
      const costs: Record<string, number> = {};
      for (const q of Array.isArray(body?.quotes) ? body.quotes : []) {
        const shipping = q?.costSummary?.shipping;
        if (typeof q?.shipmentMethod !== 'string' || shipping?.currency !== request.currency) continue;
        const minor = parseMajorAmount(String(shipping.amount ?? ''), request.currency);
        if (minor !== null) costs[q.shipmentMethod] = minor;
      }
      if (!Object.keys(costs).length) throw new Error(`prodigi quote answered no method in ${request.currency}`);
      return costs;
    },
  };
}
