import fs from 'fs';
import path from 'path';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress } from '../helpers/users';
import { createAddon, createCard, createRecipient, deliveriesOf, orderRow } from '../helpers/order-fixtures';
import { flatten, inspectPdf } from '../helpers/pdf';
import { deliveryHeader, design, fulfilment, q } from './helpers';

// Real Chromium renders the e-card preview, the view page's SVG and the print PDFs here.
describe('fulfilment: e-card, print at home and posted cards (real renderer, real SMTP)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  const http = () => app.http();
  const PUBLIC_URL = 'https://cards.example.test';

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_DEFAULT_FROM_EMAIL: 'Greeting Cards <cards@example.test>',
      SERVICE_RENDERER: 'puppeteer',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  /** Buys the given items (demo payment) and waits until startOrder's background dispatch is over. */
  async function buy(
    user: { id: number; auth: Record<string, string> },
    items: Array<{ card: any; recipient: any; extra?: object }>,
    beforePay?: (uuid: string) => Promise<void>,
  ) {
    for (const { card, recipient, extra } of items) {
      const res = await http()
        .post('/api/orders/add_to_cart/')
        .set(user.auth)
        .send({ card_id: card.id, recipient_id: recipient.id, ...extra });
      expect(res.status).toBe(200);
    }
    const cart = await http().get('/api/orders/cart/').set(user.auth);
    expect((await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({})).status).toBe(200);
    if (beforePay) await beforePay(cart.body.uuid);
    const paid = await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(user.auth).send({});
    expect(paid.status).toBe(200);
    await fulfilment(app.strapi).drain();
    return cart.body.uuid as string;
  }

  it('e-mails an e-card with both bodies, and its view link shows the design, counts views and offers the PDF', async () => {
    const sender = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    const friend = await createUser(app.strapi);
    await proveAddress(app.strapi, friend);
    const message = 'Happy birthday, Ada! <b>not bold</b> & "quoted"\n\nLove, Sam';
    const card = await createCard(app.strapi, sender, {
      title: 'Ada at <40>',
      canvas_data: design('Happy Birthday Ada'),
      inside_message: message,
    });
    const recipient = await createRecipient(app.strapi, sender, { email: friend.email });
    const uuid = await buy(sender, [{ card, recipient }]);

    const [mail] = await smtp.waitFor((m) => {
      const to = Array.isArray(m.to) ? undefined : m.to;
      return to?.text === friend.email || to?.value[0]?.address === friend.email;
    });
    expect(mail.subject).toBe('Sam Jones sent you a card');
    expect(mail.from?.text).toContain('cards@example.test');
    expect(mail.replyTo?.text).toBe(sender.email);
    expect(mail.text).toContain('Happy birthday, Ada! <b>not bold</b> & "quoted"');
    expect(mail.html).toContain('Happy birthday, Ada! &lt;b&gt;not bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(mail.html).not.toContain('<b>not bold</b>');
    // The card's title is the buyer's own label: not in the e-mail (security issue 39); the message is their quote.
    expect(mail.html).not.toContain('Ada at &lt;40&gt;');
    expect(mail.html).toMatch(/<blockquote[^>]*>[\s\S]*Happy birthday, Ada![\s\S]*<\/blockquote>/);
    const png = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(png?.cid).toBe('card-front');
    expect(png!.content.subarray(1, 4).toString()).toBe('PNG');
    // mailparser swaps a resolved cid: reference for the attachment's data: URI.
    expect(mail.html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="The front of your card"/);

    const [delivery] = await deliveriesOf(app.strapi, uuid);
    const link = `${PUBLIC_URL}/cards/view/${delivery.view_token}/`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(delivery).toMatchObject({
      status: 'sent',
      attempts: 1,
      view_count: 0,
      first_viewed_at: null,
      claimed_by: null,
    });
    expect(delivery.sent_at).toBeTruthy();

    // The card is sent, in the sender's library as sent and in the (registered) recipient's as received.
    expect((await q(app.strapi, 'card').findOne({ where: { id: card.id } })).status).toBe('sent');
    const lib = (u: any) =>
      http()
        .get('/api/library/')
        .set(u.auth)
        .then((r) => r.body.results.filter((e: any) => e.card?.id === card.id).map((e: any) => e.type));
    expect(await lib(sender)).toEqual(['sent']);
    expect(await lib(friend)).toEqual(['received']);
    expect((await orderRow(app.strapi, uuid)).status).toBe('fulfilled');

    // The view page: design as inline SVG, the inside message escaped, the sender, a PDF link, no script.
    const linkPath = new URL(link).pathname;
    const first = await http().get(linkPath);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.text).toMatch(/<html lang="en">/);
    expect(first.text).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Front of the card/);
    expect(first.text).toContain('Happy Birthday Ada');
    expect(first.text).toContain('Happy birthday, Ada! &lt;b&gt;not bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(first.text).toContain('A card from Sam Jones');
    expect(first.text).toContain(`href="/cards/view/${delivery.view_token}/card.pdf"`);
    expect(first.text).not.toMatch(/<script/i);
    const afterOne = await q(app.strapi, 'delivery').findOne({ where: { id: delivery.id } });
    expect(afterOne.view_count).toBe(1);
    expect(afterOne.first_viewed_at).toBeTruthy();

    const second = await http().get(linkPath.replace(/\/$/, ''));
    expect(second.status).toBe(200);
    const afterTwo = await q(app.strapi, 'delivery').findOne({ where: { id: delivery.id } });
    expect(afterTwo.view_count).toBe(2);
    expect(new Date(afterTwo.first_viewed_at).getTime()).toBe(new Date(afterOne.first_viewed_at).getTime());

    // The "print this card" PDF, public by token: A4 landscape, two pages, the inside message as text.
    const pdf = await http()
      .get(`${linkPath}card.pdf`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const facts = await inspectPdf(pdf.body as Buffer);
    expect(facts.pages).toBe(2);
    expect(facts.width).toBeCloseTo(842, -1);
    expect(facts.height).toBeCloseTo(595, -1);
    expect(flatten(facts.pageTexts.join(' '))).toContain('Happy birthday, Ada!');

    // Unknown tokens are a 404 page; so is a malformed one.
    for (const bad of [
      '/cards/view/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/',
      '/cards/view/x/',
      '/cards/view/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/card.pdf',
    ]) {
      const res = await http().get(bad);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Card not found');
    }
  });

  it('print at home: the buyer gets the PDF by API (owner only) and by e-mail; the delivery is delivered', async () => {
    const buyer = await createUser(app.strapi, { first_name: 'Pat', last_name: 'Lee' });
    const other = await createUser(app.strapi);
    const card = await createCard(app.strapi, buyer, {
      title: 'Print me',
      canvas_data: design('Print me'),
      inside_message: 'Printed with love',
    });
    const recipient = await createRecipient(app.strapi, buyer);
    const uuid = await buy(buyer, [{ card, recipient, extra: { delivery_method: 'print' } }]);
    const [delivery] = await deliveriesOf(app.strapi, uuid);
    expect(delivery.status).toBe('delivered');
    expect(delivery.delivered_at).toBeTruthy();
    expect(delivery.pdf_path).toMatch(/\.pdf$/);

    const [mail] = await smtp.waitFor((m) => deliveryHeader(m) === String(delivery.id));
    expect(mail.to).toMatchObject({ text: buyer.email });
    expect(mail.subject).toBe('Your card "Print me" is ready to print');
    expect(mail.text).toContain(`${PUBLIC_URL}/cards/view/${delivery.view_token}/card.pdf`);

    const url = `/api/deliveries/${delivery.id}/pdf/`;
    const anon = await http().get(url);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const foreign = await http().get(url).set(other.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Not found.' });
    expect((await http().get('/api/deliveries/999999/pdf/').set(buyer.auth)).status).toBe(404);
    expect((await http().get('/api/deliveries/abc/pdf/').set(buyer.auth)).status).toBe(404);
    const res = await http()
      .get(url.replace(/\/$/, ''))
      .set(buyer.auth)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="card-\d+\.pdf"$/);
    const facts = await inspectPdf(res.body as Buffer);
    expect(facts.pages).toBe(2);
    expect(facts.width).toBeCloseTo(842, -1);
    expect(flatten(facts.pageTexts.join(' '))).toContain('Printed with love');
    expect((await orderRow(app.strapi, uuid)).status).toBe('fulfilled');
  });

  it('posted card: the stub takes the PDF and packing data, returns a unique reference; an incomplete address is retried', async () => {
    const buyer = await createUser(app.strapi);
    const addon = await createAddon(app.strapi, { name: 'Belgian chocolates' });
    const card = await createCard(app.strapi, buyer, {
      title: 'By post',
      canvas_data: design('By post'),
      inside_message: 'Posted wishes',
    });
    const card2 = await createCard(app.strapi, buyer, { title: 'No address', inside_message: 'x' });
    const recipient = await createRecipient(app.strapi, buyer);
    const homeless = await createRecipient(app.strapi, buyer, { first_name: 'Moved', last_name: 'Away' });
    // The cart refuses a posted card without an address; here the frozen address is lost after checkout.
    const uuid = await buy(
      buyer,
      [
        { card, recipient, extra: { delivery_method: 'post', gift_addon_id: addon.id, gift_wrap: true } },
        { card: card2, recipient: homeless, extra: { delivery_method: 'post' } },
      ],
      async (orderUuid) => {
        const order = await q(app.strapi, 'order').findOne({ where: { uuid: orderUuid } });
        const items = await q(app.strapi, 'order-item').findMany({
          where: { order: { id: order.id }, card: { id: card2.id } },
        });
        const snapshot = {
          ...items[0].snapshot,
          recipient: { ...items[0].snapshot.recipient, address_line_1: '', city: '', postcode: '' },
        };
        await q(app.strapi, 'order-item').update({ where: { id: items[0].id }, data: { snapshot } });
      },
    );
    const deliveries = await deliveriesOf(app.strapi, uuid);
    const sent = deliveries.filter((d: any) => d.status === 'sent');
    expect(sent).toHaveLength(1);
    expect(sent[0].tracking_reference).toMatch(/^[A-Z]+-\d{8}$/);
    expect(sent[0].tracking_reference).toMatch(/^PB-\d{8}$/);

    const outbox = path.join(app.strapi.dirs.app.root, 'private/greeting-cards/postal-outbox');
    const slip = JSON.parse(fs.readFileSync(path.join(outbox, `${sent[0].tracking_reference}.json`), 'utf8'));
    expect(slip.packing).toEqual({
      card_title: 'By post',
      gift_addon: { id: addon.id, name: 'Belgian chocolates' },
      gift_wrap: true,
    });
    expect(slip.address).toMatchObject({
      name: 'Ada Lovelace',
      address_line_1: '12 St James Square',
      city: 'London',
      postcode: 'SW1Y 4JH',
    });
    const facts = await inspectPdf(fs.readFileSync(path.join(outbox, `${sent[0].tracking_reference}.pdf`)));
    expect(facts.pages).toBe(2);
    expect(flatten(facts.pageTexts.join(' '))).toContain('Posted wishes');

    const stuck = deliveries.find((d: any) => d.status !== 'sent');
    expect(stuck).toMatchObject({ status: 'pending', attempts: 1, tracking_reference: null });
    expect(stuck.last_error).toMatch(/postal address incomplete: missing address_line_1, city, postcode/);
    expect(new Date(stuck.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    // Not every delivery is out, so the order is not fulfilled yet.
    expect((await orderRow(app.strapi, uuid)).status).toBe('paid');

    // GET /api/deliveries/: the buyer's own, newest first, with the spec's fields.
    const list = await http().get('/api/deliveries/').set(buyer.auth);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    const row = list.body.results.find((r: any) => r.id === sent[0].id);
    expect(row).toEqual({
      id: sent[0].id,
      order: uuid,
      card: { id: card.id, title: 'By post' },
      recipient_name: 'Ada Lovelace',
      status: 'sent',
      delivery_method: 'post',
      tracking_reference: sent[0].tracking_reference,
      // The stub posts nothing a carrier tracks: no number, no link.
      tracking_number: null,
      tracking_url: null,
      // The stub is no print provider: no stage there; posted already, so no longer cancellable.
      postal_status: null,
      cancellable: false,
      view_token: sent[0].view_token,
      scheduled_for: expect.any(String),
      sent_at: expect.any(String),
      delivered_at: null,
      first_viewed_at: null,
      view_count: 0,
      attempts: 1,
      last_error: null,
      // E-card extensions (tests/fulfilment/ecard-status.test.ts): nothing for a posted card.
      opened_at: null,
      recipient_status: null,
      can_send_again: false,
    });
    const other = await createUser(app.strapi);
    expect((await http().get('/api/deliveries/').set(other.auth)).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await http().get('/api/deliveries').set(buyer.auth)).body.count).toBe(2);
    const anon = await http().get('/api/deliveries/');
    expect(anon.status).toBe(401);
    expect((await http().get('/api/deliveries/?page=abc').set(buyer.auth)).status).toBe(404);
  });
});
