import type { Core } from '@strapi/strapi';
import type { ParsedMail } from 'mailparser';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, TestUser } from '../helpers/users';
import { createAdmin, createSuperAdmin, TestAdmin } from '../helpers/admin';
import { createCard, createRecipient } from '../helpers/order-fixtures';

// The operators' admin API on a real Strapi: admin users and roles made through Strapi's own admin
// services, logged in through POST /admin/login, e-cards sent to a real SMTP server.
const ORDERS = 'plugin::greeting-cards.orders.read';
const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';
const SETTINGS = 'plugin::greeting-cards.settings.read';
const PAYMENTS = 'plugin::greeting-cards.payments.manage';

type Row = { id: number; status: string; [key: string]: unknown };
const db = (strapi: Core.Strapi, name: string) =>
  strapi.db.query(`plugin::greeting-cards.${name}` as Parameters<Core.Strapi['db']['query']>[0]);
const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text) ?? '';

describe('admin API for shop operators', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  const http = () => app.http();
  let admins: Record<'none' | 'orders' | 'deliveries' | 'settings' | 'operator' | 'payments' | 'owner', TestAdmin>;
  let shopper: TestUser;
  let orderUuid: string;
  let refundedUuid = '';

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_DELIVERY_MAX_ATTEMPTS: '1',
      SERVICE_STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcd9f',
    });
    admins = {
      none: await createAdmin(app.strapi, http, []),
      orders: await createAdmin(app.strapi, http, [ORDERS]),
      deliveries: await createAdmin(app.strapi, http, [DELIVERIES]),
      settings: await createAdmin(app.strapi, http, [SETTINGS]),
      operator: await createAdmin(app.strapi, http, [ORDERS, DELIVERIES]),
      payments: await createAdmin(app.strapi, http, [ORDERS, PAYMENTS]),
      owner: await createSuperAdmin(app.strapi, http),
    };

    // A paid e-card order whose only send fails (SMTP down, one attempt allowed): a failed delivery.
    shopper = await createUser(app.strapi, { email: `Maria.Lopez.${Date.now()}@Example.test` });
    const recipient = await createRecipient(app.strapi, shopper, {
      email: 'friend@example.test',
      first_name: 'Ada',
      last_name: 'Byron',
    });
    const card = await createCard(app.strapi, shopper, { title: 'For Ada' });
    expect(
      (
        await http()
          .post('/api/orders/add_to_cart/')
          .set(shopper.auth)
          .send({ card_id: card.id, recipient_id: recipient.id })
      ).status,
    ).toBe(200);
    orderUuid = (await http().get('/api/orders/cart/').set(shopper.auth)).body.uuid;
    expect((await http().post(`/api/orders/${orderUuid}/checkout/`).set(shopper.auth).send({})).status).toBe(200);
    await smtp.stop();
    expect((await http().post(`/api/orders/${orderUuid}/pay/`).set(shopper.auth).send({})).status).toBe(200);
    await app.strapi.plugin('greeting-cards').service('fulfilment').drain();
    await smtp.start();
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const failedDelivery = async (): Promise<Row> => {
    const rows: Row[] = await db(app.strapi, 'delivery').findMany({
      where: { order_item: { order: { uuid: orderUuid } } },
    });
    expect(rows).toHaveLength(1);
    return rows[0];
  };

  it('checks the action of every route: 401 without a token, 403 without the action, 200 with it', async () => {
    const delivery = await failedDelivery();
    expect(delivery.status).toBe('failed');
    const reads: Array<[string, keyof typeof admins]> = [
      ['/greeting-cards/admin/summary', 'orders'],
      ['/greeting-cards/admin/orders', 'orders'],
      [`/greeting-cards/admin/orders/${orderUuid}`, 'orders'],
      ['/greeting-cards/admin/payment-issues', 'orders'],
      ['/greeting-cards/admin/promo-codes/uses', 'orders'],
      ['/greeting-cards/admin/deliveries', 'deliveries'],
      ['/greeting-cards/admin/settings', 'settings'],
    ];
    for (const [path, allowed] of reads) {
      expect({ path, status: (await http().get(path)).status }).toEqual({ path, status: 401 });
      for (const who of ['none', 'orders', 'deliveries', 'settings'] as const) {
        const expected = who === allowed ? 200 : 403;
        expect({ path, who, status: (await http().get(path).set(admins[who].auth)).status }).toEqual({
          path,
          who,
          status: expected,
        });
      }
    }
    // The delivery actions: refused before anything happens without deliveries.manage.
    for (const act of ['retry', 'cancel', 'resend']) {
      const path = `/greeting-cards/admin/deliveries/${delivery.id}/${act}`;
      expect((await http().post(path)).status).toBe(401);
      for (const who of ['none', 'orders', 'settings'] as const) {
        expect({ path, who, status: (await http().post(path).set(admins[who].auth)).status }).toEqual({
          path,
          who,
          status: 403,
        });
      }
    }
    expect((await failedDelivery()).status).toBe('failed');
    // Any logged-in admin may check a design; anonymous callers may not.
    expect(
      (
        await http()
          .post('/greeting-cards/admin/designs/validate')
          .send({ canvas_data: { objects: [] } })
      ).status,
    ).toBe(401);
    const check = await http()
      .post('/greeting-cards/admin/designs/validate')
      .set(admins.none.auth)
      .send({ canvas_data: { version: '7.0.0', background: '#FFFFFF', objects: [] } });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ ok: true });
    const bad = await http()
      .post('/greeting-cards/admin/designs/validate')
      .set(admins.none.auth)
      .send({
        canvas_data: { version: '7.0.0', background: '#FFFFFF', objects: [{ type: 'script', left: 0, top: 0 }] },
      });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ canvas_data: [expect.stringContaining('objects[0]')] });
  });

  it('finds orders by part of the e-mail in any case, by uuid prefix, status and date', async () => {
    const list = (query: string) => http().get(`/greeting-cards/admin/orders${query}`).set(admins.operator.auth);
    const byEmail = await list(`?q=${encodeURIComponent('maria.LOPEZ')}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.count).toBe(1);
    expect(byEmail.body.results[0]).toEqual({
      uuid: orderUuid,
      status: 'paid',
      email: shopper.email,
      item_count: 1,
      subtotal_pence: 299,
      discount_pence: 0,
      total_pence: 299,
      currency: 'GBP',
      created_at: expect.any(String),
      paid_at: expect.any(String),
    });
    expect((await list(`?q=${orderUuid.slice(0, 8)}`)).body.results.map((o: { uuid: string }) => o.uuid)).toEqual([
      orderUuid,
    ]);
    expect((await list('?q=nobody-has-this')).body).toEqual({ count: 0, results: [] });
    expect((await list('?status=paid')).body.count).toBe(1);
    expect((await list('?status=refunded')).body.count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).body.count).toBe(1);
    expect((await list('?to=2001-01-01')).body.count).toBe(0);
    const bad = await list('?status=lost&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: [expect.stringContaining('paid')], from: ['Enter a date as YYYY-MM-DD.'] });
  });

  it('shows one order with items, delivery, payment ids and the status history', async () => {
    const res = await http().get(`/greeting-cards/admin/orders/${orderUuid}`).set(admins.orders.auth);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: expect.any(Number),
        card_name: 'For Ada',
        recipient_name: 'Ada Byron',
        delivery_method: 'ecard',
        price_pence: 299,
        gift_addon: null,
        gift_wrap: false,
        delivery: {
          id: expect.any(Number),
          status: 'failed',
          tracking_reference: null,
          scheduled_for: expect.any(String),
          attempts: 1,
          last_error: expect.any(String),
        },
      },
    ]);
    // Demo payments open no provider session; a Stripe order shows its Checkout session here.
    expect(res.body.payment).toEqual({ provider: 'demo', session_id: null, payment_intent_id: expect.any(String) });
    expect(res.body.promo_code).toBeNull();
    expect(res.body.history.map((h: { status: string }) => h.status)).toEqual(['cart', 'pending_payment', 'paid']);
    for (const h of res.body.history) expect(Number.isNaN(Date.parse(h.at))).toBe(false);
    expect((await http().get('/greeting-cards/admin/orders/not-an-order').set(admins.orders.auth)).status).toBe(404);
  });

  it("counts today's orders, revenue and failed deliveries", async () => {
    const res = await http().get('/greeting-cards/admin/summary').set(admins.orders.auth);
    expect(res.body).toEqual({
      today: { orders: 1, revenue_pence: 299, failed_deliveries: 1 },
      attention: { payment_issues: 0, failed_deliveries: 1 },
    });
  });

  it('retries a failed e-card, which is then sent to the SMTP server; a second retry is a 409', async () => {
    const delivery = await failedDelivery();
    const list = await http()
      .get('/greeting-cards/admin/deliveries?status=failed&method=ecard')
      .set(admins.deliveries.auth);
    expect(list.body.results).toEqual([
      {
        id: delivery.id,
        order_uuid: orderUuid,
        status: 'failed',
        method: 'ecard',
        recipient_name: 'Ada Byron',
        tracking_reference: null,
        scheduled_for: expect.any(String),
        attempts: 1,
        last_error: expect.any(String),
        updated_at: expect.any(String),
        provider_order_id: null,
        postal_status: null,
        promised_to: null,
        late_at: null,
        late_promised_to: null,
        late_remedy: null,
        first_provider_order_id: null,
        shipping_method: null,
        shipping_pence: 0,
      },
    ]);
    expect(smtp.messages.filter((m) => to(m).includes('friend@example.test'))).toHaveLength(0);

    const res = await http().post(`/greeting-cards/admin/deliveries/${delivery.id}/retry`).set(admins.operator.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: delivery.id, status: 'pending', order_uuid: orderUuid });
    const [mail] = await smtp.waitFor((m) => to(m).includes('friend@example.test'));
    expect(mail.text).toContain('/cards/view/');
    await app.strapi.plugin('greeting-cards').service('fulfilment').drain();
    expect(await failedDelivery()).toMatchObject({ status: 'sent', attempts: 2, last_error: null });

    const again = await http().post(`/greeting-cards/admin/deliveries/${delivery.id}/retry`).set(admins.operator.auth);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Only a failed delivery can be retried. This delivery is sent.' });
    expect((await http().post('/greeting-cards/admin/deliveries/999999/retry').set(admins.operator.auth)).status).toBe(
      404,
    );
    expect((await http().get('/greeting-cards/admin/deliveries?status=nope').set(admins.operator.auth)).body).toEqual({
      status: [expect.any(String)],
    });
  });

  it('resends a sent e-card, and cancels a scheduled delivery once', async () => {
    const delivery = await failedDelivery();
    const before = smtp.messages.filter((m) => to(m).includes('friend@example.test')).length;
    const resent = await http()
      .post(`/greeting-cards/admin/deliveries/${delivery.id}/resend`)
      .set(admins.deliveries.auth);
    expect(resent.status).toBe(200);
    await smtp.waitFor((m) => to(m).includes('friend@example.test'), before + 1);
    await app.strapi.plugin('greeting-cards').service('fulfilment').drain();
    expect((await failedDelivery()).status).toBe('sent');
    // A sent e-card cannot be cancelled.
    expect(
      (await http().post(`/greeting-cards/admin/deliveries/${delivery.id}/cancel`).set(admins.deliveries.auth)).status,
    ).toBe(409);

    // A card scheduled for later is cancelled, once.
    const recipient = await createRecipient(app.strapi, shopper, { email: 'later@example.test' });
    const card = await createCard(app.strapi, shopper, { title: 'Later' });
    const when = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect(
      (
        await http()
          .post('/api/orders/add_to_cart/')
          .set(shopper.auth)
          .send({ card_id: card.id, recipient_id: recipient.id, scheduled_for: when })
      ).status,
    ).toBe(200);
    const uuid = (await http().get('/api/orders/cart/').set(shopper.auth)).body.uuid;
    expect((await http().post(`/api/orders/${uuid}/checkout/`).set(shopper.auth).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${uuid}/pay/`).set(shopper.auth).send({})).status).toBe(200);
    const [scheduled]: Row[] = await db(app.strapi, 'delivery').findMany({
      where: { order_item: { order: { uuid } } },
    });
    expect(scheduled.status).toBe('scheduled');
    const cancelled = await http()
      .post(`/greeting-cards/admin/deliveries/${scheduled.id}/cancel`)
      .set(admins.deliveries.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: scheduled.id, status: 'cancelled', scheduled_for: when });
    const twice = await http()
      .post(`/greeting-cards/admin/deliveries/${scheduled.id}/cancel`)
      .set(admins.deliveries.auth);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain('This delivery is cancelled');
  });

  it('asks the postal backend to cancel a card it has queued', async () => {
    const cancelled: string[] = [];
    const fulfilment = app.strapi.plugin('greeting-cards').service('fulfilment');
    fulfilment.usePostalBackend({
      name: 'queueing-courier',
      async send(job: { deliveryId: number }) {
        return { trackingReference: `QC-${job.deliveryId}`, status: 'processing' as const };
      },
      async cancel(reference: string) {
        cancelled.push(reference);
        return true;
      },
    });
    const recipient = await createRecipient(app.strapi, shopper);
    const card = await createCard(app.strapi, shopper, { title: 'Posted' });
    expect(
      (
        await http()
          .post('/api/orders/add_to_cart/')
          .set(shopper.auth)
          .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post' })
      ).status,
    ).toBe(200);
    const uuid = (await http().get('/api/orders/cart/').set(shopper.auth)).body.uuid;
    expect((await http().post(`/api/orders/${uuid}/checkout/`).set(shopper.auth).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${uuid}/pay/`).set(shopper.auth).send({})).status).toBe(200);
    await fulfilment.drain();
    const [queued]: Row[] = await db(app.strapi, 'delivery').findMany({ where: { order_item: { order: { uuid } } } });
    expect(queued).toMatchObject({ status: 'processing', tracking_reference: `QC-${queued.id}`, claimed_at: null });

    const res = await http().post(`/greeting-cards/admin/deliveries/${queued.id}/cancel`).set(admins.deliveries.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', method: 'post', tracking_reference: `QC-${queued.id}` });
    expect(cancelled).toEqual([`QC-${queued.id}`]);
    // The buyer's money for it goes back (demo payments: recorded), and with it the whole order.
    expect(await db(app.strapi, 'refund').findMany({ where: { delivery_id: queued.id } })).toEqual([
      expect.objectContaining({ provider: 'demo', status: 'succeeded', requested_by: 'operator' }),
    ]);
    expect((await db(app.strapi, 'order').findOne({ where: { uuid } })).status).toBe('refunded');
    refundedUuid = uuid;
  });

  it("shows a partly refunded order by its status and in its history; today's revenue counts only what it kept", async () => {
    const revenue = async () =>
      (await http().get('/greeting-cards/admin/summary').set(admins.orders.auth)).body.today.revenue_pence as number;
    const recipient = await createRecipient(app.strapi, shopper);
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    for (const title of ['Posted one', 'Posted two']) {
      const card = await createCard(app.strapi, shopper, { title });
      expect(
        (
          await http()
            .post('/api/orders/add_to_cart/')
            .set(shopper.auth)
            .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post', scheduled_for: nextWeek })
        ).status,
      ).toBe(200);
    }
    const uuid = (await http().get('/api/orders/cart/').set(shopper.auth)).body.uuid;
    expect((await http().post(`/api/orders/${uuid}/checkout/`).set(shopper.auth).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${uuid}/pay/`).set(shopper.auth).send({})).status).toBe(200);
    const before = await revenue();
    const [first]: Row[] = await db(app.strapi, 'delivery').findMany({
      where: { order_item: { order: { uuid } } },
      orderBy: [{ id: 'asc' }],
    });

    expect(
      (await http().post(`/greeting-cards/admin/deliveries/${first.id}/cancel`).set(admins.deliveries.auth)).status,
    ).toBe(200);
    const [refund] = await db(app.strapi, 'refund').findMany({ where: { delivery_id: first.id } });
    expect(refund).toMatchObject({ amount_pence: 399, status: 'succeeded', requested_by: 'operator' });
    expect(await revenue()).toBe(before - 399);
    const list = await http().get('/greeting-cards/admin/orders?status=partially_refunded').set(admins.orders.auth);
    expect(list.status).toBe(200);
    expect(list.body.results.map((o: { uuid: string; status: string }) => [o.uuid, o.status])).toEqual([
      [uuid, 'partially_refunded'],
    ]);
    const detail = await http().get(`/greeting-cards/admin/orders/${uuid}`).set(admins.orders.auth);
    expect(detail.body.history.map((h: { status: string }) => h.status)).toEqual([
      'cart',
      'pending_payment',
      'paid',
      'partially_refunded',
    ]);
  });

  it('lists payment issues and refunds', async () => {
    await db(app.strapi, 'payment-issue').create({
      data: {
        kind: 'needs_refund',
        order_uuid: orderUuid,
        order_status: 'paid',
        provider: 'stripe',
        provider_session_id: 'cs_x',
        provider_payment_id: 'pi_second',
        amount_pence: 299,
        currency: 'gbp',
        detail: 'Paid twice.',
      },
    });
    const res = await http().get('/greeting-cards/admin/payment-issues').set(admins.orders.auth);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      kind: 'needs_refund',
      order_uuid: orderUuid,
      payment_intent_id: 'pi_second',
      amount_pence: 299,
      resolved: false,
    });
    // The order whose posted card an operator cancelled above was refunded in full.
    expect(res.body.refunds).toEqual({ count: 1, results: [expect.objectContaining({ order_uuid: refundedUuid })] });
    expect(
      (await http().get('/greeting-cards/admin/summary').set(admins.orders.auth)).body.attention.payment_issues,
    ).toBe(1);

    // Resolving it is the operator page's one write, and needs payments.manage.
    const issueId = res.body.results[0].id;
    const resolve = `/greeting-cards/admin/payment-issues/${issueId}/resolve`;
    expect((await http().post(resolve)).status).toBe(401);
    for (const who of ['none', 'orders', 'operator'] as const) {
      expect({ who, status: (await http().post(resolve).set(admins[who].auth)).status }).toEqual({ who, status: 403 });
    }
    expect((await db(app.strapi, 'payment-issue').findOne({ where: { id: issueId } })).resolved).toBe(false);
    const resolved = await http().post(resolve).set(admins.payments.auth);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      id: issueId,
      kind: 'needs_refund',
      payment_intent_id: 'pi_second',
      resolved: true,
    });
    // Idempotent, and an unknown issue is 404 in the plugin's error shape.
    expect((await http().post(resolve).set(admins.payments.auth)).body).toMatchObject({ id: issueId, resolved: true });
    expect(
      (await http().post('/greeting-cards/admin/payment-issues/999999/resolve').set(admins.payments.auth)).body,
    ).toEqual({ detail: 'Not found.' });
    expect(
      (await http().get('/greeting-cards/admin/summary').set(admins.orders.auth)).body.attention.payment_issues,
    ).toBe(0);
    expect(
      (await http().get('/greeting-cards/admin/payment-issues').set(admins.orders.auth)).body.results[0],
    ).toMatchObject({ id: issueId, resolved: true });
  });

  it('keeps records (payment issues, payment events, refunds, status changes) out of the Content Manager, even for a super admin', async () => {
    const RECORDS = ['payment-issue', 'payment-event', 'refund', 'order-status-change', 'delivery-event'].map(
      (name) => `plugin::greeting-cards.${name}`,
    );
    const types = await http().get('/content-manager/content-types').set(admins.owner.auth);
    expect(types.status).toBe(200);
    const byUid = new Map((types.body.data as Array<{ uid: string; isDisplayed: boolean }>).map((t) => [t.uid, t]));
    for (const uid of RECORDS)
      expect({ uid, isDisplayed: byUid.get(uid)?.isDisplayed ?? false }).toEqual({ uid, isDisplayed: false });
    // Curated catalogue types stay editable there.
    expect(byUid.get('plugin::greeting-cards.template')?.isDisplayed).toBe(true);
    // Strapi registers the Content Manager's create, update and delete rights only for displayed types, so
    // not even a super admin can change or delete a record through its API (reading stays possible).
    const kept = await db(app.strapi, 'payment-issue').create({
      data: { kind: 'needs_refund', order_uuid: orderUuid, amount_pence: 100, currency: 'gbp', detail: 'Kept.' },
    });
    const path = `/content-manager/collection-types/plugin::greeting-cards.payment-issue/${kept.documentId}`;
    expect((await http().put(path).set(admins.owner.auth).send({ detail: 'Edited.', resolved: true })).status).toBe(
      403,
    );
    expect((await http().delete(path).set(admins.owner.auth)).status).toBe(403);
    expect(
      (
        await http()
          .post('/content-manager/collection-types/plugin::greeting-cards.payment-issue')
          .set(admins.owner.auth)
          .send({ kind: 'needs_refund', detail: 'Made up.' })
      ).status,
    ).toBe(403);
    expect(await db(app.strapi, 'payment-issue').findOne({ where: { id: kept.id } })).toMatchObject({
      detail: 'Kept.',
      resolved: false,
    });
    expect(await db(app.strapi, 'payment-issue').count({ where: { detail: 'Made up.' } })).toBe(0);
  });

  it('shows the effective settings with secrets masked, and the health of rendering and e-mail', async () => {
    const res = await http().get('/greeting-cards/admin/settings').set(admins.settings.auth);
    expect(res.status).toBe(200);
    const settings = res.body.groups.flatMap((g: { settings: unknown[] }) => g.settings);
    const byKey = (key: string) => settings.find((s: { key: string }) => s.key === key);
    expect(byKey('stripeWebhookSecret')).toMatchObject({
      env: 'SERVICE_STRIPE_WEBHOOK_SECRET',
      value: 'whse…9f',
      secret: true,
    });
    expect(byKey('stripeSecretKey')).toMatchObject({ value: 'not set', secret: true });
    expect(byKey('ecardPrice')).toMatchObject({ value: 299, secret: false });
    expect(res.body.groups.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['Prices', 'Payments', 'Jobs']),
    );
    expect(JSON.stringify(res.body)).not.toContain('whsec_test_0123456789abcd9f');
    expect(res.body.health.renderer).toEqual({
      ok: true,
      detail: expect.stringContaining('memory'),
      message: expect.objectContaining({ id: 'renderer.drew' }),
    });
    expect(res.body.health.email).toEqual({
      ok: true,
      detail: expect.stringContaining(`127.0.0.1:${smtp.port}`),
      message: expect.objectContaining({ id: 'email.smtp-accepted' }),
    });

    await smtp.stop();
    try {
      const down = await http().get('/greeting-cards/admin/settings').set(admins.settings.auth);
      expect(down.body.health.email.ok).toBe(false);
    } finally {
      await smtp.start();
    }
  });
});
