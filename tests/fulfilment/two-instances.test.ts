import { spawn, ChildProcess } from 'child_process';
import path from 'path';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { deliveryHeader, fulfilment, q } from './helpers';

const COUNT = 200;

/** Starts the second instance and resolves once it has booted. */
function startWorker(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; go(): Promise<any> }> {
  const child = spawn(process.execPath, [path.join(__dirname, 'race-worker.js')], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('READY\n')) {
        child.stdout!.off('data', onData);
        resolve({
          child,
          async go() {
            let rest = '';
            child.stdout!.on('data', (c) => (rest += c));
            child.stdin!.write('GO\n');
            const code = await exited;
            if (code !== 0) throw new Error(`second instance exited with ${code}: ${err}`);
            const line = rest.split('\n').find((l) => l.startsWith('RESULT '));
            if (!line) throw new Error(`second instance printed no result: ${rest} ${err}`);
            return JSON.parse(line.slice('RESULT '.length));
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    exited.then((code) => reject(new Error(`second instance exited (${code}) before it was ready: ${err}`)));
  });
}

describe('fulfilment: two Strapi instances on one database send each due delivery exactly once', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let worker: ChildProcess | null = null;
  const env: Record<string, string> = {
    SERVICE_SEED_SAMPLE_DATA: 'false',
    SERVICE_RENDERER: 'memory',
    SERVICE_PUBLIC_URL: 'https://cards.example.test',
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...smtp.env, ...env });
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) worker.kill();
    await app?.stop();
    await smtp?.stop();
  });

  it(`races over ${COUNT} due deliveries: every one is e-mailed once, both instances take part`, async () => {
    const { strapi } = app;
    const user = await createUser(strapi);
    const card = await createCard(strapi, user, { title: 'Race card', inside_message: 'Only once' });
    const recipient = await createRecipient(strapi, user, { email: 'race@example.test' });
    const order = await q(strapi, 'order').create({
      data: { uuid: `race-${Date.now()}`, user: user.id, status: 'paid', paid_at: new Date() },
    });
    const past = new Date(Date.now() - 60_000);
    const ids: number[] = [];
    await strapi.db.transaction(async () => {
      for (let i = 0; i < COUNT; i += 1) {
        const item = await q(strapi, 'order-item').create({
          data: { order: order.id, card: card.id, recipient: recipient.id, delivery_method: 'ecard' },
        });
        const d = await q(strapi, 'delivery').create({
          data: {
            order_item: item.id,
            status: i % 2 ? 'pending' : 'scheduled',
            scheduled_for: past,
            view_token: `race-token-${i}-${Date.now()}-abcdef`,
          },
        });
        ids.push(d.id);
      }
    });

    // The second process gets the same database and SMTP server, and this process's environment otherwise.
    const childEnv = {
      ...process.env,
      ...app.db.env,
      ...smtp.env,
      ...env,
      NODE_ENV: 'test',
      SERVICE_SCHEDULER_ENABLED: 'false',
      SERVICE_REMINDERS_ENABLED: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'error',
    };
    const second = await startWorker(childEnv);
    worker = second.child;
    const [theirs, ours] = await Promise.all([second.go(), fulfilment(strapi).runDue(new Date())]);

    expect(ours.claimed + theirs.run.claimed).toBe(COUNT);
    expect(ours.sent + theirs.run.sent).toBe(COUNT);
    expect(theirs.instance).not.toBe(fulfilment(strapi).instanceId());
    expect(ours.claimed).toBeGreaterThan(0);
    expect(theirs.run.claimed).toBeGreaterThan(0);

    await smtp.waitFor((m) => deliveryHeader(m) !== '', COUNT, 30000);
    const perDelivery = new Map<string, number>();
    for (const m of smtp.messages) {
      const h = deliveryHeader(m);
      if (h) perDelivery.set(h, (perDelivery.get(h) ?? 0) + 1);
    }
    expect(perDelivery.size).toBe(COUNT);
    expect([...perDelivery.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(perDelivery.keys())).toEqual(new Set(ids.map(String)));

    const rows = await q(strapi, 'delivery').findMany({
      where: { id: { $in: ids } },
      select: ['status', 'attempts', 'claimed_by'],
    });
    expect(rows.every((r: any) => r.status === 'sent' && r.attempts === 1 && r.claimed_by === null)).toBe(true);
    expect((await q(strapi, 'order').findOne({ where: { id: order.id } })).status).toBe('fulfilled');
    console.log(`race split: this instance ${ours.claimed}, the other ${theirs.run.claimed}`);
  });
});
