import { QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf, orderRow } from '../helpers/order-fixtures';
import { ShopAddress } from '../helpers/fake-print-provider';
import { startFakeProdigi, type FakeProdigi } from '../helpers/fake-prodigi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createAdmin, type TestAdmin } from '../helpers/admin';
import { fulfilment, q } from './helpers';
import { webSession } from '../web/session';

// Posted cards after they are paid for, against the fake Prodigi Print API: the buyer cancels (API and
// order page) and is refunded through the payment path (demo mode here), the operator's delivery page
// (provider order id, timeline, retry, cancel), the operator's e-mail about a failed submission (at a
// real SMTP server), and the poll's order (least recently checked first).

const PUBLIC_URL = 'https://cards.example.test';
const SECRET = 'test-callback-secret-0123456789abcdef';
const OPERATOR = 'operator@example.test';
const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';
const LATER = () => new Date(Date.now() + 6 * 3600_000);

describe('posted cards after payment: cancellation, refunds, the operator page, failure e-mails, polling', () => {
  let app: TestApp;
  let prodigi: FakeProdigi;
  let smtp: SmtpCapture;
  let operator: TestAdmin;
  let outsider: TestAdmin;
  const shop = new ShopAddress(PUBLIC_URL);
  const http = () => app.http();

  beforeAll(async () => {
    prodigi = await startFakeProdigi('prodigi-test-key', shop);
    smtp = await startSmtpCapture();
    app = await startApp({
      ...QUIET_APP,
      ...smtp.env,
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_POSTAL_PROVIDER: 'prodigi',
      SERVICE_PRODIGI_API_KEY: 'prodigi-test-key',
      SERVICE_PRODIGI_API_BASE: prodigi.url,
      SERVICE_PRODIGI_SKU_MAP: '{"card":"GLOBAL-GRE-TEST-A5"}',
      SERVICE_POSTAL_CALLBACK_SECRET: SECRET,
      SERVICE_OPERATOR_EMAIL: OPERATOR,
      SERVICE_DELIVERY_MAX_ATTEMPTS: '2',
    });
    shop.listenOn(app.baseUrl);
    operator = await createAdmin(app.strapi, http, [DELIVERIES]);
    outsider = await createAdmin(app.strapi, http, []);
  });
  afterAll(async () => {
    await app?.stop();
    await prodigi?.close();
    await smtp?.stop();
  });

  async function buyPostedCard(buyer?: TestUser) {
    const user = buyer ?? (await createUser(app.strapi));
    const card = await createCard(app.strapi, user, { title: 'Posted and maybe cancelled' });
    const recipient = await createRecipient(app.strapi, user, { country: 'GB' });
    expect(
      (
        await http()
          .post('/api/orders/add_to_cart/')
          .set(user.auth)
          .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post' })
      ).status,
    ).toBe(200);
    const cart = await http().get('/api/orders/cart/').set(user.auth);
    expect((await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, cart.body.uuid);
    const order = await orderRow(app.strapi, cart.body.uuid);
    return { uuid: cart.body.uuid as string, delivery, user, order };
  }
  const reload = (id: number) => q(app.strapi, 'delivery').findOne({ where: { id } });
  const refundsOf = (id: number) => q(app.strapi, 'refund').findMany({ where: { delivery_id: id } });
  const cancelRequests = (orderId: string) =>
    prodigi.requests.filter((r) => r.path === `/v4.0/orders/${orderId}/actions/cancel`);
  const mailsAbout = (id: number) =>
    smtp.messages.filter((m) => String(m.headers.get('x-greeting-card-delivery-failed') ?? '') === String(id));

  it('the buyer cancels a posted card before production: Prodigi cancels it, the price is refunded once, repeats answer the same', async () => {
    const { uuid, delivery, user, order } = await buyPostedCard();
    const orderId = (await reload(delivery.id)).tracking_reference as string;
    expect(order.total_pence).toBeGreaterThan(0);

    // Anonymous: 401; another shopper: 404 (as if it did not exist); nothing happens at Prodigi.
    expect((await http().post(`/api/deliveries/${delivery.id}/cancel/`)).status).toBe(401);
    const other = await createUser(app.strapi);
    const foreign = await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(other.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Not found.' });
    expect(cancelRequests(orderId)).toHaveLength(0);

    const listed = await http().get('/api/deliveries/').set(user.auth);
    expect(listed.body.results[0]).toMatchObject({
      id: delivery.id,
      status: 'processing',
      postal_status: 'accepted',
      cancellable: true,
    });

    const cancelled = await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(user.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: delivery.id,
      status: 'cancelled',
      cancellable: false,
      refund: { amount_pence: order.total_pence, currency: 'GBP', status: 'succeeded' },
    });
    expect(prodigi.orders.get(orderId).status.stage).toBe('Cancelled');
    expect(cancelRequests(orderId)).toHaveLength(1);

    // Again (a double click, a retry after a lost answer): the same answer, no second cancel or refund.
    const again = await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(user.auth);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cancelled.body);
    expect(cancelRequests(orderId)).toHaveLength(1);
    const refunds = await refundsOf(delivery.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount_pence: order.total_pence,
      provider: 'demo',
      status: 'succeeded',
      requested_by: 'shopper',
      provider_refund_id: expect.stringMatching(/^demo_refund_/),
    });
    // Its only card refunded in full: the order is refunded.
    expect((await orderRow(app.strapi, uuid)).status).toBe('refunded');
  });

  it('two cancels of one queued card at once: Prodigi is asked once, the price is refunded once, both answers say so', async () => {
    const { uuid, delivery, user, order } = await buyPostedCard();
    const orderId = (await reload(delivery.id)).tracking_reference as string;

    const answers = await Promise.all(
      [1, 2].map(() => http().post(`/api/deliveries/${delivery.id}/cancel/`).set(user.auth)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[0].body).toMatchObject({
      status: 'cancelled',
      refund: { amount_pence: order.total_pence, status: 'succeeded' },
    });
    expect(cancelRequests(orderId)).toHaveLength(1);
    expect(await refundsOf(delivery.id)).toHaveLength(1);
    expect(await reload(delivery.id)).toMatchObject({ status: 'cancelled', cancel_claim: null });
    expect((await orderRow(app.strapi, uuid)).status).toBe('refunded');
  });

  it("a cancel under way elsewhere (another instance) is not asked for again: 409 in the buyer's language; a claim its holder left behind is taken over", async () => {
    const { delivery, user } = await buyPostedCard();
    const orderId = (await reload(delivery.id)).tracking_reference as string;
    // Another instance took the card's cancel claim a moment ago and is talking to Prodigi.
    await q(app.strapi, 'delivery').update({
      where: { id: delivery.id },
      data: { cancel_claim: 'another-instance', cancel_claimed_at: new Date() },
    });

    const busy = await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(user.auth);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({
      detail: 'This card is being cancelled right now. Reload the page in a moment to see how it went.',
    });
    const german = await http()
      .post(`/api/deliveries/${delivery.id}/cancel/`)
      .set(user.auth)
      .set('Accept-Language', 'de');
    expect(german.body).toEqual({
      detail: 'Diese Karte wird gerade storniert. Lade die Seite gleich neu, um das Ergebnis zu sehen.',
    });
    expect(cancelRequests(orderId)).toHaveLength(0);
    expect(await refundsOf(delivery.id)).toEqual([]);

    // That instance died mid-cancel: once its claim is older than the lease, the next cancel asks Prodigi itself.
    await q(app.strapi, 'delivery').update({
      where: { id: delivery.id },
      data: { cancel_claimed_at: new Date(Date.now() - 10 * 60_000) },
    });
    const done = await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(user.auth);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'cancelled', refund: { status: 'succeeded' } });
    expect(cancelRequests(orderId)).toHaveLength(1);
    expect(await refundsOf(delivery.id)).toHaveLength(1);
  });

  it('two cancels at once that Prodigi refuses: both are told why, the card goes on, and it is free for a later cancel', async () => {
    const { delivery, user } = await buyPostedCard();
    const orderId = (await reload(delivery.id)).tracking_reference as string;
    prodigi.startProduction(orderId);
    const both = await Promise.all(
      [1, 2].map(() => http().post(`/api/deliveries/${delivery.id}/cancel/`).set(user.auth)),
    );
    // The second either waited for the first's answer or, arriving after it, asked again: the same refusal
    // (never "being cancelled right now", which is only for a cancel under way in another process).
    expect(both.map((a) => a.status)).toEqual([409, 409]);
    for (const answer of both)
      expect(answer.body).toEqual({
        detail: 'The printer has already started on this card, so it can no longer be cancelled.',
      });
    expect(await reload(delivery.id)).toMatchObject({
      status: 'processing',
      cancel_claim: null,
      cancel_claimed_at: null,
    });
    expect(await refundsOf(delivery.id)).toEqual([]);
  });

  it('once Prodigi has started production the buyer gets a clear 409 and keeps the card', async () => {
    const { delivery, user } = await buyPostedCard();
    const orderId = (await reload(delivery.id)).tracking_reference as string;
    // Production started at Prodigi, but no callback told us yet: Prodigi's answer decides.
    prodigi.startProduction(orderId);
    const refused = await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(user.auth);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: 'The printer has already started on this card, so it can no longer be cancelled.',
    });
    expect(cancelRequests(orderId)).toHaveLength(1);
    expect((await reload(delivery.id)).status).toBe('processing');
    expect(await refundsOf(delivery.id)).toEqual([]);

    // After the callback we know without asking: still 409, and the order page offers no cancel button.
    expect((await prodigi.callback(orderId)).body).toMatchObject({ outcome: 'noted' });
    expect((await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(user.auth)).status).toBe(409);
    expect(cancelRequests(orderId)).toHaveLength(1);
    const listed = await http().get('/api/deliveries/').set(user.auth);
    expect(listed.body.results[0]).toMatchObject({
      id: delivery.id,
      postal_status: 'in_production',
      cancellable: false,
    });

    expect((await http().post('/api/deliveries/not-a-number/cancel/').set(user.auth)).status).toBe(404);
  });

  it("the order page shows the printer's progress and a cancel button that asks first, then cancels and says what was refunded", async () => {
    const { uuid, delivery, user, order } = await buyPostedCard();
    const session = await webSession(app, user);
    const page = await http().get(`/orders/${uuid}/`).set('Cookie', session.cookie);
    expect(page.text).toContain('At the printer: <strong>Received, not yet printed</strong>');
    const confirmPath = `/orders/${uuid}/deliveries/${delivery.id}/cancel/`;
    expect(page.text).toContain(`href="${confirmPath}"`);

    // The confirmation: nothing is cancelled by opening it.
    const confirm = await http().get(confirmPath).set('Cookie', session.cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Cancel this posted card?');
    expect(confirm.text).toContain('£' + (order.total_pence / 100).toFixed(2));
    expect((await reload(delivery.id)).status).toBe('processing');
    // Another shopper's confirmation page is not found; an anonymous visitor is sent to sign in.
    const stranger = await webSession(app, await createUser(app.strapi));
    expect((await http().get(confirmPath).set('Cookie', stranger.cookie)).status).toBe(404);
    expect((await http().get(confirmPath)).status).toBe(302);
    // Without the form's CSRF token the POST is refused.
    expect((await http().post(confirmPath).set('Cookie', session.cookie).type('form').send({})).status).toBe(403);

    const posted = await http()
      .post(confirmPath)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ _csrf: session.csrf });
    // Post/redirect/get: back to the order page, which says what happened to the money.
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`/orders/${uuid}/?cancelled=${delivery.id}`);
    const done = await http().get(posted.headers.location).set('Cookie', session.cookie);
    expect(done.status).toBe(200);
    expect(done.text).toContain(
      `Your card is cancelled and £${(order.total_pence / 100).toFixed(2)} is on its way back to you.`,
    );
    expect(done.text).toMatch(/delivery-status">Cancelled</);
    expect(done.text).not.toContain(`href="${confirmPath}"`);
    expect(done.text).not.toContain('At the printer:');
    // Another order's cancelled card in the address bar says nothing here.
    expect((await http().get(`/orders/${uuid}/?cancelled=999999`).set('Cookie', session.cookie)).text).not.toContain(
      'Your card is cancelled',
    );
    expect((await reload(delivery.id)).status).toBe('cancelled');
  });

  it('a submission that fails for good e-mails the operator once (not per attempt); the operator page shows the timeline, retries and cancels with a refund', async () => {
    // Every mail but the buyers' order confirmations (tests/orders/order-confirmation.test.ts).
    const otherMails = () => smtp.messages.filter((m) => !m.headers.get('x-greeting-card-order')).length;
    const before = otherMails();
    prodigi.failNext(2);
    const { delivery, order } = await buyPostedCard();
    // Attempt 1 failed and will be retried: no e-mail yet.
    expect(await reload(delivery.id)).toMatchObject({ status: 'pending', attempts: 1 });
    await fulfilment(app.strapi).runDue(LATER());
    expect(await reload(delivery.id)).toMatchObject({ status: 'failed', attempts: 2 });
    const [mail] = await smtp.waitFor(
      (m) => String(m.headers.get('x-greeting-card-delivery-failed') ?? '') === String(delivery.id),
    );
    expect(mail.to).toMatchObject({ text: OPERATOR });
    expect(mail.subject).toBe(`Posted card ${delivery.id} could not be sent to prodigi`);
    expect(mail.text).toContain('after 2 attempt(s)');
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/plugins/greeting-cards/deliveries`);
    // The job runs again: still one e-mail.
    await fulfilment(app.strapi).runDue(LATER());
    expect(mailsAbout(delivery.id)).toHaveLength(1);
    expect(otherMails()).toBe(before + 1);

    // The operator's view: refused without deliveries.manage, 401 anonymous.
    const path = `/greeting-cards/admin/deliveries/${delivery.id}`;
    expect((await http().get(path)).status).toBe(401);
    expect((await http().get(path).set(outsider.auth)).status).toBe(403);
    const failed = await http().get(path).set(operator.auth);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      id: delivery.id,
      status: 'failed',
      method: 'post',
      provider: 'prodigi',
      provider_order_id: null,
      refund: null,
    });
    expect(failed.body.events.map((e: { source: string; status: string }) => [e.source, e.status])).toEqual([
      ['submit_failed', 'pending'],
      ['submit_failed', 'failed'],
    ]);
    expect(failed.body.events[1].detail).toMatch(/^attempt 2: /);
    expect((await http().get('/greeting-cards/admin/deliveries/999999').set(operator.auth)).status).toBe(404);

    // Retry: Prodigi is back, the card is placed, and the timeline says so.
    expect((await http().post(`${path}/retry`).set(operator.auth)).status).toBe(200);
    await fulfilment(app.strapi).drain();
    const placed = await http().get(path).set(operator.auth);
    const orderId = (await reload(delivery.id)).tracking_reference as string;
    expect(placed.body).toMatchObject({ status: 'processing', provider_order_id: orderId, postal_status: 'accepted' });
    expect(placed.body.events.slice(2).map((e: { source: string }) => e.source)).toEqual(['retry', 'submitted']);
    const list = await http().get('/greeting-cards/admin/deliveries?method=post&status=processing').set(operator.auth);
    expect(list.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: delivery.id, provider_order_id: orderId, postal_status: 'accepted' }),
      ]),
    );

    // Cancel: Prodigi agrees, the buyer's money goes back once.
    expect((await http().post(`${path}/cancel`).set(operator.auth)).body).toMatchObject({ status: 'cancelled' });
    const after = await http().get(path).set(operator.auth);
    expect(after.body.refund).toEqual({ amount_pence: order.total_pence, currency: 'GBP', status: 'succeeded' });
    expect(after.body.events.slice(4).map((e: { source: string }) => e.source)).toEqual(['cancelled', 'refund']);
    expect(await refundsOf(delivery.id)).toEqual([expect.objectContaining({ requested_by: 'operator' })]);
    // Cancelled is final: a second cancel is refused and refunds nothing more.
    expect((await http().post(`${path}/cancel`).set(operator.auth)).status).toBe(409);
    expect(await refundsOf(delivery.id)).toHaveLength(1);
  });

  it('a retried delivery that fails again is a new failure: a second e-mail', async () => {
    prodigi.failNext(2);
    const { delivery } = await buyPostedCard();
    await fulfilment(app.strapi).runDue(LATER());
    await smtp.waitFor((m) => String(m.headers.get('x-greeting-card-delivery-failed') ?? '') === String(delivery.id));
    prodigi.failNext(1);
    expect((await http().post(`/greeting-cards/admin/deliveries/${delivery.id}/retry`).set(operator.auth)).status).toBe(
      200,
    );
    await fulfilment(app.strapi).drain();
    expect(await reload(delivery.id)).toMatchObject({ status: 'failed', attempts: 3 });
    await smtp.waitFor(
      (m) => String(m.headers.get('x-greeting-card-delivery-failed') ?? '') === String(delivery.id),
      2,
    );
    expect(mailsAbout(delivery.id)).toHaveLength(2);
  });

  it("the operator's e-mail is in the shop's pinned language", async () => {
    const before = app.strapi.config.get('plugin::greeting-cards') as object;
    app.strapi.config.set('plugin::greeting-cards', { ...before, shopLocale: 'de' });
    try {
      prodigi.failNext(2);
      const { delivery } = await buyPostedCard();
      await fulfilment(app.strapi).runDue(LATER());
      const [mail] = await smtp.waitFor(
        (m) => String(m.headers.get('x-greeting-card-delivery-failed') ?? '') === String(delivery.id),
      );
      expect(mail.subject).toBe(`Versandkarte ${delivery.id} konnte nicht an prodigi übergeben werden`);
      expect(mail.text).toContain(`${PUBLIC_URL}/admin/plugins/greeting-cards/deliveries`);
    } finally {
      app.strapi.config.set('plugin::greeting-cards', before);
    }
  });

  it('the run-once migration gives cards queued before the timeline existed one "migrated" entry, and only once', async () => {
    const { delivery } = await buyPostedCard();
    const row = await reload(delivery.id);
    const events = () => q(app.strapi, 'delivery-event').findMany({ where: { delivery_id: delivery.id } });
    // As if it had been queued before the table existed.
    await q(app.strapi, 'delivery-event').deleteMany({ where: { delivery_id: delivery.id } });
    const marker = await app.strapi
      .store({ type: 'plugin', name: 'greeting-cards', key: 'migration:delivery-timeline-backfill' })
      .get({});
    expect(marker).toBe(1);

    expect(await fulfilment(app.strapi).backfillTimeline()).toBeGreaterThanOrEqual(1);
    expect(await events()).toEqual([
      expect.objectContaining({
        source: 'migrated',
        status: 'processing',
        postal_status: 'accepted',
        detail: expect.stringContaining(row.tracking_reference),
      }),
    ]);
    // Safe to repeat: a card with an entry is skipped.
    expect(await fulfilment(app.strapi).backfillTimeline()).toBe(0);
    expect(await events()).toHaveLength(1);
  });

  it('the poll asks about the least recently checked cards first, so a card queued later is polled too', async () => {
    const first = await buyPostedCard();
    const second = await buyPostedCard();
    const ids = [first.delivery.id, second.delivery.id];
    const refs = await Promise.all(ids.map(async (id) => (await reload(id)).tracking_reference as string));
    // Everything else queued at the carrier was asked about just now, so only these two are in play.
    const others = await q(app.strapi, 'delivery').findMany({
      where: { status: 'processing', id: { $notIn: ids } },
      select: ['id'],
    });
    for (const row of others)
      await q(app.strapi, 'delivery').update({
        where: { id: row.id },
        data: { last_checked_at: new Date(Date.now() + 3600_000) },
      });
    const asked = () =>
      prodigi.requests
        .filter((r) => r.method === 'GET' && refs.some((ref) => r.path === `/v4.0/orders/${ref}`))
        .map((r) => r.path.split('/').pop());

    const poll = () => fulfilment(app.strapi).pollCarriers(new Date(), 1);
    await poll();
    await poll();
    await poll();
    // Never checked first (lowest id first among them), then the one checked longest ago.
    expect(asked()).toEqual([refs[0], refs[1], refs[0]]);
    expect((await reload(second.delivery.id)).last_checked_at).not.toBeNull();
  });
});
