import fs from 'fs';
import os from 'os';
import path from 'path';
import { bootFailure, startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { createAddon, createRecipient, deliveriesOf, orderRow, pendingOrder } from '../helpers/order-fixtures';
import { deliveryHeader, fulfilment, q } from './helpers';

const MINUTE = 60_000;

// Boot failures first: a second Strapi that fails to boot in the same process takes the global with it.
describe('postal backend setting', () => {
  it('a bad SERVICE_POSTAL_DELIVERY_BACKEND stops boot naming the setting', async () => {
    const error = await bootFailure({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_POSTAL_DELIVERY_BACKEND: './tests/fixtures/no-such-backend.js',
    });
    expect(error.message).toMatch(
      /SERVICE_POSTAL_DELIVERY_BACKEND: cannot load module "\.\/tests\/fixtures\/no-such-backend\.js"/,
    );
    const wrongShape = await bootFailure({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_POSTAL_DELIVERY_BACKEND: './tests/fixtures/not-an-adapter.js',
    });
    expect(wrongShape.message).toMatch(/SERVICE_POSTAL_DELIVERY_BACKEND: .*must provide send\(\)/);
  });

  it('registers the every-15-seconds delivery job and the daily reminder job only when switched on', async () => {
    const on = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_SCHEDULER_ENABLED: 'true',
      SERVICE_REMINDERS_ENABLED: 'true',
    });
    try {
      const jobs = (on.strapi as any).cron.jobs as Array<{ name: string; options: any; job: any }>;
      const byName = new Map(jobs.map((j) => [j.name, j]));
      expect(byName.get('greetingCardsDeliveries')?.options).toEqual({ rule: '*/15 * * * * *' });
      // Hourly: each shopper's reminders go when their own clock reaches the send hour.
      expect(byName.get('greetingCardsReminders')?.options).toEqual({ rule: '0 0 * * * *', tz: 'Etc/UTC' });
      // The address links' daily summaries (issue 24) run with the scheduler, every minute.
      expect(byName.get('greetingCardsAddressSummaries')?.options).toEqual({ rule: '30 * * * * *' });
      const next = byName.get('greetingCardsDeliveries')!.job.nextInvocation() as Date;
      // Abandoned claims are taken over within the lease plus this interval.
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(15_000);
    } finally {
      await on.stop();
    }
  });
});

