import type { Browser } from 'puppeteer-core';
import { startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { launchBrowser } from '../e2e/browser';
import { q } from '../fulfilment/helpers';
import {
  adminScreenshot,
  clickByText,
  createPanelUser,
  createRole,
  ensureAdminBuilt,
  incognitoPages,
  logIn,
  waitForDialog,
  waitForText,
} from './admin-browser';
import { allA11yViolations } from '../e2e/baseline';

// The operator's Deliveries page and late posted cards (issue 44) in the real admin panel: the "Late"
// filter lists the card with the day it was promised by, and "Refund shipping" gives its shipping back
// once (the integration test tests/fulfilment/postal-arrive-by.test.ts follows reprints at the fake Prodigi).

const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';

describe('late posted cards on the Deliveries page', () => {
  let app: TestApp;
  let browser: Browser;
  const pages = incognitoPages(() => browser, { bypassCsp: true });

  beforeAll(async () => {
    ensureAdminBuilt();
    // The stub posts every card at once; an Express method with a price of its own for this test.
    const transit = { GB: [1, 2], EU: [2, 4], '*': [3, 6] };
    app = await startApp(
      {
        SERVICE_SEED_SAMPLE_DATA: 'false',
        SERVICE_POSTAL_METHODS: JSON.stringify({
          stub: { Standard: { price: 0, transit }, Express: { price: 450, transit } },
        }),
      },
      { serveAdminPanel: true },
    );
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await app?.stop();
  });

  it('filters late cards and refunds one card’s shipping after a confirmation', async () => {
    // A paid posted card sent by Express (the stub backend posts it at once), whose window has ended.
    const shopper = await createUser(app.strapi);
    const recipient = await createRecipient(app.strapi, shopper, { first_name: 'Late', last_name: 'Lovelace' });
    const card = await createCard(app.strapi, shopper, { title: 'Slow post' });
    const added = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(shopper.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post', shipping_method: 'Express' });
    expect(added.status).toBe(200);
    const uuid = added.body.uuid;
    const shippingPence = added.body.items[0].shipping_pence as number;
    expect(shippingPence).toBeGreaterThan(0);
    expect((await app.http().post(`/api/orders/${uuid}/checkout/`).set(shopper.auth).send({})).status).toBe(200);
    expect((await app.http().post(`/api/orders/${uuid}/pay/`).set(shopper.auth).send({})).status).toBe(200);
    await app.strapi.plugin('greeting-cards').service('fulfilment').drain();
    const order = await q(app.strapi, 'order').findOne({ where: { uuid } });
    const item = await q(app.strapi, 'order-item').findOne({ where: { order: { id: order.id } } });
    const delivery = await q(app.strapi, 'delivery').findOne({ where: { order_item: { id: item.id } } });
    // Never reported delivered, and it left two days after its dispatch day: the job finds it late.
    await q(app.strapi, 'delivery').update({
      where: { id: delivery.id },
      data: { promised_to: '2026-01-13', dispatch_on: '2026-01-09', shipped_at: new Date('2026-01-11T10:00:00Z') },
    });
    const late = app.strapi.plugin('greeting-cards').service('lateCards') as { checkDue(now: Date): Promise<number> };
    expect(await late.checkDue(new Date('2026-01-15T09:00:00Z'))).toBe(1);

    const operator = await createPanelUser(app.strapi, await createRole(app.strapi, 'Late desk', [DELIVERIES]), 'Lena');
    const page = await pages.newPage();
    await logIn(page, app.baseUrl, operator, `/plugins/greeting-cards`);
    await clickByText(page, 'Deliveries', '[role="tab"]');
    await waitForText(page, 'Promised window');
    // The filter: "Late" in the promised-window choice.
    await page.click('[aria-label="Promised window"]');
    await clickByText(page, 'Late', '[role="option"]');
    await waitForText(page, 'Late: promised by 2026-01-13');
    await waitForText(page, 'Nothing done yet');
    expect(await page.$(`[data-late="${delivery.id}"]`)).not.toBeNull();
    await adminScreenshot(page, 'deliveries-late');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);

    await page.click(`button[aria-label="Refund the shipping of delivery ${delivery.id} to Late Lovelace"]`);
    await waitForText(page, "Refund what the buyer paid for this late card's shipping?");
    await waitForDialog(page);
    await clickByText(page, 'Confirm');
    await waitForText(page, 'The shipping was refunded.');
    await waitForText(page, 'Shipping refunded');
    await adminScreenshot(page, 'deliveries-late-refunded');
    // The buttons are gone: one remedy per card.
    expect(await page.$(`button[aria-label^="Reprint and resend delivery ${delivery.id} "]`)).toBeNull();
    const refunds = await q(app.strapi, 'refund').findMany({ where: { delivery_id: delivery.id } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount_pence: shippingPence, kind: 'shipping' });
  });
});
