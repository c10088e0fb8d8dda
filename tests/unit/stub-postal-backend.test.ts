import fs from 'fs';
import os from 'os';
import path from 'path';
import { createStubPostalBackend } from '../../plugins/greeting-cards/server/src/platform/providers/postal/stub-postal-backend';
import type { PostalJob } from '../../plugins/greeting-cards/server/src/platform/providers/postal/types';

// The built-in postal backend is idempotent per job key, as a print provider's API would be: a retry after
// a lost answer (the database went away after the card was handed over) must not print a second card.
describe('stub postal backend: one printed card per idempotency key', () => {
  let outbox: string;
  const backend = () => createStubPostalBackend({ prefix: 'GC', outbox, isTaken: async () => false });
  const job = (key: string, deliveryId = 1): PostalJob => ({
    deliveryId,
    idempotencyKey: key,
    orderUuid: 'order-1',
    pdf: Buffer.from('%PDF-1.4 test'),
    printFileUrl: 'https://cards.example.test/api/postal/print-files/1-0-x.pdf',
    product: 'card',
    customerReference: 'user-1',
    recipientEmail: '',
    address: { address_line_1: '1 Test Street', city: 'London', postcode: 'N1 1AA' } as PostalJob['address'],
    packing: { card_title: 'Test', gift_addon: null, gift_wrap: false },
  });
  const slips = () => fs.readdirSync(outbox).filter((f) => f.endsWith('.json'));

  beforeEach(() => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-outbox-'));
  });
  afterEach(() => fs.rmSync(outbox, { recursive: true, force: true }));

  it('answers a repeated key with the first reference and prints once', async () => {
    const first = await backend().send(job('card-delivery-1-aaa'));
    const again = await backend().send(job('card-delivery-1-aaa'));
    expect(again.trackingReference).toBe(first.trackingReference);
    expect(slips()).toEqual([`${first.trackingReference}.json`]);
    const other = await backend().send(job('card-delivery-2-bbb', 2));
    expect(other.trackingReference).not.toBe(first.trackingReference);
    expect(slips()).toHaveLength(2);
  });

  it('agrees on one reference when attempts race, and restores a slip lost after the key was taken', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => backend().send(job('card-delivery-3-ccc', 3))));
    expect(new Set(results.map((r) => r.trackingReference)).size).toBe(1);
    expect(slips()).toHaveLength(1);
    const reference = results[0].trackingReference;
    fs.rmSync(path.join(outbox, `${reference}.json`));
    expect((await backend().send(job('card-delivery-3-ccc', 3))).trackingReference).toBe(reference);
    expect(JSON.parse(fs.readFileSync(path.join(outbox, `${reference}.json`), 'utf8'))).toMatchObject({
      reference,
      delivery: 3,
    });
  });

  it('still refuses an incomplete address', async () => {
    const incomplete = {
      ...job('card-delivery-4-ddd', 4),
      address: { address_line_1: '', city: 'London', postcode: '' } as PostalJob['address'],
    };
    await expect(backend().send(incomplete)).rejects.toThrow(/missing address_line_1, postcode/);
  });
});