// The browser-free renderer: these tests are about when and how often things are sent, not how they look.
describe('fulfilment: scheduled sends, retries, a custom postal backend and reminders', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  const postalLog = path.join(os.tmpdir(), `gc-postal-${process.pid}-${Date.now()}.jsonl`);
  const http = () => app.http();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    fs.writeFileSync(postalLog, '');
    process.env.TEST_POSTAL_LOG = postalLog;
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_DELIVERY_MAX_ATTEMPTS: '3',
      SERVICE_POSTAL_DELIVERY_BACKEND: './tests/fixtures/postal-backend.js',
      SERVICE_POSTAL_REFERENCE_PREFIX: 'ZZ',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
    fs.rmSync(postalLog, { force: true });
  });

  async function paidOrder(user: any, items: Array<Record<string, unknown>>) {
    const order = await pendingOrder(app.strapi, http, user, items);
    expect((await http().post(`/api/orders/${order.uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    return order.uuid as string;
  }
  const mailsFor = (id: number) => smtp.messages.filter((m) => deliveryHeader(m) === String(id));

  it('registers no job when the switches are off (as in these tests)', () => {
    const names = ((app.strapi as any).cron.jobs as Array<{ name: string }>).map((j) => j.name);
    expect(names).not.toContain('greetingCardsDeliveries');
    expect(names).not.toContain('greetingCardsReminders');
  });

  it('uses the configured postal backend, handing it the PDF, the address and the gift packing data', async () => {
    const user = await createUser(app.strapi);
    const addon = await createAddon(app.strapi, { name: 'Tea sampler' });
    const uuid = await paidOrder(user, [{ delivery_method: 'post', gift_addon_id: addon.id, gift_wrap: true }]);
    const [delivery] = await deliveriesOf(app.strapi, uuid);
    expect(delivery).toMatchObject({
      status: 'sent',
      tracking_reference: `TC-${String(delivery.id).padStart(8, '0')}`,
    });
    const jobs = fs
      .readFileSync(postalLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      deliveryId: delivery.id,
      orderUuid: uuid,
      prefixSetting: 'ZZ',
      address: {
        name: 'Ada Lovelace',
        address_line_1: '12 St James Square',
        city: 'London',
        postcode: 'SW1Y 4JH',
        country: 'GB',
      },
      packing: { card_title: 'Happy birthday', gift_addon: { id: addon.id, name: 'Tea sampler' }, gift_wrap: true },
    });
    expect(jobs[0].pdfBytes).toBeGreaterThan(100);
    expect(fulfilment(app.strapi).postalBackend().name).toBe('test-courier');
    expect((await orderRow(app.strapi, uuid)).status).toBe('fulfilled');
  });

  it('a backend that only queues a card is asked for its status by the job, and never sent the card twice', async () => {
    const service = fulfilment(app.strapi);
    const original = service.postalBackend();
    let state = 'processing';
    const sent: number[] = [];
    service.usePostalBackend({
      name: 'queueing',
      async send(job: any) {
        sent.push(job.deliveryId);
        return { trackingReference: `QU-${String(job.deliveryId).padStart(8, '0')}`, status: 'processing' };
      },
      async status() {
        return state;
      },
    });
    try {
      const user = await createUser(app.strapi);
      const uuid = await paidOrder(user, [{ delivery_method: 'post' }]);
      let [d] = await deliveriesOf(app.strapi, uuid);
      expect(d).toMatchObject({
        status: 'processing',
        claimed_by: null,
        tracking_reference: `QU-${String(d.id).padStart(8, '0')}`,
      });
      expect((await orderRow(app.strapi, uuid)).status).toBe('paid');
      await service.runDue(new Date(Date.now() + 3600_000));
      [d] = await deliveriesOf(app.strapi, uuid);
      expect(d.status).toBe('processing');
      state = 'delivered';
      await service.runDue(new Date(Date.now() + 3600_000));
      [d] = await deliveriesOf(app.strapi, uuid);
      expect(d.status).toBe('delivered');
      expect(d.delivered_at).toBeTruthy();
      expect(sent).toEqual([d.id]);
      expect((await orderRow(app.strapi, uuid)).status).toBe('fulfilled');
      const item = await q(app.strapi, 'order-item').findOne({ where: { id: d.order_item.id }, populate: ['card'] });
      expect(item.card.status).toBe('sent');
    } finally {
      service.usePostalBackend(original);
    }
  });

  it('sends due scheduled deliveries from the job and leaves future ones waiting', async () => {
    const user = await createUser(app.strapi);
    const soon = new Date(Date.now() + 2 * 3600_000);
    const later = new Date(Date.now() + 5 * 86400_000);
    const uuid = await paidOrder(user, [
      {},
      { scheduled_for: soon.toISOString() },
      { scheduled_for: later.toISOString() },
    ]);
    const byTime = (await deliveriesOf(app.strapi, uuid)).sort(
      (a: any, b: any) => +new Date(a.scheduled_for) - +new Date(b.scheduled_for),
    );
    const [now, first, second] = byTime;
    expect(now.status).toBe('sent');
    expect([first.status, second.status]).toEqual(['scheduled', 'scheduled']);
    expect(mailsFor(now.id)).toHaveLength(1);

    // At the present time nothing scheduled is due.
    expect(await fulfilment(app.strapi).runDue(new Date())).toMatchObject({ claimed: 0, sent: 0 });
    // Just after the first one's time: only it goes.
    const run = await fulfilment(app.strapi).runDue(new Date(soon.getTime() + MINUTE));
    expect(run).toMatchObject({ claimed: 1, sent: 1 });
    const rows = await Promise.all(
      [first, second].map((d: any) => q(app.strapi, 'delivery').findOne({ where: { id: d.id } })),
    );
    expect(rows.map((r: any) => r.status)).toEqual(['sent', 'scheduled']);
    expect(mailsFor(first.id)).toHaveLength(1);
    expect(mailsFor(second.id)).toHaveLength(0);
    expect((await orderRow(app.strapi, uuid)).status).toBe('paid');
    // Running the same minute again sends nothing twice.
    expect(await fulfilment(app.strapi).runDue(new Date(soon.getTime() + MINUTE))).toMatchObject({ claimed: 0 });

    await fulfilment(app.strapi).runDue(new Date(later.getTime() + MINUTE));
    expect((await q(app.strapi, 'delivery').findOne({ where: { id: second.id } })).status).toBe('sent');
    expect(mailsFor(second.id)).toHaveLength(1);
    expect((await orderRow(app.strapi, uuid)).status).toBe('fulfilled');
  });

  it('loses nothing while the SMTP server is down: attempts are recorded, then everything goes once it is back', async () => {
    const user = await createUser(app.strapi);
    await smtp.stop();
    const uuid = await paidOrder(user, [{}, {}, {}]);
    let rows = await deliveriesOf(app.strapi, uuid);
    for (const d of rows) {
      expect(d).toMatchObject({ status: 'pending', attempts: 1, claimed_by: null, sent_at: null });
      expect(d.last_error).toBeTruthy();
      expect(new Date(d.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    }
    // Before the backoff has passed the job leaves them alone.
    expect(await fulfilment(app.strapi).runDue(new Date())).toMatchObject({ claimed: 0 });
    // Still down a few minutes later: a second attempt, still not sent.
    const t1 = new Date(Date.now() + 5 * MINUTE);
    expect(await fulfilment(app.strapi).runDue(t1)).toMatchObject({ claimed: 3, retrying: 3 });
    rows = await deliveriesOf(app.strapi, uuid);
    expect(rows.map((d: any) => [d.status, d.attempts])).toEqual([
      ['pending', 2],
      ['pending', 2],
      ['pending', 2],
    ]);

    await smtp.start();
    const t2 = new Date(t1.getTime() + 30 * MINUTE);
    expect(await fulfilment(app.strapi).runDue(t2)).toMatchObject({ claimed: 3, sent: 3 });
    rows = await deliveriesOf(app.strapi, uuid);
    for (const d of rows) {
      expect(d.status).toBe('sent');
      expect(mailsFor(d.id)).toHaveLength(1);
    }
    expect((await orderRow(app.strapi, uuid)).status).toBe('fulfilled');
  });

  it('gives up after SERVICE_DELIVERY_MAX_ATTEMPTS and keeps the last error', async () => {
    const user = await createUser(app.strapi);
    await smtp.stop();
    try {
      const uuid = await paidOrder(user, [{}]);
      let clock = Date.now();
      for (let i = 0; i < 5; i += 1) {
        clock += 2 * 3600_000;
        await fulfilment(app.strapi).runDue(new Date(clock));
      }
      const [d] = await deliveriesOf(app.strapi, uuid);
      expect(d).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
      expect(d.last_error).toMatch(/ECONNREFUSED|connect|Connection/i);
      const listed = (await http().get('/api/deliveries/').set(user.auth)).body.results[0];
      expect(listed).toMatchObject({ status: 'failed', attempts: 3 });
      expect(listed.last_error).toBe(d.last_error);
      expect((await orderRow(app.strapi, uuid)).status).toBe('paid');
    } finally {
      await smtp.start();
    }
  });

  it('e-mails reminders on the right days, once each, with a catalogue link for the occasion', async () => {
    const owner = await createUser(app.strapi, { first_name: 'Rita', last_name: 'Reminder' });
    const recipient = await createRecipient(app.strapi, owner, { first_name: 'Leo', last_name: 'Leap' });
    const reminders = q(app.strapi, 'reminder');
    const xmas = await reminders.create({
      data: {
        user: owner.id,
        type: 'custom',
        title: 'Christmas',
        event_date: '2026-12-25',
        days_before: null,
        is_active: true,
      },
    });
    const leap = await reminders.create({
      data: {
        user: owner.id,
        recipient: recipient.id,
        type: 'birthday',
        event_date: '2000-02-29',
        days_before: [1],
        is_active: true,
      },
    });
    await reminders.create({
      data: {
        user: owner.id,
        type: 'custom',
        title: 'Switched off',
        event_date: '2026-12-25',
        days_before: null,
        is_active: false,
      },
    });
    const job = (today: string) => (app.strapi.plugin('greeting-cards').service('reminderMail') as any).runDaily(today);
    const forOwner = () => smtp.messages.filter((m) => (m.to as any)?.text === owner.email);

    expect(await job('2026-12-17')).toEqual({ sent: 0, failed: 0 });
    expect(await job('2026-12-18')).toEqual({ sent: 1, failed: 0 });
    expect(await job('2026-12-18')).toEqual({ sent: 0, failed: 0 });
    expect(await job('2026-12-19')).toEqual({ sent: 0, failed: 0 });
    expect(await job('2026-12-22')).toEqual({ sent: 1, failed: 0 });
    expect(await job('2026-12-24')).toEqual({ sent: 1, failed: 0 });
    expect(await job('2026-12-25')).toEqual({ sent: 0, failed: 0 });
    expect((await reminders.findOne({ where: { id: xmas.id } })).last_sent_key).toBe('2026-12-25:1');
    const mails = forOwner();
    expect(mails.map((m) => m.subject)).toEqual([
      'Reminder: Christmas is in 7 days',
      'Reminder: Christmas is in 3 days',
      'Reminder: Christmas is tomorrow',
    ]);
    expect(mails[0].text).toContain('Hello Rita Reminder');
    expect(mails[0].text).toContain('Choose a card: https://cards.example.test/catalogue/');

    // A 29 February birthday in a common year falls on the 28th: reminded on the 27th, once.
    expect(await job('2027-02-27')).toEqual({ sent: 1, failed: 0 });
    expect(await job('2027-02-27')).toEqual({ sent: 0, failed: 0 });
    expect(await job('2027-02-28')).toEqual({ sent: 0, failed: 0 });
    const leapMail = forOwner().at(-1)!;
    expect(leapMail.subject).toBe("Reminder: Leo Leap's birthday is tomorrow");
    expect(leapMail.text).toContain('https://cards.example.test/catalogue/?occasion=birthday');
    expect(leapMail.html).toContain('href="https://cards.example.test/catalogue/?occasion=birthday"');
    expect((await reminders.findOne({ where: { id: leap.id } })).last_sent_key).toBe('2027-02-28:1');
    // In a leap year it is the 29th again, so the reminder comes on the 28th.
    expect(await job('2028-02-27')).toEqual({ sent: 0, failed: 0 });
    expect(await job('2028-02-28')).toEqual({ sent: 1, failed: 0 });
    // The Christmas reminder is a one-off (custom) date: nothing next year. The birthday repeats yearly.
    expect(await job('2027-12-18')).toEqual({ sent: 0, failed: 0 });
  });

  it('a reminder that cannot be sent is tried again the next run', async () => {
    const owner = await createUser(app.strapi);
    const r = await q(app.strapi, 'reminder').create({
      data: {
        user: owner.id,
        type: 'custom',
        title: 'Retry me',
        event_date: '2030-06-10',
        days_before: [2],
        is_active: true,
      },
    });
    const job = (today: string) => (app.strapi.plugin('greeting-cards').service('reminderMail') as any).runDaily(today);
    await smtp.stop();
    try {
      expect(await job('2030-06-08')).toMatchObject({ failed: 1 });
      expect((await q(app.strapi, 'reminder').findOne({ where: { id: r.id } })).last_sent_key).toBeNull();
    } finally {
      await smtp.start();
    }
    expect(await job('2030-06-08')).toMatchObject({ sent: 1 });
    expect(smtp.messages.filter((m) => m.subject === 'Reminder: Retry me is in 2 days')).toHaveLength(1);
  });

  it("sends each shopper's reminders on their own day, once their clock reaches the send hour (the hourly job)", async () => {
    // One shopper in Auckland (their own entry's time_zone), one on the shop's clock (Europe/London).
    const kiwi = await createUser(app.strapi);
    const own = await http().post('/api/me/sync_recipient/').set(kiwi.auth);
    expect(
      (await http().patch(`/api/recipients/${own.body.id}/`).set(kiwi.auth).send({ time_zone: 'Pacific/Auckland' }))
        .status,
    ).toBe(200);
    const londoner = await createUser(app.strapi);
    const reminders = q(app.strapi, 'reminder');
    for (const owner of [kiwi, londoner]) {
      await reminders.create({
        data: {
          user: owner.id,
          type: 'custom',
          title: `Day of ${owner.id}`,
          event_date: '2031-03-10',
          days_before: [0],
          is_active: true,
        },
      });
    }
    const due = (at: string) =>
      (app.strapi.plugin('greeting-cards').service('reminderMail') as any).runDue(new Date(at));
    const reminded = () =>
      smtp.messages
        .filter((m) => [kiwi.email, londoner.email].includes((m.to as any)?.text))
        .map((m) => (m.to as any)?.text);

    // 08:00 on the 10th in Auckland (UTC+13 in March) is too early; 09:00 there is 20:00 UTC on the 9th.
    expect(await due('2031-03-09T19:00:00Z')).toEqual({ sent: 0, failed: 0 });
    expect(await due('2031-03-09T20:00:00Z')).toEqual({ sent: 1, failed: 0 });
    expect(reminded()).toEqual([kiwi.email]);
    // London's 09:00 comes thirteen hours later; each reminder goes once however often the job runs.
    expect(await due('2031-03-10T08:59:00Z')).toEqual({ sent: 0, failed: 0 });
    expect(await due('2031-03-10T09:00:00Z')).toEqual({ sent: 1, failed: 0 });
    expect(await due('2031-03-10T15:00:00Z')).toEqual({ sent: 0, failed: 0 });
    expect(reminded()).toEqual([kiwi.email, londoner.email]);
  });
});
