import { SMTPServer } from 'smtp-server';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, freePort, SmtpCapture } from '../helpers/smtp';
import { sqlDuring } from '../helpers/sql-count';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { deliveryHeader, fulfilment, q } from './helpers';
import { pooledSmtpOptions } from '../../plugins/greeting-cards/server/src/platform/host/smtp-pool';

type Row = Record<string, unknown>;

// Issue 46 item 4: the delivery job claims, reads and records e-cards in batches, and sends them over a
// pool of SMTP connections whose size is the plugin's setting (SERVICE_SMTP_POOL_SIZE).

const QUIET = {
  SERVICE_SEED_SAMPLE_DATA: 'false',
  SERVICE_RENDERER: 'memory',
  SERVICE_PUBLIC_URL: 'https://cards.example.test',
  SERVICE_SCHEDULER_ENABLED: 'false',
  SERVICE_REMINDERS_ENABLED: 'false',
};

/** A paid order of `count` e-cards (one card, distinct recipients), its deliveries due now. */
async function dueEcards(app: TestApp, count: number, label: string) {
  const { strapi } = app;
  const user = await createUser(strapi);
  const card = await createCard(strapi, user, { title: `${label} card`, inside_message: 'Once each' });
  const order = await q(strapi, 'order').create({
    data: { uuid: `${label}-${Date.now()}`, user: user.id, status: 'paid', paid_at: new Date() },
  });
  const ids: number[] = [];
  await strapi.db.transaction(async () => {
    for (let i = 0; i < count; i += 1) {
      const recipient = await createRecipient(strapi, user, { email: `${label}-${i}@example.test` });
      const item = await q(strapi, 'order-item').create({
        data: { order: order.id, card: card.id, recipient: recipient.id, delivery_method: 'ecard' },
      });
      const d = await q(strapi, 'delivery').create({
        data: { order_item: item.id, status: 'pending', view_token: `${label}-token-${i}-${Date.now()}-abcdef` },
      });
      ids.push(d.id);
    }
  });
  return { order, card, ids };
}

function perDelivery(smtp: SmtpCapture): Map<string, number> {
  const seen = new Map<string, number>();
  for (const m of smtp.messages) {
    const h = deliveryHeader(m);
    if (h) seen.set(h, (seen.get(h) ?? 0) + 1);
  }
  return seen;
}

