import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

// Errors raised before our controllers run still answer in the spec's shape on the spec's routes,
// while Strapi's own routes keep Strapi's format.
describe('error shapes outside the controllers', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(QUIET_APP, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
  });

  it('malformed JSON is a 400 with detail, and nothing is created', async () => {
    const res = await app
      .http()
      .post('/api/cards/')
      .set(user.auth)
      .set('Content-Type', 'application/json')
      .send('{"title": "x",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: expect.stringMatching(/JSON/) });
    expect(await app.strapi.db.query('plugin::greeting-cards.card').count()).toBe(0);
  });

  it('a body over the size limit is a 413 with detail', async () => {
    const huge = JSON.stringify({
      title: 'x',
      canvas_data: { version: '7', background: '#FFFFFF', objects: [], pad: 'a'.repeat(3 * 1024 * 1024) },
    });
    const res = await app.http().post('/api/cards/').set(user.auth).set('Content-Type', 'application/json').send(huge);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Request body too large.' });
  });

  it('an unknown path under a spec prefix is a 404 with detail', async () => {
    const res = await app.http().get('/api/cards/1/nothing-here/').set(user.auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it("Strapi's own routes keep Strapi's error format", async () => {
    const res = await app
      .http()
      .post('/api/auth/local')
      .send({ identifier: 'nobody@example.test', password: 'wrong-password' });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('error');
  });
});
