// Two "machines" that share only PostgreSQL and an S3 bucket (s3rver): two copies of the built app in
// separate temporary folders (node_modules linked, nothing writable shared), a web instance and a worker
// on machine A and a worker on machine B, behind the benchmarks' balancer (bench/lib/balancer.js).
// Shoppers order through the balancer; the view page, the print-at-home PDF, the invoice and the card's
// preview come from every instance even after machine A's local files are wiped (local disk is only a
// cache rebuilt from the bucket); then machine B's whole process tree is SIGKILLed in the middle of
// 100 distinct e-cards and none is lost, copies only within B's in-flight claims, each with its
// card's one Message-ID.
import fs from 'fs';
import path from 'path';
import supertest from 'supertest';
import type { ChildProcess } from 'child_process';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startApp, type TestApp } from '../helpers/strapi';
import { freePort, startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { inspectPdf } from '../helpers/pdf';
import { deliveryHeader, design, q, until } from './helpers';

const { startBalancer } = require('../../bench/lib/balancer');
// Shared with bench/two-machines.js (the same machines at 1,000 e-cards).
const machineKit = require('./machines');

const LEASE_S = 4;
const KILL_CARDS = 100;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- database rows as the query engine returns them
type Row = Record<string, any>;

/** An instance of a machine (tests/fulfilment/machines.js). */
interface MachineInstance {
  name: string;
  child: ChildProcess;
  instanceId: string;
  url: string;
  stop(): Promise<void>;
}

interface Instance extends MachineInstance {
  http: () => supertest.Agent;
}

async function startInstance(name: string, appDir: string, env: NodeJS.ProcessEnv, port: number): Promise<Instance> {
  const instance: MachineInstance = await machineKit.startInstance(name, appDir, env, port);
  return { ...instance, http: () => supertest.agent(instance.url) };
}

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres(
  'two machines sharing only PostgreSQL and an S3 bucket (skipped on SQLite: a SQLite file cannot be shared by two machines)',
  () => {
    let bucket: { bucket: string; endpoint: string; env: Record<string, string>; close(): Promise<void> };
    let s3: S3Client;
    let smtp: SmtpCapture;
    let harness: TestApp;
    let balancer: { url: string; stop(): Promise<void> };
    const targets: string[] = [];
    const machines: Record<'A' | 'B', string> = { A: '', B: '' };
    const instances: Instance[] = [];
    let webA: Instance;
    let workerA: Instance;
    let workerB: Instance;
    const viaBalancer = () => supertest.agent(balancer.url);

    beforeAll(async () => {
      bucket = await machineKit.startBucket();
      s3 = new S3Client({
        endpoint: bucket.endpoint,
        forcePathStyle: true,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      smtp = await startSmtpCapture();
      balancer = await startBalancer(targets);
      const shared = {
        ...smtp.env,
        SERVICE_SEED_SAMPLE_DATA: 'false',
        SERVICE_PUBLIC_URL: balancer.url,
        ...bucket.env,
      };
      // The harness only makes fixtures and reads the database: it draws nothing and sends nothing.
      harness = await startApp({
        ...shared,
        SERVICE_RENDERER: 'memory',
        SERVICE_SCHEDULER_ENABLED: 'false',
        SERVICE_REMINDERS_ENABLED: 'false',
      });
      const env: NodeJS.ProcessEnv = {
        ...process.env, // the harness's: the same database, secrets and test settings
        ...shared,
        NODE_ENV: 'test',
        ...machineKit.machineSettings(LEASE_S),
      };
      machines.A = machineKit.copyMachine('a');
      machines.B = machineKit.copyMachine('b');
      const [portWeb, portWorkerA, portWorkerB] = await Promise.all([freePort(), freePort(), freePort()]);
      [webA, workerA, workerB] = await Promise.all([
        startInstance('web A', machines.A, { ...env, SERVICE_ROLE: 'web' }, portWeb),
        startInstance('worker A', machines.A, { ...env, SERVICE_ROLE: 'worker' }, portWorkerA),
        startInstance('worker B', machines.B, { ...env, SERVICE_ROLE: 'worker' }, portWorkerB),
      ]);
      instances.push(webA, workerA, workerB);
      // Workers keep every route: the balancer spreads over all three (docs/performance.md).
      targets.push(webA.url, workerA.url, workerB.url);
    }, 90_000);

    afterAll(async () => {
      await Promise.allSettled(instances.map((i) => i.stop()));
      for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
      await balancer?.stop();
      await harness?.stop();
      await smtp?.stop();
      s3?.destroy();
      await bucket?.close();
      for (const dir of [machines.A, machines.B]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    const bucketKeys = async () =>
      ((await s3.send(new ListObjectsV2Command({ Bucket: bucket.bucket }))).Contents ?? []).map((o) => o.Key as string);
    const pdfBody = (req: supertest.Test) =>
      req.buffer(true).parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

    async function order(user: TestUser, cardId: number, recipientId: number, method: 'ecard' | 'print' | 'post') {
      const add = await viaBalancer()
        .post('/api/orders/add_to_cart/')
        .set(user.auth)
        .send({ card_id: cardId, recipient_id: recipientId, delivery_method: method });
      expect(add.status).toBe(200);
      const cart = await viaBalancer().get('/api/orders/cart/').set(user.auth);
      expect(cart.status).toBe(200);
      const checkout = await viaBalancer().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({});
      expect(checkout.status).toBe(200);
      const pay = await viaBalancer().post(`/api/orders/${cart.body.uuid}/pay/`).set(user.auth).send({});
      expect(pay.status).toBe(200);
      return cart.body.uuid as string;
    }

    it('shoppers order through either machine; pages, PDFs and previews come from every instance with machine A wiped', async () => {
      const shoppers = await Promise.all([createUser(harness.strapi), createUser(harness.strapi)]);
      const results = await Promise.all(
        shoppers.map(async (shopper, n) => {
          const created = await viaBalancer()
            .post('/api/cards/')
            .set(shopper.auth)
            .send({ title: `Two machines ${n}`, canvas_data: design(`Two machines ${n} ${Date.now()}`) });
          expect(created.status).toBe(201);
          const recipient = await createRecipient(harness.strapi, shopper, { email: `two-machines-${n}@example.test` });
          const ecardOrder = await order(shopper, created.body.id, recipient.id, 'ecard');
          const printOrder = await order(shopper, created.body.id, recipient.id, 'print');
          const postOrder = await order(shopper, created.body.id, recipient.id, 'post');
          return { shopper, cardId: created.body.id as number, ecardOrder, printOrder, postOrder };
        }),
      );
      // The workers (either machine) send the e-cards and draw the print-at-home PDFs.
      const ecards: Row[] = [];
      const prints: Row[] = [];
      const posts: Row[] = [];
      for (const r of results) {
        ecards.push(...(await deliveriesOf(harness.strapi, r.ecardOrder)));
        prints.push(...(await deliveriesOf(harness.strapi, r.printOrder)));
        posts.push(...(await deliveriesOf(harness.strapi, r.postOrder)));
      }
      await smtp.waitFor((m) => ecards.some((d) => String(d.id) === deliveryHeader(m)), ecards.length, 60_000);
      await until(
        () =>
          q(harness.strapi, 'delivery').count({ where: { id: { $in: prints.map((d) => d.id) }, status: 'delivered' } }),
        (n: number) => n === prints.length,
        60_000,
      );
      // The postal stub's outbox is in the bucket too (private objects): either worker finds every key.
      const posted: Row[] = await until(
        () =>
          q(harness.strapi, 'delivery').findMany({
            where: { id: { $in: posts.map((d) => d.id) }, status: 'sent' },
            select: ['tracking_reference'],
          }),
        (rows: Row[]) => rows.length === posts.length,
        60_000,
      );
      const keys = await bucketKeys();
      for (const { tracking_reference: reference } of posted) {
        expect(keys).toEqual(
          expect.arrayContaining([
            `greeting-cards/postal-outbox/${reference}.json`,
            `greeting-cards/postal-outbox/${reference}.pdf`,
          ]),
        );
      }
      expect(keys.filter((k) => k.startsWith('greeting-cards/postal-outbox/keys/'))).toHaveLength(posts.length);
      // Previews drawn by a worker, stored in the bucket.
      const previews = await until(
        () =>
          Promise.all(
            results.map(
              async (r) => (await viaBalancer().get(`/api/cards/${r.cardId}/`).set(r.shopper.auth)).body?.preview_url,
            ),
          ),
        (urls: Array<string | null>) => urls.every((u) => typeof u === 'string' && u.startsWith('http')),
        60_000,
      );

      // Machine A loses its local files: what it serves now comes from PostgreSQL and the bucket.
      for (const dir of ['private', path.join('public', 'uploads')]) {
        fs.rmSync(path.join(machines.A, dir), { recursive: true, force: true });
      }
      fs.mkdirSync(path.join(machines.A, 'public', 'uploads'), { recursive: true });

      for (const instance of instances) {
        for (const [i, r] of results.entries()) {
          const ecard = ecards[i];
          const print = prints[i];
          const page = await instance.http().get(`/cards/view/${ecard.view_token}/`);
          expect([instance.name, page.status]).toEqual([instance.name, 200]);
          expect(page.text).toContain('<svg');
          const link = await instance.http().get(`/cards/view/${print.view_token}/card.pdf`).redirects(0);
          expect([instance.name, link.status]).toEqual([instance.name, 302]);
          const download = await fetch(link.headers.location);
          expect((await inspectPdf(Buffer.from(await download.arrayBuffer()))).pages).toBe(2);
          const api = await pdfBody(instance.http().get(`/api/deliveries/${print.id}/pdf/`).set(r.shopper.auth));
          expect([instance.name, api.status, (api.body as Buffer).subarray(0, 5).toString()]).toEqual([
            instance.name,
            200,
            '%PDF-',
          ]);
          const card = await instance.http().get(`/api/cards/${r.cardId}/`).set(r.shopper.auth);
          expect([instance.name, card.body.preview_url]).toEqual([instance.name, previews[i]]);
          const preview = await fetch(card.body.preview_url);
          expect(
            Buffer.from(await preview.arrayBuffer())
              .subarray(1, 4)
              .toString(),
          ).toBe('PNG');
          // The invoice is drawn on request by an instance with a browser, from the database alone.
          if (instance !== webA) {
            const invoice = await pdfBody(
              instance.http().get(`/api/orders/${r.ecardOrder}/invoice/`).set(r.shopper.auth),
            );
            expect([instance.name, invoice.status, (invoice.body as Buffer).subarray(0, 5).toString()]).toEqual([
              instance.name,
              200,
              '%PDF-',
            ]);
          }
        }
      }
      // What A served it read from the bucket: the view pages' renders are private objects there.
      expect((await bucketKeys()).filter((k) => k.startsWith('greeting-cards/render-cache/')).length).toBeGreaterThan(
        0,
      );
    }, 120_000);

    it(`machine B's whole process tree SIGKILLed mid-send of ${KILL_CARDS} distinct e-cards: none lost, copies only within its in-flight claims, each with one Message-ID`, async () => {
      const { strapi } = harness;
      const run = Date.now();
      const user = await createUser(strapi);
      const recipient = await createRecipient(strapi, user, { email: 'kill@example.test' });
      const paid = await q(strapi, 'order').create({
        data: { uuid: `two-machines-${run}`, user: user.id, status: 'paid', paid_at: new Date() },
      });
      const ids: number[] = [];
      await strapi.db.transaction(async () => {
        for (let i = 0; i < KILL_CARDS; i += 1) {
          const card = await createCard(strapi, user, {
            title: `kill ${i}`,
            canvas_data: design(`kill card ${i} ${run}`),
            inside_message: 'Once only',
          });
          const item = await q(strapi, 'order-item').create({
            data: { order: paid.id, card: card.id, recipient: recipient.id, delivery_method: 'ecard' },
          });
          const d = await q(strapi, 'delivery').create({
            data: { order_item: item.id, status: 'pending', view_token: `two-machines-${i}-${run}-abcdef` },
          });
          ids.push(d.id);
        }
      });
      const ours = (m: Parameters<typeof deliveryHeader>[0]) => ids.includes(Number(deliveryHeader(m)));
      // Both workers poll; wait until B holds claims and some cards went out, then kill its process tree.
      await until(
        async () => ({
          held: await q(strapi, 'delivery').count({ where: { id: { $in: ids }, claimed_by: workerB.instanceId } }),
          sent: smtp.messages.filter(ours).length,
        }),
        ({ held, sent }) => held > 0 && sent >= 10,
        60_000,
      );
      const tree: number[] = await machineKit.killTree(workerB.child);
      const held = await q(strapi, 'delivery').count({ where: { id: { $in: ids }, claimed_by: workerB.instanceId } });
      const sentBeforeKill = smtp.messages.filter(ours).length;
      // Every process of the tree is gone (or a zombie waiting to be reaped): Chromium too.
      await until(
        async () => tree.filter((pid) => machineKit.alive(pid)),
        (left: number[]) => left.length === 0,
        10_000,
      );
      expect(tree.length).toBeGreaterThan(1);

      // Machine A's worker takes B's claims over once their lease ends and sends the rest.
      await until(
        () => q(strapi, 'delivery').count({ where: { id: { $in: ids }, status: { $notIn: ['sent', 'delivered'] } } }),
        (left: number) => left === 0,
        90_000,
      );
      await smtp.waitFor(ours, KILL_CARDS, 20_000);
      const mails = smtp.messages.filter(ours);
      const lost = ids.filter((id) => !mails.some((m) => deliveryHeader(m) === String(id)));
      expect(lost).toEqual([]);
      for (const id of ids) {
        const messageIds = new Set(mails.filter((m) => deliveryHeader(m) === String(id)).map((m) => m.messageId));
        expect([id, messageIds.size]).toEqual([id, 1]);
      }
      const copies = mails.length - KILL_CARDS;
      expect(copies).toBeLessThanOrEqual(held);
      const rows: Row[] = await q(strapi, 'delivery').findMany({ where: { id: { $in: ids } }, select: ['claimed_by'] });
      expect(rows.filter((r) => r.claimed_by !== null)).toEqual([]);
      console.log(
        `two machines: ${KILL_CARDS} e-cards, machine B (${tree.length} processes) killed with ${held} claim(s) held after ${sentBeforeKill} sent; ${copies} same-Message-ID cop(ies), none lost`,
      );
    }, 150_000);
  },
);
