import crypto from 'crypto';
import { diskStore, type PrivateStore } from '../../uploads/private-store';
import type { PostalBackend, PostalJob, PostalResult } from './types';

export interface StubOptions {
  prefix: string;
  /**
   * Where the "printed" PDFs are kept, as a print shop would receive them: a folder, or the private
   * store (the S3 bucket when the host's uploads are there, so any machine's worker sees every key).
   */
  outbox: string | PrivateStore;
  /** Tells whether a reference is already used (checked against stored deliveries). */
  isTaken(reference: string): Promise<boolean>;
}

export function missingAddressFields(job: PostalJob): string[] {
  return (['address_line_1', 'city', 'postcode'] as const).filter((f) => !job.address[f]?.trim());
}

/** The outbox's sub-folder recording which reference each idempotency key got. */
const KEYS = 'keys';

/** A key as a safe file name (keys come from the plugin, but a file name must never climb out). */
const keyName = (key: string) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 32);

/** Eight random digits, so references are not guessable from one another. */
export function makeReference(prefix: string): string {
  return `${prefix}-${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * The built-in backend: no real printer. It checks the address, keeps the print-ready PDF and the packing
 * slip in an outbox folder and answers with a unique tracking reference.
 */
export function createStubPostalBackend(options: StubOptions): PostalBackend {
  const outbox = typeof options.outbox === 'string' ? diskStore(options.outbox) : options.outbox;
  return {
    name: 'stub',
    async send(job: PostalJob): Promise<PostalResult> {
      const missing = missingAddressFields(job);
      if (missing.length) throw new Error(`postal address incomplete: missing ${missing.join(', ')}`);
      const pdf = job.pdf;
      if (!pdf) throw new Error('the stub keeps the print file itself and was given none');
      // Idempotent like a print provider's API: the first attempt records its reference under the job's
      // key (racing attempts agree on the one recorded first), and every later attempt answers
      // with that reference and makes sure the slip is there, instead of printing the card again.
      const keyFile = `${KEYS}/${keyName(job.idempotencyKey)}.ref`;
      let reference = makeReference(options.prefix);
      for (let i = 0; (await options.isTaken(reference)) && i < 20; i += 1) reference = makeReference(options.prefix);
      if (!(await outbox.create(keyFile, Buffer.from(reference), 'text/plain'))) {
        const recorded = await outbox.get(keyFile);
        if (!recorded) throw new Error('the outbox lost the reference of an idempotency key');
        reference = recorded.toString('utf8').trim();
      }
      if (!(await outbox.get(`${reference}.json`))) {
        await outbox.put(`${reference}.pdf`, pdf, 'application/pdf');
        const slip = {
          reference,
          order: job.orderUuid,
          delivery: job.deliveryId,
          address: job.address,
          packing: job.packing,
        };
        await outbox.put(`${reference}.json`, Buffer.from(JSON.stringify(slip, null, 2)), 'application/json');
      }
      return { trackingReference: reference, status: 'sent' };
    },
    async cancel(reference: string) {
      await outbox.remove(`${reference}.pdf`);
      await outbox.remove(`${reference}.json`);
      return true;
    },
    async status() {
      return 'sent';
    },
  };
}
