// Claims are leases: a live instance renews the claims it holds while their work waits (for the
// renderer, for a slow SMTP server), so no other instance takes them; a claim nobody renews (its
// instance died) runs out after the lease and the next dispatch run takes the work over.
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { deliveryHeader, fulfilment, q, until } from './helpers';
import type { Mailer, MailMessage } from '../../plugins/greeting-cards/server/src/platform/providers/mailer/types';
import { createStrapiEmailMailer } from '../../plugins/greeting-cards/server/src/platform/providers/mailer/strapi-email-mailer';

const LEASE_S = 3;

describe('fulfilment: claim leases', () => {
  let app: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_DELIVERY_CLAIM_LEASE_SECONDS: String(LEASE_S),
      SERVICE_DELIVERY_CLAIM_RENEW_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  async function dueDelivery(tag: string, fields: Record<string, unknown> = {}) {
    const { strapi } = app;
    const user = await createUser(strapi);
    const card = await createCard(strapi, user, { title: `Lease ${tag}` });
    const recipient = await createRecipient(strapi, user, { email: `${tag}@example.test` });
    const order = await q(strapi, 'order').create({
      data: { uuid: `lease-${tag}-${Date.now()}`, user: user.id, status: 'paid', paid_at: new Date() },
    });
    const item = await q(strapi, 'order-item').create({
      data: { order: order.id, card: card.id, recipient: recipient.id, delivery_method: 'ecard' },
    });
    return q(strapi, 'delivery').create({
      data: { order_item: item.id, status: 'pending', view_token: `lease-${tag}-${Date.now()}-abcdefgh`, ...fields },
    });
  }

  const sentTo = (id: number) => smtp.messages.filter((m) => deliveryHeader(m) === String(id)).length;

  it('takes over work whose claim ran out (its instance died), and leaves a fresh claim alone', async () => {
    const { strapi } = app;
    const dead = await dueDelivery('dead', {
      status: 'processing',
      claimed_by: 'dead-host:1:0000',
      claimed_at: new Date(Date.now() - (LEASE_S + 1) * 1000),
    });
    const alive = await dueDelivery('alive', {
      status: 'processing',
      claimed_by: 'live-host:2:0000',
      claimed_at: new Date(),
    });

    const run = await fulfilment(strapi).runDue(new Date());
    expect(run.claimed).toBe(1);
    expect(run.sent).toBe(1);
    await smtp.waitFor((m) => deliveryHeader(m) === String(dead.id), 1, 10000);
    expect((await q(strapi, 'delivery').findOne({ where: { id: dead.id } })).status).toBe('sent');
    const other = await q(strapi, 'delivery').findOne({ where: { id: alive.id } });
    expect(other.status).toBe('processing');
    expect(other.claimed_by).toBe('live-host:2:0000');
    expect(sentTo(alive.id)).toBe(0);
    // That pretend live instance never renews: leave no claim behind to run out under the next test.
    await q(strapi, 'delivery').update({
      where: { id: alive.id },
      data: { status: 'cancelled', claimed_by: null, claimed_at: null },
    });
  });

  it('renews the claim of a delivery whose send is held up, so no other run takes it a second time', async () => {
    const { strapi } = app;
    const delivery = await dueDelivery('held');
    const mailerService = strapi.plugin('greeting-cards').service('mailer') as { use(m: Mailer): void };
    const real = createStrapiEmailMailer(strapi, {
      defaultFrom: 'Cards <cards@example.test>',
      mailboxDir: '.tmp/mailbox',
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The send waits (as behind a long render queue) before going to the real SMTP server.
    const held: Mailer = { send: async (m: MailMessage) => (await gate, real.send(m)) };
    mailerService.use(held);
    try {
      const first = fulfilment(strapi).runDue(new Date());
      type Lease = { status: string; claimed_by: string | null; claimed_at: string | null };
      const claimed = await until<Lease>(
        () => q(strapi, 'delivery').findOne({ where: { id: delivery.id } }),
        (d) => d.status === 'processing' && Boolean(d.claimed_at),
      );
      const claimedAt = new Date(claimed.claimed_at!).getTime();
      // Wait until the claim has been renewed past two whole leases: without renewal it would be free.
      const renewed = await until<Lease>(
        () => q(strapi, 'delivery').findOne({ where: { id: delivery.id } }),
        (d) => d.claimed_at !== null && new Date(d.claimed_at).getTime() > claimedAt + 2 * LEASE_S * 1000,
        4 * LEASE_S * 1000,
      );
      expect(renewed.claimed_by).toBe(claimed.claimed_by);
      expect(Date.now() - claimedAt).toBeGreaterThan(2 * LEASE_S * 1000);

      // Another dispatch run (any instance) finds nothing to take.
      const second = await fulfilment(strapi).runDue(new Date());
      expect(second.claimed).toBe(0);

      release();
      expect((await first).sent).toBe(1);
    } finally {
      release();
      mailerService.use(real);
    }
    await smtp.waitFor((m) => deliveryHeader(m) === String(delivery.id), 1, 10000);
    const row = await q(strapi, 'delivery').findOne({ where: { id: delivery.id } });
    expect(row.status).toBe('sent');
    expect(row.claimed_by).toBeNull();
    expect(sentTo(delivery.id)).toBe(1);
  });
});
