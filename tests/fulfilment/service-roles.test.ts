// SERVICE_ROLE on a real Strapi pair sharing one database: a web instance (this process) takes the
// order and the shopper's design changes, a worker instance (its own process, as two Strapi instances
// cannot boot in one; real Chromium) sends the e-card and draws the preview.
// The web instance never claims a delivery and never asks its renderer for anything (its renderer
// refuses to launch a browser, so a forgotten path would fail here).
import { bootFailure, startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { deliveryHeader, design, fulfilment, q, until } from './helpers';
import { startRoleProcess, type RoleProcess } from './role-processes';
import { everySeconds } from '../../plugins/greeting-cards/server/src/platform/jobs';

const PUBLIC_URL = 'https://cards.example.test';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- services and rows as Strapi returns them
type Loose = any;
const rendering = (app: TestApp): Loose => app.strapi.plugin('greeting-cards').service('rendering');
const cronJobs = (app: TestApp): string[] =>
  (app.strapi.cron as unknown as { jobs: Array<{ name?: string }> }).jobs
    .map((j) => j.name)
    .filter((n): n is string => typeof n === 'string' && n.startsWith('greetingCards'));

describe('SERVICE_ROLE: web and worker instances on one database', () => {
  let web: TestApp;
  let worker: RoleProcess;
  let smtp: SmtpCapture;
  const common = {
    SERVICE_SEED_SAMPLE_DATA: 'false',
    SERVICE_PUBLIC_URL: PUBLIC_URL,
    SERVICE_SCHEDULER_ENABLED: 'true',
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    web = await startApp({ ...smtp.env, ...common, SERVICE_ROLE: 'web', SERVICE_RENDERER: 'puppeteer' });
    // Polls every second, so the test does not wait the default 15 s for the order.
    worker = await startRoleProcess({
      ...process.env,
      ...web.db.env,
      ...smtp.env,
      ...common,
      NODE_ENV: 'test',
      SERVICE_ROLE: 'worker',
      SERVICE_RENDERER: 'puppeteer',
      SERVICE_WORKER_POLL_SECONDS: '1',
      SERVICE_REMINDERS_ENABLED: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'error',
    });
  });
  afterAll(async () => {
    // The worker first: it borrows the web instance's database, which the web instance's stop() drops.
    await worker?.stop();
    await web?.stop();
    await smtp?.stop();
  });

  it("registers none of the plugin's jobs on the web instance, although its scheduler setting is on; the worker polls as told", async () => {
    expect(cronJobs(web)).toEqual([]);
    const { jobs } = await worker.status();
    expect(jobs).toEqual(
      expect.objectContaining({
        greetingCardsDeliveries: '*/1 * * * * *',
        greetingCardsPendingRenders: '*/1 * * * * *',
      }),
    );
  });

  it('an order paid through the web instance is e-mailed by the worker; the web instance never claims or draws', async () => {
    const sender = await createUser(web.strapi, { first_name: 'Wendy', last_name: 'Web' });
    const recipient = await createRecipient(web.strapi, sender, { email: `roles-${Date.now()}@example.test` });
    const card = await createCard(web.strapi, sender, {
      title: 'Roles',
      canvas_data: design(`Split roles ${Date.now()}`),
      inside_message: 'From the web',
    });
    const http = web.http();
    expect(
      (
        await http
          .post('/api/orders/add_to_cart/')
          .set(sender.auth)
          .send({ card_id: card.id, recipient_id: recipient.id })
      ).status,
    ).toBe(200);
    const cart = await http.get('/api/orders/cart/').set(sender.auth);
    expect((await http.post(`/api/orders/${cart.body.uuid}/checkout/`).set(sender.auth).send({})).status).toBe(200);
    expect((await http.post(`/api/orders/${cart.body.uuid}/pay/`).set(sender.auth).send({})).status).toBe(200);
    await fulfilment(web.strapi).drain();

    const [mail] = await smtp.waitFor((m) => (m.to as Loose)?.value?.[0]?.address === recipient.email, 1, 30_000);
    const [delivery] = await deliveriesOf(web.strapi, cart.body.uuid);
    expect(deliveryHeader(mail)).toBe(String(delivery.id));
    await until(
      () => q(web.strapi, 'delivery').findOne({ where: { id: delivery.id } }),
      (d: Loose) => d.status === 'sent' && d.claimed_by === null,
    );

    expect(fulfilment(web.strapi).claimsTaken()).toBe(0);
    const workerStatus = await worker.status();
    expect(workerStatus.claims).toBeGreaterThanOrEqual(1);
    expect(workerStatus.renderer).toBe('PuppeteerRenderer');
    expect(workerStatus.browserPid).toEqual(expect.any(Number));
    // The web instance's renderer is the refusing one, and nothing asked it to draw.
    const webRenderer = rendering(web).provider();
    expect(webRenderer.constructor.name).toBe('RefusingRenderer');
    expect(webRenderer.refusals).toBe(0);
    expect(webRenderer.browserPid()).toBeUndefined();

    // The buyer's PDF was never drawn: the web instance says it is being prepared instead of drawing it.
    const pdf = await http.get(`/api/deliveries/${delivery.id}/pdf/`).set(sender.auth);
    expect(pdf.status).toBe(503);
    expect(pdf.body).toEqual({ detail: expect.stringContaining('being prepared') });

    // The public view page shows the drawing the worker stored as it sent the card (no render here).
    const view = await http.get(`/cards/view/${delivery.view_token}/`);
    expect(view.status).toBe(200);
    expect(view.text).toContain('<svg role="img"');
    expect(webRenderer.refusals).toBe(0);
    // A forgotten path fails loudly: the renderer itself refuses.
    await expect(rendering(web).previewPng(design('never drawn'))).rejects.toThrow(/SERVICE_ROLE=web/);
    expect(webRenderer.refusals).toBe(1);
    webRenderer.refusals = 0;
    // And so does sending: a web instance's delivery job would throw rather than claim.
    await expect(fulfilment(web.strapi).runDue(new Date())).rejects.toThrow(/SERVICE_ROLE=web/);
  });

  it("a design saved through the web instance gets its preview from the worker's job", async () => {
    const shopper = await createUser(web.strapi);
    const created = await web
      .http()
      .post('/api/cards/')
      .set(shopper.auth)
      .send({ title: 'Preview later', canvas_data: design(`Preview ${Date.now()}`) });
    expect(created.status).toBe(201);
    const saved = await web
      .http()
      .post(`/api/cards/${created.body.id}/save_design/`)
      .set(shopper.auth)
      .send({ canvas_data: design(`Saved ${Date.now()}`) });
    expect(saved.status).toBe(200);
    const row = await until(
      () =>
        q(web.strapi, 'card').findOne({
          where: { id: created.body.id },
          select: ['design_revision', 'preview_revision', 'preview_url'],
        }),
      (c: Loose) => Number(c.preview_revision) === Number(c.design_revision) && !!c.preview_url,
      30_000,
    );
    expect(row.preview_url).toMatch(/\.png$/);
    expect(rendering(web).provider().refusals).toBe(0);
  });
});

// After the pair above has stopped: one Strapi per process at a time.
describe('SERVICE_ROLE: validation', () => {
  it('a wrong SERVICE_ROLE stops boot, naming the setting', async () => {
    const error = await bootFailure({
      SERVICE_ROLE: 'both',
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
    });
    expect(error.message).toContain('SERVICE_ROLE');
    expect(error.message).toMatch(/web, worker or all/);
    const poll = await bootFailure({
      SERVICE_WORKER_POLL_SECONDS: '0',
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
    });
    expect(poll.message).toContain('SERVICE_WORKER_POLL_SECONDS');
  });

  it('turns the poll interval into a cron rule (the default 15 s is the rule `all` always had)', () => {
    expect(everySeconds(15)).toBe('*/15 * * * * *');
    expect(everySeconds(1)).toBe('*/1 * * * * *');
    expect(everySeconds(60)).toBe('0 * * * * *');
  });
});
