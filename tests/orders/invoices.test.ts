import path from 'path';
import { spawn } from 'child_process';
import type { ParsedMail } from 'mailparser';
import { startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';
import { deliveriesOf, orderRow } from '../helpers/order-fixtures';
import { paidEcardAndGermanPost, pdfWords } from '../helpers/invoice-fixtures';
import { webSession } from '../web/session';

// Issue 43, item 2: every paid order gets an invoice, numbered without gaps across instances, drawn by
// the one renderer, served to its owner only; a refund gets a credit note from its own sequence; the
// confirmation and the order page say the VAT. Prices are gross (the default): an e-card taxed at the
// buyer's rate (the shop's country, GB 20 %), a posted card to Germany at the German rate (19 %).

jest.setTimeout(180_000);

const INVOICE = 'plugin::greeting-cards.invoice';
const ENV = {
  SERVICE_SEED_SAMPLE_DATA: 'false',
  SERVICE_RENDERER: 'puppeteer',
  SERVICE_DEMO_PAYMENTS: 'true',
  SERVICE_STRIPE_SECRET_KEY: '',
  SERVICE_PUBLIC_URL: 'https://cards.example.test',
  SERVICE_VAT_RATES: 'GB:2000,DE:1900',
  SERVICE_SELLER_NAME: 'Kindred Cards Ltd',
  SERVICE_SELLER_ADDRESS: '1 Paper Lane, London, EC1A 1AA',
  SERVICE_SELLER_VAT_NUMBER: 'GB123456789',
};

const words = pdfWords;

describe('invoices and credit notes', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let buyer: TestUser;
  const http = () => app.http();
  const invoices = (a: TestApp = app) => a.strapi.plugin('greeting-cards').service('invoices');

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...ENV, ...smtp.env });
    buyer = await createUser(app.strapi);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  /** An e-card (now) and a posted card to Germany (next week), checked out and paid; the order's uuid. */
  const paidOrder = (user: TestUser) => paidEcardAndGermanPost(app, user);

  const invoiceNumbers = async () =>
    (
      (await app.strapi.db.query(INVOICE).findMany({ where: { kind: 'invoice' }, select: ['number'] })) as Array<{
        number: number;
      }>
    )
      .map((r) => r.number)
      .sort((a, b) => a - b);

  it('issues the invoice of a paid order in the sweep, with per-line VAT by place of supply, as a PDF its owner alone can read', async () => {
    const uuid = await paidOrder(buyer);
    const before = await invoiceNumbers();
    // The worker's sweep (the scheduler is off in tests): the invoice first, then the confirmation.
    expect(await invoices().issueMissed()).toBe(1);
    expect(await invoices().issueMissed()).toBe(0);
    const numbers = await invoiceNumbers();
    expect(numbers).toHaveLength(before.length + 1);
    const number = numbers[numbers.length - 1];
    const label = `INV-${String(number).padStart(6, '0')}`;
    const row = await orderRow(app.strapi, uuid);
    expect(row).toMatchObject({ invoice_number: number, vat_pence: 114, vat_source: 'rules', total_pence: 698 });

    expect((await http().get(`/api/orders/${uuid}/invoice/`)).status).toBe(401);
    const stranger = await createUser(app.strapi);
    expect((await http().get(`/api/orders/${uuid}/invoice/`).set(stranger.auth)).status).toBe(404);
    const res = await http()
      .get(`/api/orders/${uuid}/invoice/`)
      .set(buyer.auth)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    expect(res.headers['cache-control']).toContain('no-store');
    const text = await words(res.body as Buffer);
    expect(text).toContain('Invoice');
    expect(text).toContain(label);
    expect(text).toContain('Kindred Cards Ltd');
    expect(text).toContain('GB123456789');
    expect(text).toContain(buyer.email);
    // e-card 2.99 at 20 %: VAT 0.50 (49.83 rounded), net 2.49; posted 3.99 at 19 %: VAT 0.64, net 3.35.
    expect(text).toMatch(/£2\.49 20 % £0\.50 £2\.99/);
    expect(text).toMatch(/£3\.35 19 % £0\.64 £3\.99/);
    expect(text).toMatch(/Total net £5\.84/);
    expect(text).toMatch(/Total VAT £1\.14/);
    expect(text).toMatch(/Total £6\.98/);

    // The confirmation says the invoice's VAT.
    const confirmations = app.strapi.plugin('greeting-cards').service('orderConfirmations');
    expect(await confirmations.sendMissed()).toBe(1);
    const toBuyer = (m: ParsedMail) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === buyer.email));
    const [mail] = await smtp.waitFor(toBuyer, 1);
    expect(String(mail.text)).toContain('Including VAT of £1.14');
    expect(String(mail.html)).toContain('Including VAT of £1.14');

    // The order page shows the VAT and links the invoice; the link serves the same document.
    const session = await webSession(app, buyer);
    const page = await http().get(`/orders/${uuid}/`).set('Cookie', session.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Including VAT<\/dt><dd>£1\.14/);
    expect(page.text).toContain(`href="/orders/${uuid}/invoice/"`);
    expect(page.text).toContain(`Invoice ${label} (PDF)`);
    const linked = await http()
      .get(`/orders/${uuid}/invoice/`)
      .set('Cookie', session.cookie)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(linked.status).toBe(200);
    expect(await words(linked.body as Buffer)).toContain(label);
    const otherSession = await webSession(app, stranger);
    expect((await http().get(`/orders/${uuid}/invoice/`).set('Cookie', otherSession.cookie)).status).toBe(404);
  });

  it('a refund of a cancelled posted card gives a credit note from its own sequence, linked from the order page', async () => {
    const uuid = await paidOrder(buyer);
    const invoice = await invoices().issueFor((await orderRow(app.strapi, uuid)).id);
    const posted = ((await deliveriesOf(app.strapi, uuid)) as Array<{ id: number; status: string }>).find(
      (d) => d.status === 'scheduled',
    )!;
    const cancelled = await http().post(`/api/deliveries/${posted.id}/cancel/`).set(buyer.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ amount_pence: 399, status: 'succeeded' });
    const creditsBefore = await app.strapi.db.query(INVOICE).count({ where: { kind: 'credit_note' } });
    expect(await invoices().issueMissed()).toBe(1);
    const credit = await app.strapi.db
      .query(INVOICE)
      .findOne({ where: { kind: 'credit_note', order_id: invoice.order_id } });
    expect(credit.number).toBe(creditsBefore + 1);
    expect(credit).toMatchObject({ gross_pence: 399, vat_pence: 64, net_pence: 335 });
    const label = `CN-${String(credit.number).padStart(6, '0')}`;

    const session = await webSession(app, buyer);
    const page = await http().get(`/orders/${uuid}/`).set('Cookie', session.cookie);
    expect(page.text).toContain(`href="/orders/${uuid}/credit-notes/${credit.number}/"`);
    const pdf = await http()
      .get(`/api/orders/${uuid}/credit-notes/${credit.number}/`)
      .set(buyer.auth)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    const text = await words(pdf.body as Buffer);
    expect(text).toContain('Credit note');
    expect(text).toContain(label);
    expect(text).toContain(`INV-${String(invoice.number).padStart(6, '0')}`);
    expect(text).toMatch(/£3\.35 19 % £0\.64 £3\.99/);
    expect(text).toMatch(/Total credited £3\.99/);
    expect(
      (
        await http()
          .get(`/api/orders/${uuid}/credit-notes/${credit.number + 50}/`)
          .set(buyer.auth)
      ).status,
    ).toBe(404);
  });

  it('two instances issuing at once give consecutive numbers, none lost and none twice', async () => {
    const second = await startIssuer({
      ...process.env,
      ...app.db.env,
      ...ENV,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      SERVICE_RENDERER: 'memory',
      SERVICE_SCHEDULER_ENABLED: 'false',
      SERVICE_REMINDERS_ENABLED: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'error',
    });
    try {
      const orders: string[] = [];
      for (let i = 0; i < 4; i += 1) orders.push(await paidOrder(buyer));
      const ids = await Promise.all(orders.map(async (u) => (await orderRow(app.strapi, u)).id as number));
      const before = await invoiceNumbers();
      // Every order asked on both instances at once (say the PDF link on one, the sweep on the other).
      const [theirs, ours] = await Promise.all([
        second.issue(ids),
        Promise.all(ids.map((id) => invoices().issueFor(id))),
      ]);
      const byOrder = new Map<number, number>();
      for (const doc of [...ours, ...theirs]) {
        const seen = byOrder.get(doc.order_id);
        if (seen !== undefined) expect(doc.number).toBe(seen); // both instances answer with the same invoice
        byOrder.set(doc.order_id, doc.number);
      }
      expect(byOrder.size).toBe(4);
      const after = await invoiceNumbers();
      expect(after).toHaveLength(before.length + 4);
      // Gap-free from 1, every number once.
      expect(after).toEqual(after.map((_, i) => i + 1));
      const counter = await app.strapi.db
        .query('plugin::greeting-cards.invoice-counter')
        .findOne({ where: { sequence: 'invoice' } });
      expect(counter.last_number).toBe(after.length);
    } finally {
      await second.stop();
    }
  });
});

