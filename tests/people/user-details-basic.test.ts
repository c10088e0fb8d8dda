import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';

describe('SERVICE_USE_SYSTEM_USER_DETAILS=false and SERVICE_AUTO_SYNC_USER_RECIPIENT=false', () => {
  let app: TestApp;
  appForSuite(
    {
      SERVICE_USE_SYSTEM_USER_DETAILS: 'false',
      SERVICE_AUTO_SYNC_USER_RECIPIENT: 'false',
      // Configured, but ignored while full details are off.
      SERVICE_USER_PROFILE_RELATION: 'profile',
      SERVICE_PROFILE_FIELD_MAP: JSON.stringify({ city: 'city', phone: 'phone' }),
      SERVICE_USER_FIELD_MAP: JSON.stringify({
        email: 'email',
        first_name: 'first_name',
        last_name: 'last_name',
        phone: 'phone',
      }),
    },
    (booted) => {
      app = booted;
    },
  );

  const systemEntries = (userId: number) =>
    app.strapi.db
      .query('plugin::greeting-cards.recipient')
      .findMany({ where: { owner: { id: userId }, is_system_user: true } });

  it('reads only the e-mail and names', async () => {
    const p = await app.strapi.db.query('api::profile.profile').create({ data: { city: 'Hull', phone: '123456' } });
    const user = await createUser(app.strapi, { first_name: 'Bo', last_name: 'Ash', phone: '0100 000', profile: p.id });
    const res = await app.http().get('/api/me/details/').set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Bo',
      last_name: 'Ash',
      email: user.email,
      phone: '',
      city: '',
      full_name: 'Bo Ash',
    });
  });

  it('does not sync on login or listing, but an explicit sync still works', async () => {
    const user = await createUser(app.strapi, { first_name: 'Cy' });
    const login = await app
      .http()
      .post('/api/auth/local')
      .send({ identifier: user.email, password: 'correct-horse-battery' });
    expect(login.status).toBe(200);
    const list = await app.http().get('/api/recipients/').set(user.auth);
    expect(list.body.count).toBe(0);
    expect(await systemEntries(user.id)).toHaveLength(0);
    const sync = await app.http().post('/api/me/sync_recipient/').set(user.auth);
    expect(sync.status).toBe(200);
    expect(await systemEntries(user.id)).toHaveLength(1);
  });
});
