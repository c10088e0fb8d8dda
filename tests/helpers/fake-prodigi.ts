import crypto from 'crypto';
import {
  fetchPrintFile,
  missingStrings,
  postJson,
  ShopAddress,
  startJsonServer,
  type Json,
  type JsonServer,
  type Recorded,
  type Reply,
} from './fake-print-provider';

// A Prodigi Print API v4 stand-in, following the published API as docs/postal-providers.md records it:
// X-API-Key, POST /v4.0/orders (validated, idempotent on idempotencyKey, fetches each asset URL),
// GET /v4.0/orders/{id}, POST /v4.0/orders/{id}/actions/cancel (refused once production started),
// POST /v4.0/quotes (one quote per shipping method that serves the destination, or only the method asked
// for), and CloudEvents callbacks to the order's callbackUrl.

const SHIPPING = ['Budget', 'Standard', 'StandardPlus', 'Express', 'Overnight'];
const SIZING = ['fillPrintArea', 'fitPrintArea', 'stretchToPrintArea'];

export interface FakeProdigi extends JsonServer {
  orders: Map<string, Json>;
  /** Print files the fake fetched, by order id. */
  files: Map<string, Buffer>;
  /** Creates that made a new order (replays excluded). */
  created: () => Json[];
  /** The print file fetched for the shop's delivery `deliveryId` (its merchant reference ends in /<id>); throws when none. */
  printFileOf(deliveryId: number): Buffer;
  /** Quote requests received (their bodies). */
  quoteRequests: Json[];
  /** The next `n` quote requests answer 503. */
  failQuotes(n?: number): void;
  /** The next `n` creates answer 503 without making an order (Prodigi down). */
  failNext(n?: number): void;
  /**
   * The next `n` accepted creates store the order and then drop the connection unanswered. Such an
   * order downloads its assets later, as Prodigi's own download stage does, when downloadAssets() says.
   */
  dropAfterAccepting(n?: number): void;
  /** Runs the download stage of an order whose create was dropped: fetches each asset URL once. */
  downloadAssets(id: string): Promise<void>;
  startProduction(id: string): void;
  ship(id: string, tracking: { number: string; url: string }): void;
  /** Posts a CloudEvent about the order to its callbackUrl (as the shop's address); returns the shop's answer. */
  callback(id: string, options?: { contentType?: string; url?: string }): Promise<{ status: number; body: Json }>;
}

