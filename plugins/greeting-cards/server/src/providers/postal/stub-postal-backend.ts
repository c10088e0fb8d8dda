import fs from 'fs/promises';
import path from 'path';
import crypto from 'crypto';
import type { PostalBackend, PostalJob, PostalResult } from './types';

export interface StubOptions {
  prefix: string;
  /** Folder where the "printed" PDFs are kept, as a print shop would receive them. */
  outbox: string;
  /** Tells whether a reference is already used (checked against stored deliveries). */
  isTaken(reference: string): Promise<boolean>;
}

export function missingAddressFields(job: PostalJob): string[] {
  return (['address_line_1', 'city', 'postcode'] as const).filter((f) => !job.address[f]?.trim());
}

/** Eight random digits, so references are not guessable from one another. */
export function makeReference(prefix: string): string {
  return `${prefix}-${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * The built-in backend: no real printer. It checks the address, keeps the print-ready PDF and the packing
 * slip in an outbox folder and answers with a unique tracking reference.
 */
export function createStubPostalBackend(options: StubOptions): PostalBackend {
  return {
    name: 'stub',
    async send(job: PostalJob): Promise<PostalResult> {
      const missing = missingAddressFields(job);
      if (missing.length) throw new Error(`postal address incomplete: missing ${missing.join(', ')}`);
      let reference = makeReference(options.prefix);
      for (let i = 0; (await options.isTaken(reference)) && i < 20; i += 1) reference = makeReference(options.prefix);
      await fs.mkdir(options.outbox, { recursive: true });
      await fs.writeFile(path.join(options.outbox, `${reference}.pdf`), job.pdf);
      await fs.writeFile(
        path.join(options.outbox, `${reference}.json`),
        JSON.stringify({ reference, order: job.orderUuid, delivery: job.deliveryId, address: job.address, packing: job.packing }, null, 2),
      );
      return { trackingReference: reference, status: 'sent' };
    },
    async cancel(reference: string) {
      await fs.rm(path.join(options.outbox, `${reference}.pdf`), { force: true });
      await fs.rm(path.join(options.outbox, `${reference}.json`), { force: true });
      return true;
    },
    async status() {
      return 'sent';
    },
  };
}
