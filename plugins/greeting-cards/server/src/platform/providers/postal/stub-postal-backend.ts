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

/** The outbox's sub-folder recording which reference each idempotency key got. */
const KEYS = 'keys';

/** A key as a safe file name (keys come from the plugin, but a file name must never climb out). */
const keyName = (key: string) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 32);

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

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
      const pdf = job.pdf;
      if (!pdf) throw new Error('the stub keeps the print file itself and was given none');
      await fs.mkdir(path.join(options.outbox, KEYS), { recursive: true });
      // Idempotent like a print provider's API: the first attempt records its reference under the job's
      // key (racing attempts agree on the one recorded first), and every later attempt answers
      // with that reference and makes sure the slip is there, instead of printing the card again.
      const keyFile = path.join(options.outbox, KEYS, `${keyName(job.idempotencyKey)}.ref`);
      let reference = makeReference(options.prefix);
      for (let i = 0; (await options.isTaken(reference)) && i < 20; i += 1) reference = makeReference(options.prefix);
      // Written whole, then linked into place: link() fails if the key exists, and a reader never
      // sees a half-written reference.
      const tmp = `${keyFile}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, reference);
      try {
        await fs.link(tmp, keyFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        reference = (await fs.readFile(keyFile, 'utf8')).trim();
      } finally {
        await fs.rm(tmp, { force: true });
      }
      const slip = path.join(options.outbox, `${reference}.json`);
      if (!(await exists(slip))) {
        await fs.writeFile(path.join(options.outbox, `${reference}.pdf`), pdf);
        await fs.writeFile(
          slip,
          JSON.stringify(
            { reference, order: job.orderUuid, delivery: job.deliveryId, address: job.address, packing: job.packing },
            null,
            2,
          ),
        );
      }
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
