import { appForSuite, QUIET_APP, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';

// Issue 23: signing is public, so it is limited per IP and per signing link (SERVICE_RATE_LIMIT_SIGNATURES_*).

describe('group-card signing limits', () => {
  let app: TestApp;
  let alice: TestUser;

  appForSuite(
    {
      ...QUIET_APP,
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_SIGNATURES_PER_IP: '3',
      SERVICE_RATE_LIMIT_SIGNATURES_PER_LINK: '5',
      SERVICE_RATE_LIMIT_WRITES_PER_USER: '1000',
      SERVICE_RATE_LIMIT_WRITES_PER_IP: '1000',
      TRUST_PROXY: 'true',
    },
    async (booted) => {
      app = booted;
      alice = await createUser(app.strapi);
    },
  );

  const start = async () => {
    const card = await createCard(app.strapi, alice);
    const res = await app
      .http()
      .post('/api/group-cards/')
      .set(alice.auth)
      .send({
        card_id: card.id,
        title: 'T',
        recipient_name: 'R',
        deadline: new Date(Date.now() + 86_400_000).toISOString(),
      });
    return res.body as { sign_token: string; uuid: string };
  };
  const sign = (token: string, ip: string) =>
    app
      .http()
      .post(`/api/sign/${token}/signatures/`)
      .set('X-Forwarded-For', ip)
      .send({ display_name: 'Jo', message: 'Hi' });

  it('refuses a fourth signature from one IP with 429 and Retry-After, and stores nothing for it', async () => {
    const g = await start();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await sign(g.sign_token, '203.0.113.7')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await sign(g.sign_token, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body.detail).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    // The same refusal in the signer's language.
    const german = await app
      .http()
      .post(`/api/sign/${g.sign_token}/signatures/`)
      .set('X-Forwarded-For', '203.0.113.7')
      .set('Accept-Language', 'de')
      .send({ display_name: 'Jo', message: 'Hi' });
    expect(german.status).toBe(429);
    expect(german.body.detail).toMatch(/^Zu viele Anfragen\. .*\d+ Sekunden?/);
    expect((await app.http().get(`/api/group-cards/${g.uuid}/`).set(alice.auth)).body.signature_count).toBe(3);
  });

  it('refuses a link past its own limit whichever IPs the requests come from, and leaves other links alone', async () => {
    const g = await start();
    const other = await start();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await sign(g.sign_token, `198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await sign(other.sign_token, '198.51.100.50')).status).toBe(201);
  });
});
