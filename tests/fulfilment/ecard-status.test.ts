import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { createSuperAdmin } from '../helpers/admin';
import { webSession } from '../web/session';
import { deliveryHeader, design, fulfilment, q } from './helpers';

const DAY = 86_400_000;
type Delivery = {
  id: number;
  view_token: string;
  recipient_name: string;
  last_error: string | null;
  can_send_again: boolean;
  [field: string]: unknown;
};

// How each e-card stands with its recipient: sent, then opened (the first visit of its view page by
// anyone but the buyer), or failed with the mail server's own words; and the buyer's "send again".
describe('e-card status per recipient: opened, failed with the reason, send again', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  // The mail server refuses these mailboxes until a test says otherwise.
  const refused = new Set<string>();
  const http = () => app.http();

  beforeAll(async () => {
    smtp = await startSmtpCapture({
      rejectRecipient: (address) =>
        refused.has(address)
          ? `5.1.1 <${address}>: Recipient address rejected: User unknown in virtual mailbox table`
          : null,
    });
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      // One try: a refused mailbox is a failed card at once (no back-off to wait for).
      SERVICE_DELIVERY_MAX_ATTEMPTS: '1',
      SERVICE_RESEND_UNOPENED_AFTER_DAYS: '3',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  /** Buys one e-card per address (demo payment) and waits for the sends; the order's uuid. */
  async function buyEcards(buyer: TestUser, emails: string[], extra: Record<string, unknown> = {}) {
    // Sending again e-mails someone else: a demo payment does not qualify, a proven address does (issue 39).
    await proveAddress(app.strapi, buyer);
    const card = await createCard(app.strapi, buyer, { title: 'Thank you', canvas_data: design('Thank you') });
    for (const email of emails) {
      const recipient = await createRecipient(app.strapi, buyer, {
        first_name: email.split('@')[0],
        last_name: 'Reader',
        email,
      });
      expect(
        (
          await http()
            .post('/api/orders/add_to_cart/')
            .set(buyer.auth)
            .send({ card_id: card.id, recipient_id: recipient.id, ...extra })
        ).status,
      ).toBe(200);
    }
    const cart = await http().get('/api/orders/cart/').set(buyer.auth);
    expect((await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(buyer.auth).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(buyer.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    return cart.body.uuid as string;
  }
  const orderDeliveries = async (buyer: TestUser, uuid: string) => {
    const res = await http().get(`/api/orders/${uuid}/`).set(buyer.auth);
    expect(res.status).toBe(200);
    return res.body.deliveries as Delivery[];
  };
  const listed = async (buyer: TestUser, id: number) =>
    ((await http().get('/api/deliveries/').set(buyer.auth)).body.results as Delivery[]).find((d) => d.id === id);
  const mailsFor = (id: number) => smtp.messages.filter((m) => deliveryHeader(m) === String(id));
  const sendAgain = (buyer: TestUser | null, id: number, key?: string) => {
    const req = http().post(`/api/deliveries/${id}/send-again/`);
    if (buyer) req.set(buyer.auth);
    if (key) req.set('Idempotency-Key', key);
    return req.send({});
  };

  it('marks an e-card opened on the first view by someone other than its buyer, once', async () => {
    const buyer = await createUser(app.strapi);
    const uuid = await buyEcards(buyer, ['opener@example.test']);
    const [sent] = await orderDeliveries(buyer, uuid);
    expect(sent).toMatchObject({
      status: 'sent',
      recipient_status: 'sent',
      opened_at: null,
      can_send_again: false,
      last_error: null,
    });
    expect(await listed(buyer, sent.id)).toMatchObject({ recipient_status: 'sent', opened_at: null });
    const page = `/cards/view/${sent.view_token}/`;

    // The buyer's own look (signed in, by token or by the shop's session cookie) is a view, not an opening.
    expect((await http().get(page).set(buyer.auth)).status).toBe(200);
    expect(
      (
        await http()
          .get(page)
          .set('Cookie', (await webSession(app, buyer)).cookie)
      ).status,
    ).toBe(200);
    let row = await q(app.strapi, 'delivery').findOne({ where: { id: sent.id } });
    expect(row).toMatchObject({ view_count: 2, opened_at: null });
    expect(row.first_viewed_at).toBeTruthy();

    // The recipient (anyone else, signed in or not) opens it; later visits do not move the time.
    const someoneElse = await createUser(app.strapi);
    expect((await http().get(page)).status).toBe(200);
    row = await q(app.strapi, 'delivery').findOne({ where: { id: sent.id } });
    expect(row.opened_at).toBeTruthy();
    const openedAt = new Date(row.opened_at).toISOString();
    expect((await http().get(page).set(someoneElse.auth)).status).toBe(200);
    expect((await http().get(page)).status).toBe(200);
    row = await q(app.strapi, 'delivery').findOne({ where: { id: sent.id } });
    expect(row.view_count).toBe(5);
    expect(new Date(row.opened_at).toISOString()).toBe(openedAt);

    const [opened] = await orderDeliveries(buyer, uuid);
    expect(opened).toMatchObject({ recipient_status: 'opened', opened_at: openedAt, can_send_again: false });
    expect(await listed(buyer, sent.id)).toMatchObject({ recipient_status: 'opened', opened_at: openedAt });
    // An opened card is not sent again: 400 with the reason; nothing is e-mailed.
    const before = mailsFor(sent.id).length;
    const refusedAgain = await sendAgain(buyer, sent.id, 'opened-press-1');
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.body).toEqual({ detail: 'This e-card has already been opened.' });
    expect(mailsFor(sent.id)).toHaveLength(before);

    // The order page says so, on the buyer's clock (the shop's zone: no zone of their own).
    const orderPage = await http()
      .get(`/orders/${uuid}/`)
      .set('Cookie', (await webSession(app, buyer)).cookie);
    expect(orderPage.text).toMatch(/data-status="opened">Opened \d{1,2} \w{3} \d{4}, \d{2}:\d{2} (GMT|BST)</);
  });

  it("shows a failed e-card with the mail server's reason, and sends it again once per press", async () => {
    const buyer = await createUser(app.strapi);
    refused.add('bounce@example.test');
    const uuid = await buyEcards(buyer, ['bounce@example.test', 'fine@example.test']);
    const deliveries = await orderDeliveries(buyer, uuid);
    const failed = deliveries.find((d) => d.recipient_name === 'bounce Reader')!;
    const fine = deliveries.find((d) => d.recipient_name === 'fine Reader')!;
    expect(failed).toMatchObject({
      status: 'failed',
      recipient_status: 'failed',
      can_send_again: true,
      opened_at: null,
    });
    // The reason is the server's own answer to RCPT TO, code and text.
    expect(failed.last_error).toMatch(/550/);
    expect(failed.last_error).toContain('Recipient address rejected: User unknown');
    expect(fine).toMatchObject({ status: 'sent', recipient_status: 'sent', can_send_again: false });
    expect(mailsFor(failed.id)).toHaveLength(0);

    // Operators see the order's figures.
    const admin = await createSuperAdmin(app.strapi, http);
    const adminOrder = await http().get(`/greeting-cards/admin/orders/${uuid}`).set(admin.auth);
    expect(adminOrder.status).toBe(200);
    expect(adminOrder.body.ecard_counts).toEqual({ ecards: 2, sent: 1, opened: 0, failed: 1 });

    // The buyer's order page shows the reason and offers "Send again" for the failed card only.
    const session = await webSession(app, buyer);
    const page = await http().get(`/orders/${uuid}/`).set('Cookie', session.cookie);
    expect(page.text).toContain('data-status="failed">Could not be delivered: ');
    expect(page.text).toContain('Recipient address rejected: User unknown');
    expect(page.text.match(/class="button button-quiet button-small send-again"/g)).toHaveLength(1);
    // The library says the same per sent card.
    const library = await http().get('/library/?type=sent').set('Cookie', session.cookie);
    expect(library.text).toContain('E-cards: 1 sent, 0 opened, 1 failed');

    // Ownership: another shopper gets 404 (as for a missing id), an anonymous caller 401.
    const other = await createUser(app.strapi);
    expect((await sendAgain(other, failed.id)).status).toBe(404);
    expect((await sendAgain(other, 999_999)).status).toBe(404);
    expect((await sendAgain(null, failed.id)).status).toBe(401);
    expect((await sendAgain(buyer, failed.id, 'no good')).body).toEqual({
      key: ['Use 8 to 100 letters, digits, - or _.'],
    });

    // The mailbox now exists. One press sends one copy; the same press again (a retried request) sends none.
    refused.delete('bounce@example.test');
    const first = await sendAgain(buyer, failed.id, 'press-one-0001');
    expect(first.status).toBe(200);
    // Back in the queue, and maybe already taken by the background send.
    expect(first.body).toMatchObject({ id: failed.id, can_send_again: false });
    expect(['pending', 'processing', 'sent']).toContain(first.body.status);
    const replay = await sendAgain(buyer, failed.id, 'press-one-0001');
    expect(replay.status).toBe(200);
    // Another press (no key) while that copy is on its way, or just after: nothing more to send.
    const meanwhile = await sendAgain(buyer, failed.id);
    expect(meanwhile.status).toBe(400);
    expect(meanwhile.body.detail).toMatch(
      /^(This e-card is already being sent again\.|An unopened e-card can be sent again 3 days after it was sent\.)$/,
    );
    await fulfilment(app.strapi).drain();
    await smtp.waitFor((m) => deliveryHeader(m) === String(failed.id));
    const again = await sendAgain(buyer, failed.id, 'press-one-0001');
    expect(again.status).toBe(200);
    await fulfilment(app.strapi).drain();
    expect(mailsFor(failed.id)).toHaveLength(1);
    expect(await listed(buyer, failed.id)).toMatchObject({
      status: 'sent',
      recipient_status: 'sent',
      last_error: null,
      can_send_again: false,
    });
    // A new press on a card just sent: not eligible until it has gone unopened for the set days.
    const tooSoon = await sendAgain(buyer, failed.id, 'press-two-0002');
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body).toEqual({ detail: 'An unopened e-card can be sent again 3 days after it was sent.' });
    expect((await http().get(`/greeting-cards/admin/orders/${uuid}`).set(admin.auth)).body.ecard_counts).toEqual({
      ecards: 2,
      sent: 2,
      opened: 0,
      failed: 0,
    });
  });

  it('offers to send again an e-card nobody opened within the set days, as a new message, from the order page', async () => {
    const buyer = await createUser(app.strapi);
    const uuid = await buyEcards(buyer, ['quiet@example.test']);
    const [sent] = await orderDeliveries(buyer, uuid);
    const [firstMail] = mailsFor(sent.id);
    expect(sent.can_send_again).toBe(false);
    // Four days pass without a visit.
    await q(app.strapi, 'delivery').update({
      where: { id: sent.id },
      data: { sent_at: new Date(Date.now() - 4 * DAY) },
    });
    expect((await orderDeliveries(buyer, uuid))[0]).toMatchObject({ recipient_status: 'sent', can_send_again: true });

    // The order page's form, posted twice (a double click, or the browser resending it): one e-mail.
    const session = await webSession(app, buyer);
    const page = await http().get(`/orders/${uuid}/`).set('Cookie', session.cookie);
    const form = new RegExp(
      `action="/orders/${uuid}/deliveries/${sent.id}/send-again/"><input type="hidden" name="_csrf" value="([^"]+)"><input type="hidden" name="key" value="([^"]+)">`,
    ).exec(page.text);
    expect(form).not.toBeNull();
    const post = () =>
      http()
        .post(`/orders/${uuid}/deliveries/${sent.id}/send-again/`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: form![1], key: form![2] });
    const [one, two] = [await post(), await post()];
    expect(one.status).toBe(303);
    expect(one.headers.location).toBe(`/orders/${uuid}/?sent_again=${sent.id}`);
    expect(two.status).toBe(303);
    await fulfilment(app.strapi).drain();
    const mails = await smtp.waitFor((m) => deliveryHeader(m) === String(sent.id), 2);
    await fulfilment(app.strapi).drain();
    expect(mailsFor(sent.id)).toHaveLength(2);
    // A copy sent again is a message of its own: mail clients would drop a repeated Message-ID.
    expect(mails[1].messageId).not.toBe(firstMail.messageId);
    expect(mails[1].text).toContain(`/cards/view/${sent.view_token}/`);
    const shown = await http().get(one.headers.location).set('Cookie', session.cookie);
    expect(shown.text).toContain('Your e-card to quiet Reader is being sent again.');
  });

  it('does not send again a card that is still waiting for its date, and shows it scheduled', async () => {
    const buyer = await createUser(app.strapi);
    const date = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
    const uuid = await buyEcards(buyer, ['later@example.test'], { scheduled_for: date });
    const [waiting] = await orderDeliveries(buyer, uuid);
    expect(waiting).toMatchObject({ status: 'scheduled', recipient_status: 'scheduled', can_send_again: false });
    const res = await sendAgain(buyer, waiting.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'This e-card is not sent yet, so it cannot be sent again.' });
    // Nobody has its link yet: the view page does not show a card that has not gone out.
    expect((await http().get(`/cards/view/${waiting.view_token}/`)).status).toBe(404);
  });

  it('shows the card from the moment its e-mail leaves, while the send is still being recorded', async () => {
    const buyer = await createUser(app.strapi);
    const date = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
    const uuid = await buyEcards(buyer, ['quick@example.test'], { scheduled_for: date });
    const [card] = await orderDeliveries(buyer, uuid);
    const page = `/cards/view/${card.view_token}/`;
    const rows = app.strapi.db.query('plugin::greeting-cards.delivery');
    // Taken by a sender (claimed, not yet recorded as sent): the e-mail may be in the recipient's inbox
    // already, since outcomes are recorded in batches just after the mail server took them.
    await rows.update({
      where: { id: card.id },
      data: { status: 'processing', claimed_at: new Date(), claimed_by: 'instance-under-test', sent_at: null },
    });
    expect((await http().get(page)).status).toBe(200);
    // Not claimed and never sent (as a card waiting at a provider would be): still nothing to show.
    await rows.update({ where: { id: card.id }, data: { claimed_at: null, claimed_by: null } });
    expect((await http().get(page)).status).toBe(404);
  });
});
