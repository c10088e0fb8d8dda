import type { Address } from '../../domain/address';

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
  pdf: Buffer;
  address: Address;
  packing: {
    card_title: string;
    gift_addon: { id: number; name: string } | null;
    gift_wrap: boolean;
  };
}

export interface PostalResult {
  /** The carrier's tracking reference. */
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
  send(job: PostalJob): Promise<PostalResult>;
  cancel?(trackingReference: string): Promise<boolean>;
  status?(trackingReference: string): Promise<'processing' | 'sent' | 'delivered' | 'failed'>;
}
