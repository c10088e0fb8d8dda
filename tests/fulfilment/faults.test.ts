// Fulfilment under faults, on a real Strapi, a real SMTP server and real Chromium: the SMTP server
// stopped in the middle of a run, Chromium killed mid-render, a Strapi process killed mid-run (its
// claims taken over by another process once their lease runs out) and, on PostgreSQL, every database
// connection terminated mid-run (pg_terminate_backend: the honest, non-destructive stand-in for a
// database restart on a shared server), and the same faults with the roles split (SERVICE_ROLE: one web
// instance taking the order, two workers sending it, one of them killed). Afterwards every paid card went out, counted at the SMTP server
// (any resend of a send cut off by the fault carries the same Message-ID) and exactly once in the
// postal outbox, and no order or delivery is left stuck.
// @coverage-on postgres (its connection-termination cases run there only: tests/helpers/lane-sequencer.js)
import fs from 'fs';
import path from 'path';
import { spawn, type ChildProcess } from 'child_process';
import { Client } from 'pg';
import type { ParsedMail } from 'mailparser';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { APP_DIR } from '../helpers/database';
import { deliveryHeader, design, fulfilment, q, until } from './helpers';
import { startRoleProcess, type RoleProcess } from './role-processes';

const LEASE_S = 4;
const OUTBOX = path.join(APP_DIR, 'private/greeting-cards/postal-outbox');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- database rows as the query engine returns them
type Row = Record<string, any>;

/**
 * Runs a read of this process's own, retrying it when PostgreSQL connections were terminated under it.
 * The tests terminate every connection of the database, this process's too: a query that was on one at
 * that moment fails once ("terminating connection due to administrator command", "Connection terminated
 * unexpectedly", or, when the socket is reset before the server's message is read, "read ECONNRESET");
 * the next gets a new connection.
 */
async function pastTermination<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 5 || !/terminat|ECONNRESET|EPIPE/i.test((error as Error).message)) throw error;
    }
  }
}

// The SMTP connections e-mail goes over (the default, named here): when the server stops, each may have
// had a message taken but not yet acknowledged, which the retry sends again.
const SMTP_POOL = 10;
// Sends one instance has under way at once (the default, named here).
const SENDS_AT_ONCE = 16;

