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

// A Gelato Order API v4 stand-in, following the published API as docs/postal-providers.md records it:
// X-API-KEY, POST /v4/orders (validated; fetches each file URL; like Gelato it takes no idempotency
// header, so the same orderReferenceId twice makes two orders), POST /v4/orders:search (by
// orderReferenceIds), GET /v4/orders/{id}, POST /v4/orders/{id}:cancel (409 once printed), and the
// order_status_updated / order_item_tracking_code_updated webhooks.

const ORDER_TYPES = ['order', 'draft'];

export interface FakeGelato extends JsonServer {
  orders: Map<string, Json>;
  files: Map<string, Buffer>;
  dropAfterAccepting(n?: number): void;
  setStatus(id: string, fulfillmentStatus: string): void;
  ship(id: string, tracking: { trackingCode: string; trackingUrl: string }): void;
  /** Posts a webhook about the order to `url` (the shop's registered webhook address). */
  webhook(url: string, id: string, event?: string): Promise<{ status: number; body: Json }>;
}

export async function startFakeGelato(apiKey: string, shop: ShopAddress): Promise<FakeGelato> {
  const orders = new Map<string, Json>();
  const files = new Map<string, Buffer>();
  let drops = 0;

  function validate(body: Json): Record<string, string[]> {
    const failures: Record<string, string[]> = {};
    const fail = (field: string, message: string) => (failures[field] ??= []).push(message);
    if (body?.orderType !== undefined && !ORDER_TYPES.includes(body.orderType))
      fail('orderType', 'must be order or draft');
    for (const field of missingStrings(body, [
      'orderReferenceId',
      'customerReferenceId',
      'shippingAddress.firstName',
      'shippingAddress.addressLine1',
      'shippingAddress.city',
      'shippingAddress.postCode',
    ]))
      fail(field, 'required');
    if (!/^[A-Z]{3}$/.test(body?.currency ?? '')) fail('currency', 'must be a three-letter code');
    if (!/^[A-Z]{2}$/.test(body?.shippingAddress?.country ?? ''))
      fail('shippingAddress.country', 'must be a two-letter ISO code');
    if (!Array.isArray(body?.items) || !body.items.length) fail('items', 'at least one item');
    (body?.items ?? []).forEach((item: Json, i: number) => {
      for (const field of missingStrings(item, ['itemReferenceId', 'productUid']))
        fail(`items[${i}].${field}`, 'required');
      if (!Number.isInteger(item?.quantity) || item.quantity < 1)
        fail(`items[${i}].quantity`, 'must be a positive whole number');
      if (!Array.isArray(item?.files) || !item.files.length) fail(`items[${i}].files`, 'at least one file');
      (item?.files ?? []).forEach((f: Json, j: number) => {
        if (typeof f?.type !== 'string' || !f.type) fail(`items[${i}].files[${j}].type`, 'required');
        if (!/^https?:\/\//.test(f?.url ?? '')) fail(`items[${i}].files[${j}].url`, 'must be an http(s) URL');
      });
    });
    return failures;
  }

  async function create(req: Recorded): Promise<Reply> {
    const body = req.body;
    const failures = validate(body);
    if (Object.keys(failures).length) return { status: 400, body: { message: 'Invalid request body.', failures } };
    const id = crypto.randomUUID();
    for (const item of body.items) {
      for (const file of item.files) {
        const fetched = await fetchPrintFile(shop.resolve(file.url));
        if (!fetched.ok) return { status: 400, body: { message: fetched.error } };
        files.set(id, fetched.bytes);
      }
    }
    const now = new Date().toISOString();
    const order = {
      id,
      orderType: body.orderType ?? 'order',
      orderReferenceId: body.orderReferenceId,
      customerReferenceId: body.customerReferenceId,
      fulfillmentStatus: body.orderType === 'draft' ? 'draft' : 'created',
      financialStatus: body.orderType === 'draft' ? 'draft' : 'pending',
      currency: body.currency,
      createdAt: now,
      updatedAt: now,
      items: body.items.map((item: Json) => ({
        id: crypto.randomUUID(),
        ...item,
        fulfillmentStatus: 'created',
        fulfillments: [],
      })),
      shipmentMethodUid: body.shipmentMethodUid ?? null,
      shippingAddress: body.shippingAddress,
      shipment: { packages: [] },
    };
    orders.set(id, order);
    if (drops > 0) {
      drops -= 1;
      return { status: 200, body: null, drop: true };
    }
    return { status: 200, body: order };
  }

  const summary = (o: Json) => ({
    id: o.id,
    orderReferenceId: o.orderReferenceId,
    customerReferenceId: o.customerReferenceId,
    fulfillmentStatus: o.fulfillmentStatus,
    orderType: o.orderType,
  });

  const server = await startJsonServer(async (req) => {
    if (req.headers['x-api-key'] !== apiKey) return { status: 401, body: { message: 'Unauthorized' } };
    const path = req.path.split('?')[0];
    if (req.method === 'POST' && path === '/v4/orders:search') {
      const refs: string[] | undefined = req.body?.orderReferenceIds;
      if (refs !== undefined && !Array.isArray(refs))
        return { status: 400, body: { message: 'orderReferenceIds must be a list' } };
      const found = [...orders.values()].filter((o) => !refs || refs.includes(o.orderReferenceId));
      return { status: 200, body: { orders: found.map(summary) } };
    }
    if (req.method === 'POST' && path === '/v4/orders') return create(req);
    const cancel = /^\/v4\/orders\/([^/:]+):cancel$/.exec(path);
    if (req.method === 'POST' && cancel) {
      const order = orders.get(decodeURIComponent(cancel[1]));
      if (!order) return { status: 404, body: { message: 'Order not found' } };
      if (
        !['created', 'passed', 'draft', 'pending_approval', 'on_hold', 'canceled'].includes(order.fulfillmentStatus)
      ) {
        return { status: 409, body: { message: 'Order can not be canceled: it is already in production.' } };
      }
      order.fulfillmentStatus = 'canceled';
      return { status: 200, body: {} };
    }
    const get = /^\/v4\/orders\/([^/:]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const order = orders.get(decodeURIComponent(get[1]));
      return order ? { status: 200, body: order } : { status: 404, body: { message: 'Order not found' } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });

  const must = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`fake Gelato has no order ${id}`);
    return order;
  };

  return {
    ...server,
    orders,
    files,
    dropAfterAccepting(n = 1) {
      drops = n;
    },
    setStatus(id, fulfillmentStatus) {
      const order = must(id);
      order.fulfillmentStatus = fulfillmentStatus;
      for (const item of order.items) item.fulfillmentStatus = fulfillmentStatus;
    },
    ship(id, tracking) {
      const order = must(id);
      order.fulfillmentStatus = 'shipped';
      for (const item of order.items) {
        item.fulfillmentStatus = 'shipped';
        item.fulfillments = [
          {
            ...tracking,
            shipmentMethodName: 'Royal Mail 2nd Class',
            shipmentMethodUid: 'normal',
            fulfillmentCountry: 'GB',
          },
        ];
      }
      order.shipment.packages = [{ id: crypto.randomUUID(), ...tracking }];
    },
    async webhook(url, id, event = 'order_status_updated') {
      const order = must(id);
      return postJson(shop.resolve(url), {
        id: `os_${crypto.randomBytes(6).toString('hex')}`,
        event,
        orderId: order.id,
        storeId: null,
        orderReferenceId: order.orderReferenceId,
        fulfillmentStatus: order.fulfillmentStatus,
        items: order.items.map((i: Json) => ({
          itemReferenceId: i.itemReferenceId,
          fulfillmentStatus: i.fulfillmentStatus,
          fulfillments: i.fulfillments,
        })),
      });
    },
  };
}
