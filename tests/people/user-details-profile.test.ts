import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';

// The host app (src/extensions, src/api/profile) gives users first_name, last_name, phone and a
// `profile` relation to api::profile.profile; these settings point the default adapter at them.
const PROFILE_MAP = {
  phone: 'phone',
  address_line_1: 'address_line_1',
  address_line_2: 'address_line_2',
  city: 'city',
  county: 'county',
  postcode: 'postcode',
  country: 'country',
  birthday: 'birthday',
};

describe('default adapter with a profile relation and field maps', () => {
  let app: TestApp;
  const profile = (data: Record<string, unknown>) => app.strapi.db.query('api::profile.profile').create({ data });

  appForSuite(
    {
      SERVICE_USER_PROFILE_RELATION: 'profile',
      SERVICE_PROFILE_FIELD_MAP: JSON.stringify(PROFILE_MAP),
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

  it('reads the profile through the relation', async () => {
    const p = await profile({
      phone: '07700 900123',
      address_line_1: '10 Downing Street',
      address_line_2: 'Flat 2',
      city: 'London',
      county: 'Greater London',
      postcode: 'SW1A 2AA',
      country: 'GB',
      birthday: '1985-07-09',
    });
    const user = await createUser(app.strapi, { first_name: 'Rae', last_name: 'Kim', phone: '0100', profile: p.id });
    const res = await app.http().get('/api/me/details/').set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      first_name: 'Rae',
      last_name: 'Kim',
      email: user.email,
      phone: '07700 900123',
      address_line_1: '10 Downing Street',
      address_line_2: 'Flat 2',
      city: 'London',
      county: 'Greater London',
      postcode: 'SW1A 2AA',
      country: 'GB',
      birthday: '1985-07-09',
      full_name: 'Rae Kim',
      display_name: 'Rae Kim',
    });
    const sync = await app.http().post('/api/me/sync_recipient/').set(user.auth);
    expect(sync.body).toMatchObject({
      is_system_user: true,
      full_name: 'Rae Kim',
      phone: '07700 900123',
      address_line_1: '10 Downing Street',
      city: 'London',
      postcode: 'SW1A 2AA',
      country: 'GB',
      birthday: '1985-07-09',
    });
  });

  it('keeps the user value where the profile is blank, and refreshes the entry when the profile changes', async () => {
    const p = await profile({ city: 'York', phone: '' });
    const user = await createUser(app.strapi, { first_name: 'Lu', phone: '01904 000000', profile: p.id });
    const first = await app.http().post('/api/me/sync_recipient/').set(user.auth);
    expect(first.body).toMatchObject({
      phone: '01904 000000',
      city: 'York',
      postcode: '',
      country: 'GB',
      birthday: null,
    });
    await app.strapi.db
      .query('api::profile.profile')
      .update({ where: { id: p.id }, data: { city: 'Bath', postcode: 'BA1 1AA' } });
    const list = await app.http().get('/api/recipients/').set(user.auth);
    expect(list.body.results[0]).toMatchObject({ id: first.body.id, city: 'Bath', postcode: 'BA1 1AA' });
  });

  it('gives empty strings for a user without a profile', async () => {
    const user = await createUser(app.strapi, { first_name: 'No', last_name: 'Profile' });
    const res = await app.http().get('/api/me/details/').set(user.auth);
    expect(res.body).toMatchObject({ first_name: 'No', phone: '', city: '', birthday: null, country: '' });
  });
});
