import type { Address } from '../../addresses/address';

/** What a postal backend receives for one posted card: the print-ready PDF and the packing data. */
export interface PostalJob {
  deliveryId: number;
  /**
   * The same for every attempt at this delivery. A retry can follow a send whose answer was lost (the
   * process or the database went away after the backend took the card): a backend that passes this to
   * its provider as an idempotency key, or checks it itself as the stub does, never prints a card twice.
   */
  idempotencyKey: string;
  orderUuid: string;
  /**
   * The print file's bytes, for backends that keep or upload it themselves (the stub, custom modules).
   * Absent for backends with `printFileByUrl`: they hand `printFileUrl` to a provider that fetches it.
   */
  pdf?: Buffer;
  /** A signed, expiring address under SERVICE_PUBLIC_URL where the print file can be fetched. */
  printFileUrl: string;
  /** The card's print product (a5, a6, in5x7, square): the key of the provider's SKU map, whose "card" entry covers products without one. */
  product: string;
  /** The buyer, as a provider's customer reference (never their e-mail address). */
  customerReference: string;
  /** The provider's shipping method chosen for this card; absent: the provider's configured default. */
  shippingMethod?: string;
  recipientEmail: string;
  address: Address;
  packing: {
    card_title: string;
    gift_addon: { id: number; name: string } | null;
    gift_wrap: boolean;
  };
}

export interface ShippingQuoteRequest {
  product: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  currency: string;
}

export interface PostalResult {
  /** The backend's reference for the card: the stub's reference, or a print provider's order id. */
  trackingReference: string;
  /** `sent` once handed over; `processing` when the backend only queued it and reports later via status(). */
  status: 'processing' | 'sent';
}

/**
 * A postal backend prints and posts cards. Only send() is required; cancel() and status() are used
 * when present. Name a module exporting one (or a factory `({ strapi, config }) => backend`) in
 * SERVICE_POSTAL_DELIVERY_BACKEND to replace the built-in stub.
 */
export interface PostalBackend {
  name: string;
  /** The backend's provider fetches the print file by URL, so the PDF is not rendered for send(). */
  printFileByUrl?: boolean;
  send(job: PostalJob): Promise<PostalResult>;
  /** True when cancelled; false when the provider refuses (production has started). */
  cancel?(trackingReference: string): Promise<boolean>;
  status?(trackingReference: string): Promise<'processing' | 'sent' | 'delivered' | 'failed'>;
  /**
   * The provider's shipping cost per method (minor units of `currency`) for one card of `product` to
   * `country`: only the methods that serve it. Throws when the provider cannot quote.
   */
  quote?(request: ShippingQuoteRequest): Promise<Record<string, number>>;
  /** The provider's order as news for our delivery (callbacks and polling read it; the provider's API is the truth). */
  news?(trackingReference: string): Promise<CarrierNews>;
}

/**
 * A print provider's order in our words. `accepted`, `in_production` and `printed` leave the delivery
 * processing (at the carrier); the others move it through the delivery state table.
 */
export interface CarrierNews {
  stage: 'accepted' | 'in_production' | 'printed' | 'shipped' | 'delivered' | 'failed' | 'cancelled';
  /** The provider's own word for it, kept for the operator. */
  providerStatus: string;
  trackingNumber?: string;
  trackingUrl?: string;
  reason?: string;
}

/** Collapses news to the coarse answer of status() for the dispatch job's poll. */
export function statusOfNews(news: CarrierNews): 'processing' | 'sent' | 'delivered' | 'failed' {
  if (news.stage === 'shipped') return 'sent';
  if (news.stage === 'delivered') return 'delivered';
  if (news.stage === 'failed' || news.stage === 'cancelled') return 'failed';
  return 'processing';
}