export async function startFakeProdigi(apiKey: string, shop: ShopAddress): Promise<FakeProdigi> {
  const orders = new Map<string, Json>();
  const byKey = new Map<string, string>();
  const files = new Map<string, Buffer>();
  const createdIds: string[] = [];
  let drops = 0;
  let quoteOutages = 0;
  const quoteRequests: Json[] = [];
  let outages = 0;
  let seq = 840000;

  const validation = (failures: Record<string, string[]>): Reply => ({
    status: 400,
    body: { outcome: 'ValidationFailed', failures },
  });

  function validate(body: Json): Record<string, string[]> {
    const failures: Record<string, string[]> = {};
    const fail = (field: string, message: string) => (failures[field] ??= []).push(message);
    if (!SHIPPING.includes(body?.shippingMethod)) fail('shippingMethod', `must be one of ${SHIPPING.join(', ')}`);
    for (const field of missingStrings(body, [
      'recipient.name',
      'recipient.address.line1',
      'recipient.address.postalOrZipCode',
      'recipient.address.townOrCity',
    ]))
      fail(field, 'required');
    if (!/^[A-Z]{2}$/.test(body?.recipient?.address?.countryCode ?? ''))
      fail('recipient.address.countryCode', 'must be a two-letter ISO code');
    if (!Array.isArray(body?.items) || !body.items.length) fail('items', 'at least one item');
    (body?.items ?? []).forEach((item: Json, i: number) => {
      if (typeof item?.sku !== 'string' || !item.sku) fail(`items[${i}].sku`, 'required');
      if (!Number.isInteger(item?.copies) || item.copies < 1)
        fail(`items[${i}].copies`, 'must be a positive whole number');
      if (!SIZING.includes(item?.sizing)) fail(`items[${i}].sizing`, `must be one of ${SIZING.join(', ')}`);
      if (!Array.isArray(item?.assets) || !item.assets.length) fail(`items[${i}].assets`, 'at least one asset');
      (item?.assets ?? []).forEach((a: Json, j: number) => {
        if (typeof a?.printArea !== 'string' || !a.printArea) fail(`items[${i}].assets[${j}].printArea`, 'required');
        if (!/^https?:\/\//.test(a?.url ?? '')) fail(`items[${i}].assets[${j}].url`, 'must be an http(s) URL');
      });
    });
    if (body?.callbackUrl !== undefined && !/^https?:\/\//.test(body.callbackUrl))
      fail('callbackUrl', 'must be an http(s) URL');
    return failures;
  }

  // Shipping in GBP per method: within the UK every method; elsewhere no Overnight, and dearer.
  const SHIPPING_GBP: Record<string, string> = {
    Budget: '1.20',
    Standard: '1.50',
    StandardPlus: '2.90',
    Express: '5.95',
    Overnight: '8.50',
  };
  function quote(body: Json): Reply {
    quoteRequests.push(body);
    const failures: Record<string, string[]> = {};
    const fail = (field: string, message: string) => (failures[field] ??= []).push(message);
    if (!/^[A-Z]{2}$/.test(body?.destinationCountryCode ?? ''))
      fail('destinationCountryCode', 'must be a two-letter ISO code');
    if (body?.shippingMethod !== undefined && !SHIPPING.includes(body.shippingMethod))
      fail('shippingMethod', `must be one of ${SHIPPING.join(', ')}`);
    if (!Array.isArray(body?.items) || !body.items.length) fail('items', 'at least one item');
    (body?.items ?? []).forEach((item: Json, i: number) => {
      if (typeof item?.sku !== 'string' || !item.sku) fail(`items[${i}].sku`, 'required');
      if (!Number.isInteger(item?.copies) || item.copies < 1)
        fail(`items[${i}].copies`, 'must be a positive whole number');
    });
    if (Object.keys(failures).length) return validation(failures);
    const currency = typeof body.currencyCode === 'string' ? body.currencyCode : 'GBP';
    const domestic = body.destinationCountryCode === 'GB';
    const methods = (body.shippingMethod ? [body.shippingMethod] : SHIPPING).filter(
      (m: string) => domestic || m !== 'Overnight',
    );
    const quotes = methods.map((m: string) => {
      const shipping = (Number(SHIPPING_GBP[m]) * (domestic ? 1 : 2)).toFixed(2);
      const items = '2.10';
      return {
        shipmentMethod: m,
        costSummary: {
          items: { amount: items, currency },
          shipping: { amount: shipping, currency },
        },
        shipments: [
          {
            carrier: { name: 'Royal Mail', service: m },
            fulfillmentLocation: { countryCode: 'GB', labCode: 'prodigi_gb1' },
            cost: { amount: shipping, currency },
            items: ['item0'],
          },
        ],
        items: body.items.map((item: Json, i: number) => ({
          id: `item${i}`,
          sku: item.sku,
          copies: item.copies,
          unitCost: { amount: items, currency },
          attributes: item.attributes ?? {},
          assets: item.assets ?? [],
        })),
      };
    });
    return { status: 200, body: { outcome: 'Created', quotes } };
  }

  async function create(req: Recorded): Promise<Reply> {
    const body = req.body;
    const key = typeof body?.idempotencyKey === 'string' ? body.idempotencyKey : '';
    // Idempotent replay: the order made under this key, whatever the new body says.
    if (key && byKey.has(key)) return { status: 200, body: { outcome: 'Ok', order: orders.get(byKey.get(key)!) } };
    const failures = validate(body);
    if (Object.keys(failures).length) return validation(failures);
    const id = `ord_${(seq += 1)}`;
    const dropped = drops > 0;
    // Prodigi downloads the assets: a link that does not give a PDF is a failed order here. An order whose
    // answer is lost downloads them later (downloadAssets), while the shop still waits to try again.
    if (!dropped) {
      for (const item of body.items) {
        for (const asset of item.assets) {
          const file = await fetchPrintFile(shop.resolve(asset.url));
          if (!file.ok) return validation({ 'items.assets.url': [file.error] });
          files.set(id, file.bytes);
        }
      }
    }
    const now = new Date().toISOString();
    const order = {
      id,
      created: now,
      lastUpdated: now,
      callbackUrl: body.callbackUrl ?? null,
      merchantReference: body.merchantReference ?? null,
      shippingMethod: body.shippingMethod,
      idempotencyKey: key || null,
      status: {
        stage: 'InProgress',
        issues: [],
        details: {
          downloadAssets: dropped ? 'NotStarted' : 'Complete',
          printReadyAssetsPrepared: dropped ? 'NotStarted' : 'Complete',
          allocateProductionLocation: 'NotStarted',
          inProduction: 'NotStarted',
          shipping: 'NotStarted',
        },
      },
      charges: [],
      shipments: [],
      recipient: body.recipient,
      items: body.items.map((item: Json, i: number) => ({ id: `ori_${seq}${i}`, status: 'Ok', ...item })),
      metadata: body.metadata ?? {},
    };
    orders.set(id, order);
    if (key) byKey.set(key, id);
    createdIds.push(id);
    if (dropped) {
      drops -= 1;
      return { status: 200, body: null, drop: true };
    }
    return { status: 200, body: { outcome: 'Created', order } };
  }

  const server = await startJsonServer(async (req) => {
    if (req.headers['x-api-key'] !== apiKey)
      return { status: 401, body: { statusCode: 401, outcome: 'NotAuthenticated' } };
    const path = req.path.split('?')[0];
    if (req.method === 'POST' && path === '/v4.0/orders') {
      if (outages > 0) {
        outages -= 1;
        return { status: 503, body: { statusCode: 503, outcome: 'ServiceUnavailable' } };
      }
      return create(req);
    }
    if (req.method === 'POST' && path === '/v4.0/quotes') {
      if (quoteOutages > 0) {
        quoteOutages -= 1;
        return { status: 503, body: { statusCode: 503, outcome: 'ServiceUnavailable' } };
      }
      return quote(req.body);
    }
    const get = /^\/v4\.0\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const order = orders.get(decodeURIComponent(get[1]));
      return order
        ? { status: 200, body: { outcome: 'Ok', order } }
        : { status: 404, body: { outcome: 'EntityNotFound' } };
    }
    const cancel = /^\/v4\.0\/orders\/([^/]+)\/actions\/cancel$/.exec(path);
    if (req.method === 'POST' && cancel) {
      const order = orders.get(decodeURIComponent(cancel[1]));
      if (!order) return { status: 404, body: { outcome: 'EntityNotFound' } };
      if (order.status.stage === 'Cancelled') return { status: 200, body: { outcome: 'Cancelled', order } };
      if (order.status.stage !== 'InProgress' || order.status.details.inProduction !== 'NotStarted') {
        return { status: 400, body: { outcome: 'FailedToCancel', order } };
      }
      order.status.stage = 'Cancelled';
      return { status: 200, body: { outcome: 'Cancelled', order } };
    }
    return { status: 404, body: { outcome: 'NotFound' } };
  });

  const must = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`fake Prodigi has no order ${id}`);
    return order;
  };

  return {
    ...server,
    orders,
    files,
    created: () => createdIds.map((id) => orders.get(id)),
    printFileOf(deliveryId) {
      const order = createdIds
        .map((id) => orders.get(id))
        .find((o) => String(o.merchantReference).endsWith(`/${deliveryId}`));
      const pdf = order ? files.get(order.id) : undefined;
      if (!pdf) throw new Error(`Prodigi fetched no print file for delivery ${deliveryId}`);
      return pdf;
    },
    quoteRequests,
    failQuotes(n = 1) {
      quoteOutages = n;
    },
    failNext(n = 1) {
      outages = n;
    },
    dropAfterAccepting(n = 1) {
      drops = n;
    },
    async downloadAssets(id) {
      const order = must(id);
      for (const item of order.items) {
        for (const asset of item.assets) {
          const file = await fetchPrintFile(shop.resolve(asset.url));
          if (file.ok) {
            files.set(id, file.bytes);
            continue;
          }
          // *Assumed* shape of Prodigi's issue for an asset it could not fetch: the order stays InProgress
          // and carries the issue until someone fixes the asset.
          order.status.details.downloadAssets = 'Error';
          order.status.issues.push({
            objectId: item.id,
            errorCode: 'items.assets.NotDownloaded',
            description: `asset not downloaded: ${file.error}`,
          });
          return;
        }
      }
      Object.assign(order.status.details, { downloadAssets: 'Complete', printReadyAssetsPrepared: 'Complete' });
    },
    startProduction(id) {
      Object.assign(must(id).status.details, { allocateProductionLocation: 'Complete', inProduction: 'InProgress' });
    },
    ship(id, tracking) {
      const order = must(id);
      order.status.stage = 'Complete';
      Object.assign(order.status.details, { inProduction: 'Complete', shipping: 'Complete' });
      order.shipments = [
        {
          id: `shp_${id}`,
          status: 'Shipped',
          carrier: { name: 'Royal Mail', service: 'Tracked 48' },
          tracking,
          dispatchDate: new Date().toISOString(),
          items: [],
        },
      ];
    },
    async callback(id, options = {}) {
      const order = must(id);
      const event = {
        specversion: '1.0',
        type: `com.prodigi.order.status.stage.changed#${order.status.stage}`,
        source: 'http://api.prodigi.com/v4.0/Orders',
        id: `evt_${crypto.randomBytes(6).toString('hex')}`,
        time: new Date().toISOString(),
        datacontenttype: 'application/json',
        subject: id,
        data: { order },
      };
      return postJson(shop.resolve(options.url ?? order.callbackUrl), event, options.contentType);
    },
  };
}
