import jwt from 'jsonwebtoken';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

// Signed-in requests verify the users-permissions JWT with a secret key built once (a speed fix, see
// platform/http/jwt-verifier.ts). The checks must be exactly those of users-permissions: these tokens are refused.
describe('security: JWT verification of signed-in requests', () => {
  let app: TestApp;
  let user: TestUser;
  let secret: string;
  const me = (token: string) => app.http().get('/api/me/details/').set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    app = await startApp();
    user = await createUser(app.strapi);
    secret = String(app.strapi.config.get('plugin::users-permissions.jwtSecret'));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('accepts a valid token and the session cookie holding one', async () => {
    await me(user.token).expect(200);
    await app.http().get('/api/me/details/').set('Cookie', `gc_session=${user.token}`).expect(200);
    await me(jwt.sign({ id: user.id }, secret, { expiresIn: '1h' })).expect(200);
  });

  it('refuses expired, foreign, unsigned, tampered and wrong-algorithm tokens with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [header, , signature] = user.token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ id: user.id + 1000, iat: now })).toString('base64url');
    const bad = {
      expired: jwt.sign({ id: user.id, iat: now - 7200, exp: now - 3600 }, secret),
      foreignSecret: jwt.sign({ id: user.id }, 'another-secret-entirely'),
      unsigned: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ id: user.id })).toString('base64url')}.`,
      tampered: `${header}.${otherPayload}.${signature}`,
      hs512: jwt.sign({ id: user.id }, secret, { algorithm: 'HS512' }),
      garbage: 'not-a-token',
    };
    for (const [kind, token] of Object.entries(bad)) {
      const res = await me(token);
      expect({ kind, status: res.status, body: res.body }).toEqual({
        kind,
        status: 401,
        body: { detail: expect.any(String) },
      });
    }
  });
});