/** tests/orders/invoice-issuer.js: a second Strapi on the same database, issuing when told. */
async function startIssuer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [path.join(__dirname, 'invoice-issuer.js')], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiting: Array<(line: string) => boolean> = [];
  child.stderr!.on('data', (c) => (err += c));
  child.stdout!.on('data', (c) => {
    out += c;
    let newline;
    while ((newline = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, newline);
      out = out.slice(newline + 1);
      const index = waiting.findIndex((take) => take(line));
      if (index >= 0) waiting.splice(index, 1);
    }
  });
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  const nextLine = (...prefixes: string[]) =>
    new Promise<string>((resolve, reject) => {
      waiting.push((line) => {
        if (!prefixes.some((p) => line.startsWith(p))) return false;
        resolve(line);
        return true;
      });
      void exited.then((code) => reject(new Error(`issuer exited (${code}): ${err}`)));
    });
  await nextLine('READY');
  return {
    async issue(ids: number[]): Promise<Array<{ order_id: number; number: number }>> {
      const answer = nextLine('ISSUED ', 'FAILED ');
      child.stdin!.write(`ISSUE ${ids.join(',')}\n`);
      const line = await answer;
      if (line.startsWith('FAILED ')) throw new Error(`the second instance failed: ${JSON.parse(line.slice(7))}`);
      return JSON.parse(line.slice('ISSUED '.length));
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.write('STOP\n');
      await exited;
    },
  };
}