describe('fulfilment in batches: claims, reads and outcomes', () => {
  let app: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...smtp.env, ...QUIET, SERVICE_DELIVERY_CONCURRENCY: '4' });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it('sends 120 due e-cards with a few claim and outcome statements, each once, with its own Message-ID', async () => {
    const { strapi } = app;
    const { order, card, ids } = await dueEcards(app, 120, 'batch');
    const { result: run, sql } = await sqlDuring(app, () => fulfilment(strapi).runDue(new Date()));
    expect(run).toMatchObject({ claimed: 120, sent: 120, failed: 0, retrying: 0 });

    // One statement per card was 120 claims and 120 outcomes; claims go 16 at a time (4 senders), and
    // the outcomes of the sends that finish within 50 ms of each other share one statement.
    const deliveryUpdates = sql.filter((s) => /^update\s+[`"]?gc_deliveries[`"]?\s/i.test(s));
    const claims = deliveryUpdates.filter((s) => /returning/i.test(s));
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.length).toBeLessThanOrEqual(10);
    expect(deliveryUpdates.length - claims.length).toBeLessThanOrEqual(60);

    await smtp.waitFor((m) => ids.map(String).includes(deliveryHeader(m)), 120, 30000);
    const seen = perDelivery(smtp);
    expect(ids.every((id) => seen.get(String(id)) === 1)).toBe(true);
    // The Message-ID names the delivery, so a retry after a lost answer is the same message.
    const ours = smtp.messages.filter((m) => ids.map(String).includes(deliveryHeader(m)));
    expect(new Set(ours.map((m) => m.messageId)).size).toBe(120);
    for (const m of ours)
      expect(m.messageId).toMatch(
        new RegExp(`^<card-delivery-${deliveryHeader(m)}\\.[0-9a-f]{12}@cards\\.example\\.test>$`),
      );
    // The e-mail's picture travels as one inline attachment.
    expect(ours.every((m) => m.attachments.filter((a) => a.cid === 'card-front').length === 1)).toBe(true);

    const rows = await q(strapi, 'delivery').findMany({
      where: { id: { $in: ids } },
      select: ['status', 'attempts', 'claimed_by', 'claimed_at', 'sent_at'],
    });
    expect(rows.every((r: Row) => r.status === 'sent' && r.attempts === 1 && r.claimed_by === null && r.sent_at)).toBe(
      true,
    );
    expect((await q(strapi, 'card').findOne({ where: { id: card.id } })).status).toBe('sent');
    expect((await q(strapi, 'order').findOne({ where: { id: order.id } })).status).toBe('fulfilled');
  });

  it('two runs started at once over the same cards send each card once', async () => {
    const { strapi } = app;
    const { ids } = await dueEcards(app, 80, 'twice');
    const service = fulfilment(strapi);
    // startOrder (payment completion) and the job's run race for the same rows in this instance.
    await service.startOrder(0, ids);
    const [run] = await Promise.all([service.runDue(new Date()), service.drain()]);
    await smtp.waitFor((m) => ids.map(String).includes(deliveryHeader(m)), 80, 30000);
    const seen = perDelivery(smtp);
    expect(ids.every((id) => seen.get(String(id)) === 1)).toBe(true);
    expect(run.claimed).toBeLessThan(80);
    const rows = await q(strapi, 'delivery').findMany({ where: { id: { $in: ids } }, select: ['status', 'attempts'] });
    expect(rows.every((r: Row) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('puts a card in the library of a recipient who has an account, once, whatever the batch', async () => {
    const { strapi } = app;
    const { ids, card } = await dueEcards(app, 3, 'library');
    const reader = await createUser(strapi, { email: 'library-1@example.test' });
    await fulfilment(strapi).runDue(new Date());
    await smtp.waitFor((m) => ids.map(String).includes(deliveryHeader(m)), 3, 30000);
    const entries = await q(strapi, 'library-entry').findMany({
      where: { type: 'received', card: { id: card.id } },
      populate: ['user'],
    });
    expect(entries.map((e: Row) => (e.user as Row | null)?.id)).toEqual([reader.id]);
    expect(entries[0].received_address).toBe('library-1@example.test');
  });
});

/** An SMTP server that counts the connections opened to it and the messages it received. */
async function countingSmtp() {
  const port = await freePort();
  let connections = 0;
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 200,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        messages += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', SMTP_TIMEOUT_MS: '2000' },
    connections: () => connections,
    messages: () => messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each([
  { size: '2', most: 2 },
  { size: '0', most: null },
])('SMTP connections with SERVICE_SMTP_POOL_SIZE=$size', ({ size, most }) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof countingSmtp>>;

  beforeAll(async () => {
    smtp = await countingSmtp();
    app = await startApp({ ...smtp.env, ...QUIET, SERVICE_SMTP_POOL_SIZE: size, SERVICE_DELIVERY_CONCURRENCY: '8' });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it(most ? `sends 24 e-cards over at most ${most} connections` : 'opens a connection per e-card', async () => {
    const options = app.strapi.config.get('plugin::email') as { providerOptions: Record<string, unknown> };
    expect(options.providerOptions.pool).toBe(Boolean(most));
    await dueEcards(app, 24, `pool${size}`);
    const before = smtp.connections();
    await fulfilment(app.strapi).runDue(new Date());
    const deadline = Date.now() + 20000;
    while (smtp.messages() < 24 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.messages()).toBe(24);
    const opened = smtp.connections() - before;
    if (most) {
      expect(opened).toBeGreaterThan(0);
      expect(opened).toBeLessThanOrEqual(most);
    } else expect(opened).toBe(24);
  });
});

describe('the pool the plugin sets on the e-mail provider (pure)', () => {
  const smtpHost = { provider: 'nodemailer', providerOptions: { host: 'mail.example.test', port: 587 } };

  it('pools nodemailer over SMTP with the setting as its size, or turns pooling off at 0', () => {
    expect(pooledSmtpOptions(smtpHost, 7)).toEqual({
      host: 'mail.example.test',
      port: 587,
      pool: true,
      maxConnections: 7,
    });
    expect(pooledSmtpOptions(smtpHost, 0)).toEqual({ host: 'mail.example.test', port: 587, pool: false });
  });

  it("keeps a host's own pool, the development mailbox and other providers as they are", () => {
    expect(pooledSmtpOptions({ provider: 'nodemailer', providerOptions: { host: 'h', pool: false } }, 5)).toBeNull();
    expect(pooledSmtpOptions({ provider: 'nodemailer', providerOptions: { streamTransport: true } }, 5)).toBeNull();
    expect(pooledSmtpOptions({ provider: 'sendgrid', providerOptions: { apiKey: 'k' } }, 5)).toBeNull();
    expect(pooledSmtpOptions(undefined, 5)).toBeNull();
  });
});
