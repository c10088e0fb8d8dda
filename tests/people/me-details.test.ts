import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';

const DETAIL_KEYS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'county',
  'postcode',
  'country',
  'birthday',
  'full_name',
  'display_name',
].sort();

describe('GET /api/me/details/ with the default adapter', () => {
  let app: TestApp;
  appForSuite({}, (booted) => {
    app = booted;
  });

  it('returns the normalised details from the user record', async () => {
    const user = await createUser(app.strapi, { first_name: ' Ada ', last_name: 'Lovelace', phone: '0207 000 0000' });
    const res = await app.http().get('/api/me/details/').set(user.auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(DETAIL_KEYS);
    // The default field map covers e-mail and names only: the user's phone is not read.
    expect(res.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: user.email,
      phone: '',
      address_line_1: '',
      address_line_2: '',
      city: '',
      county: '',
      postcode: '',
      country: '',
      birthday: null,
      full_name: 'Ada Lovelace',
      display_name: 'Ada Lovelace',
    });
    expect((await app.http().get('/api/me/details').set(user.auth)).status).toBe(200);
  });

  it('falls back to the username as display name', async () => {
    const user = await createUser(app.strapi);
    const res = await app.http().get('/api/me/details/').set(user.auth);
    expect(res.body).toMatchObject({ first_name: '', last_name: '', full_name: '', display_name: user.username });
    const service = app.strapi.plugin('greeting-cards').service('userDetails');
    const byId = await service.forUser(user.id);
    expect(byId).toEqual(res.body);
    await expect(service.forUser(99999999)).rejects.toMatchObject({ status: 404 });
  });

  it('answers 401 without credentials and with a bad token', async () => {
    const anonymous = await app.http().get('/api/me/details/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const bad = await app.http().get('/api/me/details/').set({ Authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body.detail).toEqual(expect.any(String));
  });
});