describe('fulfilment under faults', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  const children: ChildProcess[] = [];
  const roleProcesses: RoleProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_DELIVERY_CLAIM_LEASE_SECONDS: String(LEASE_S),
      SERVICE_DELIVERY_CLAIM_RENEW_SECONDS: '1',
      SERVICE_DELIVERY_MAX_ATTEMPTS: '50',
      SERVICE_SMTP_POOL_SIZE: String(SMTP_POOL),
      SERVICE_DELIVERY_CONCURRENCY: String(SENDS_AT_ONCE),
    });
  });
  afterAll(async () => {
    await Promise.allSettled(roleProcesses.map((p) => p.stop()));
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await app?.stop();
    await smtp?.stop();
  });

  /** A paid order of e-cards (each its own design, so each needs a render) and posted cards. */
  async function paidOrder(tag: string, ecards: number, posted: number) {
    const { strapi } = app;
    const run = Date.now(); // new designs every run: nothing drawn before is in the render cache
    const user = await createUser(strapi);
    const recipient = await createRecipient(strapi, user, { email: `${tag}@example.test` });
    const order = await q(strapi, 'order').create({
      data: { uuid: `fault-${tag}-${Date.now()}`, user: user.id, status: 'paid', paid_at: new Date() },
    });
    const ids: number[] = [];
    const postedIds: number[] = [];
    await strapi.db.transaction(async () => {
      for (let i = 0; i < ecards + posted; i += 1) {
        const card = await createCard(strapi, user, {
          title: `${tag} ${i}`,
          canvas_data: design(`${tag} card ${i} ${run}`),
          inside_message: 'Once only',
        });
        const method = i < ecards ? 'ecard' : 'post';
        const item = await q(strapi, 'order-item').create({
          data: { order: order.id, card: card.id, recipient: recipient.id, delivery_method: method },
        });
        const d = await q(strapi, 'delivery').create({
          data: { order_item: item.id, status: 'pending', view_token: `fault-${tag}-${i}-${Date.now()}-abcdef` },
        });
        (method === 'ecard' ? ids : postedIds).push(d.id);
      }
    });
    return { order, ecardIds: ids, postedIds };
  }

  const emailsFor = (id: number) => smtp.messages.filter((m) => deliveryHeader(m) === String(id)).length;
  const outboxFor = (orderUuid: string): number[] => {
    if (!fs.existsSync(OUTBOX)) return [];
    return fs
      .readdirSync(OUTBOX)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(OUTBOX, f), 'utf8')))
      .filter((slip) => slip.order === orderUuid)
      .map((slip) => Number(slip.delivery));
  };

  /** Runs the delivery job (with a clock hours ahead, so retries are due) until the order has nothing left to send. */
  async function settle(ids: number[]) {
    const { strapi } = app;
    await pastTermination(() => fulfilment(strapi).drain());
    await until(
      () =>
        pastTermination(async () => {
          await fulfilment(strapi).runDue(new Date(Date.now() + 6 * 3600_000));
          return q(strapi, 'delivery').count({
            where: { id: { $in: ids }, status: { $notIn: ['sent', 'delivered'] } },
          });
        }),
      (left: number) => left === 0,
      90_000,
    );
  }

  /**
   * Every card went out, and no card twice as a reader sees it. SMTP has no idempotent send: when the
   * server (or our process) dies after the server took a message but before we recorded it, the card is
   * sent again. Such a copy carries the same Message-ID, so mail clients show one message; only sends in
   * flight at the moment of the fault (at most `inFlight`) can be copied. Posted cards are counted in
   * the postal outbox and must be there exactly once.
   */
  async function expectDeliveredOnce(order: Row, ecardIds: number[], postedIds: number[], inFlight: number) {
    const { strapi } = app;
    await smtp.waitFor((m) => ecardIds.includes(Number(deliveryHeader(m))), ecardIds.length, 20_000);
    expect(ecardIds.filter((id) => emailsFor(id) === 0)).toEqual([]);
    for (const id of ecardIds) {
      const ids = new Set(smtp.messages.filter((m) => deliveryHeader(m) === String(id)).map((m) => m.messageId));
      expect([id, ids.size]).toEqual([id, 1]);
      expect([...ids][0]).toMatch(new RegExp(`^<card-delivery-${id}\\.[0-9a-f]{12}@cards\\.example\\.test>$`));
    }
    const copies = ecardIds.reduce((n, id) => n + emailsFor(id) - 1, 0);
    expect(copies).toBeLessThanOrEqual(inFlight);
    const slips = outboxFor(order.uuid).sort((a, b) => a - b);
    expect(slips).toEqual([...postedIds].sort((a, b) => a - b));
    const rows: Row[] = await q(strapi, 'delivery').findMany({
      where: { id: { $in: [...ecardIds, ...postedIds] } },
      select: ['status', 'claimed_by'],
    });
    expect(rows.filter((r) => !['sent', 'delivered'].includes(r.status) || r.claimed_by !== null)).toEqual([]);
    expect((await q(strapi, 'order').findOne({ where: { id: order.id } })).status).toBe('fulfilled');
    return copies;
  }

  it('SMTP stopped mid-run and Chromium killed mid-render: every card goes out, none twice to the reader', async () => {
    const { strapi } = app;
    const { order, ecardIds, postedIds } = await paidOrder('smtp', 30, 6);
    await fulfilment(strapi).startOrder(order.id);

    await smtp.waitFor((m) => ecardIds.includes(Number(deliveryHeader(m))), 5, 60_000);
    await smtp.stop();
    // Sends now fail and are put back for a retry.
    await until(
      () => q(strapi, 'delivery').count({ where: { id: { $in: ecardIds }, last_error: { $notNull: true } } }),
      (n: number) => n > 0,
      60_000,
    );

    // Kill Chromium while the run still has cards to draw.
    const provider = strapi.plugin('greeting-cards').service('rendering').provider();
    const pid = await until(
      async () => provider.browserPid() as number | undefined,
      (p) => typeof p === 'number' && p > 0,
      60_000,
    );
    const drawnBefore = await q(strapi, 'delivery').count({
      where: { id: { $in: [...ecardIds, ...postedIds] }, status: { $in: ['sent', 'delivered'] } },
    });
    process.kill(pid as number, 'SIGKILL');

    await smtp.start();
    await settle([...ecardIds, ...postedIds]);
    // A copy only of a message a connection had at the server when it stopped: at most one per connection
    // (it was 8 while the pool was smaller; a CI run counted 9 with the pool of 10).
    const copies = await expectDeliveredOnce(order, ecardIds, postedIds, SMTP_POOL);
    console.log(
      `SMTP stop + Chromium kill: ${copies} same-Message-ID cop(ies) of cards in flight when SMTP went down; ${drawnBefore} sent before the kill`,
    );
    // A new browser took over.
    expect(provider.browserPid()).not.toBe(pid);
  });

  it('a Strapi process killed mid-run: its claims are taken over within a minute and every card goes out, none twice to the reader', async () => {
    const { strapi } = app;
    const { order, ecardIds } = await paidOrder('kill', 80, 0);
    const env = {
      ...process.env,
      ...app.db.env,
      ...smtp.env,
      NODE_ENV: 'test',
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      // No browser in the process that is killed: a SIGKILL would leave its Chromium behind.
      SERVICE_RENDERER: 'memory',
      SERVICE_DELIVERY_CLAIM_LEASE_SECONDS: String(LEASE_S),
      SERVICE_DELIVERY_CLAIM_RENEW_SECONDS: '1',
      SERVICE_DELIVERY_CONCURRENCY: '4',
      SERVICE_SCHEDULER_ENABLED: 'false',
      SERVICE_REMINDERS_ENABLED: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'error',
    };
    const child = spawn(process.execPath, [path.join(__dirname, 'kill-worker.js')], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr!.on('data', (c) => (err += c));
    const instance = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c) => {
        out += c;
        const m = /READY (\S+)\n/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${err}`)));
    });
    child.stdin!.write(`GO ${order.id}\n`);
    await smtp.waitFor((m) => ecardIds.includes(Number(deliveryHeader(m))), 15, 60_000);
    child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((r) => child.once('exit', r));

    const held = await q(strapi, 'delivery').count({ where: { id: { $in: ecardIds }, claimed_by: instance } });
    expect(held).toBeGreaterThan(0);
    // This instance runs the delivery job as its schedule would, until the dead one's claims are taken over.
    await until(
      async () => {
        await fulfilment(strapi).runDue(new Date());
        return q(strapi, 'delivery').count({ where: { id: { $in: ecardIds }, claimed_by: instance } });
      },
      (n: number) => n === 0,
      60_000,
    );
    const takenOverAfterMs = Date.now() - killedAt;
    expect(takenOverAfterMs).toBeLessThan(60_000);
    await settle(ecardIds);
    // Only a card whose claim the killed process still held can go out twice: it may have been handed to
    // the SMTP server with its outcome not yet recorded (outcomes are written in batches), so the bound is
    // those claims, not the sends at once (a CI run counted 5 copies with 4 sends at once).
    const copies = await expectDeliveredOnce(order, ecardIds, [], held);
    console.log(
      `killed with ${held} claim(s) held, ${copies} same-Message-ID cop(ies); taken over ${takenOverAfterMs} ms after the kill (lease ${LEASE_S} s)`,
    );
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres(
    'every PostgreSQL connection terminated mid-run: every card goes out, none twice to the reader',
    async () => {
      const { strapi } = app;
      const { order, ecardIds, postedIds } = await paidOrder('pg', 40, 4);
      await fulfilment(strapi).startOrder(order.id);
      await smtp.waitFor((m) => ecardIds.includes(Number(deliveryHeader(m))), 8, 60_000);
      const dbName = new URL(app.db.env.DATABASE_URL).pathname.slice(1);
      const deliveries = (strapi.db.metadata.get('plugin::greeting-cards.delivery' as never) as { tableName: string })
        .tableName;
      // Connected to the app's own database (it reads the deliveries' table), sparing only itself.
      const admin = new Client({ connectionString: app.db.env.DATABASE_URL });
      await admin.connect();
      let recorded: number[] = [];
      try {
        // In one statement: the e-cards whose send is recorded, and the termination of every connection.
        const { rows } = await admin.query(
          `SELECT (SELECT coalesce(array_agg(id), '{}') FROM "${deliveries}"
                    WHERE id = ANY($2::int[]) AND status IN ('sent', 'delivered')) AS recorded,
                  pg_terminate_backend(pid) AS ok
             FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [dbName, ecardIds],
        );
        expect(rows.length).toBeGreaterThan(0);
        recorded = rows[0].recorded.map(Number);
      } finally {
        await admin.end();
      }
      // Sent by then (the SMTP server has them) but not recorded: these, and the sends under way, may go again.
      const unrecorded = ecardIds.filter((id) => emailsFor(id) > 0 && !recorded.includes(id)).length;
      await settle([...ecardIds, ...postedIds]);
      // A send whose record was written never goes again.
      expect(recorded.filter((id) => emailsFor(id) !== 1)).toEqual([]);
      // A copy only of a card in the in-flight window when the connections went: sent but its record not
      // yet written (sends are recorded in groups, after the sender has taken its next card), or being sent.
      // The SMTP pool was the bound once: a CI run counted 12 copies with a pool of 10 and 16 sends at once.
      const copies = await expectDeliveredOnce(order, ecardIds, postedIds, unrecorded + SENDS_AT_ONCE);
      console.log(
        `PostgreSQL connections terminated: ${copies} same-Message-ID cop(ies); ${recorded.length} recorded, ${unrecorded} sent unrecorded then`,
      );
    },
  );

  it('roles split (one web, two workers): a worker killed mid-run (and on PostgreSQL every connection terminated), every card still goes out once; the web instance sends nothing', async () => {
    const { strapi } = app;
    const { order, ecardIds, postedIds } = await paidOrder('roles', 30, 3);
    const base = {
      ...process.env,
      ...app.db.env,
      ...smtp.env,
      NODE_ENV: 'test',
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_DELIVERY_CLAIM_LEASE_SECONDS: String(LEASE_S),
      SERVICE_DELIVERY_CLAIM_RENEW_SECONDS: '1',
      SERVICE_DELIVERY_MAX_ATTEMPTS: '50',
      SERVICE_DELIVERY_CONCURRENCY: '4',
      SERVICE_WORKER_POLL_SECONDS: '1',
      // Switched on everywhere: the role, not this switch, keeps the web instance from sending.
      SERVICE_SCHEDULER_ENABLED: 'true',
      SERVICE_REMINDERS_ENABLED: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'warn',
    };
    // The worker to be killed starts alone, so that it surely claims e-cards: with both workers up at once,
    // the other could claim all but a posted card in its first two batches, leaving this one nothing to
    // hold (an SQLite run under load waited 60 s for a claim of its). The survivor starts once it holds some.
    const [web, doomed] = await Promise.all([
      startRoleProcess({ ...base, SERVICE_ROLE: 'web' }),
      // No browser in the process that is killed (a SIGKILL would leave its Chromium behind); the other draws with Chromium.
      startRoleProcess({ ...base, SERVICE_ROLE: 'worker', SERVICE_RENDERER: 'memory' }),
    ]);
    roleProcesses.push(web, doomed);
    // After five e-cards the SMTP server stops answering, so each worker is caught in the middle of its sends,
    // holding claims: the worker drawing nothing could otherwise send all it claims between two polls (a CI
    // run on a busy machine saw it hold none for 60 s).
    const isOrdersEcard = (m: ParsedMail) => ecardIds.includes(Number(deliveryHeader(m)));
    const gate = smtp.holdAfter(5, isOrdersEcard);
    // Payment completion on the web instance: nothing is dispatched there, the workers' job picks the order up.
    web.go(order.id);
    // What the killed worker held: its messages at the server are dropped on release, never acknowledged.
    const doomedClaims = new Set<string>();
    const readDoomedClaims = async () => {
      const rows: Row[] = await q(strapi, 'delivery').findMany({
        where: { claimed_by: doomed.instanceId },
        select: ['id'],
      });
      for (const r of rows) doomedClaims.add(String(r.id));
      return rows.length;
    };
    let held: number;
    let survivor: RoleProcess;
    try {
      await smtp.waitFor(isOrdersEcard, 5, 60_000);
      held = await until(readDoomedClaims, (n: number) => n > 0, 60_000).catch(async (error: Error) => {
        // This wait failed once in CI (no claim for 60 s after five sends): say what the worker and the cards were doing.
        const rows: Row[] = await q(strapi, 'delivery').findMany({
          where: { id: { $in: [...ecardIds, ...postedIds] } },
          select: ['id', 'status', 'claimed_by', 'attempts', 'next_attempt_at', 'last_error'],
        });
        const byState = new Map<string, number>();
        for (const r of rows) {
          const key = `${r.status}/${r.claimed_by ? 'claimed' : 'free'}/attempts ${r.attempts}${r.last_error ? `/${String(r.last_error).slice(0, 120)}` : ''}`;
          byState.set(key, (byState.get(key) ?? 0) + 1);
        }
        throw new Error(
          `${error.message}\ncards: ${JSON.stringify(Object.fromEntries(byState))}\nkilled worker: ${doomed.describe()}\nweb: ${web.describe()}`,
        );
      });
      survivor = await startRoleProcess({ ...base, SERVICE_ROLE: 'worker', SERVICE_RENDERER: 'puppeteer' });
      roleProcesses.push(survivor);
      doomed.child.kill('SIGKILL');
      await new Promise((r) =>
        doomed.child.exitCode !== null || doomed.child.signalCode !== null ? r(null) : doomed.child.once('exit', r),
      );
      // Its claims stay its own until their lease (LEASE_S) runs out: read again for any taken since.
      await readDoomedClaims();
    } finally {
      gate.release((m) => doomedClaims.has(deliveryHeader(m)));
    }
    if (process.env.TEST_DATABASE_URL) {
      const dbName = new URL(app.db.env.DATABASE_URL).pathname.slice(1);
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [dbName],
        );
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
    }
    // Only the surviving worker sends from here on (this process runs no job): the dead one's claims after
    // their lease. The order is marked fulfilled when the batch that sent its last card ends.
    await until(
      () =>
        pastTermination(async () => ({
          left: await q(strapi, 'delivery').count({
            where: {
              id: { $in: [...ecardIds, ...postedIds] },
              $or: [{ status: { $notIn: ['sent', 'delivered'] } }, { claimed_by: { $notNull: true } }],
            },
          }),
          order: (await q(strapi, 'order').findOne({ where: { id: order.id }, select: ['status'] })).status,
        })),
      ({ left, order: status }) => left === 0 && status === 'fulfilled',
      90_000,
    );
    // A copy only of a message a connection had at the server when it stopped: at most one per connection
    // (it was 8 while the pool was smaller; a CI run counted 9 with the pool of 10).
    const copies = await expectDeliveredOnce(order, ecardIds, postedIds, SMTP_POOL);
    const webStatus = await web.status();
    expect(webStatus).toEqual({ claims: 0, renderer: 'RefusingRenderer', browserPid: null, refusals: 0, jobs: {} });
    const survivorStatus = await survivor.status();
    expect(survivorStatus.claims).toBeGreaterThan(0);
    console.log(
      `roles split: worker killed holding ${held} claim(s); ${survivorStatus.claims} claims by the surviving worker, none by the web instance; ${copies} same-Message-ID cop(ies)`,
    );
    await Promise.all([web.stop(), survivor.stop()]);
  });
});
