import { bootFailure, startApp, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';

describe('a custom user-details adapter module', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Relative to the host app's root directory.
    app = await startApp({ SERVICE_USER_DETAILS_ADAPTER: 'tests/fixtures/user-details-adapter.js' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('replaces the mapping, and its answers are normalised', async () => {
    const user = await createUser(app.strapi, { first_name: 'Ignored' });
    const res = await app.http().get('/api/me/details/').set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      first_name: `Custom ${user.username}`,
      last_name: 'Adapter',
      email: user.email.toLowerCase(),
      phone: '441234567890',
      address_line_1: '',
      address_line_2: '',
      city: 'Leeds',
      county: '',
      postcode: '',
      country: 'IE',
      birthday: '1970-01-02',
      full_name: `Custom ${user.username} Adapter`,
      display_name: `Custom ${user.username} Adapter`,
    });
    const login = await app
      .http()
      .post('/api/auth/local')
      .send({ identifier: user.email, password: 'correct-horse-battery' });
    expect(login.status).toBe(200);
    const list = await app.http().get('/api/recipients/').set(user.auth);
    expect(list.body.results[0]).toMatchObject({
      is_system_user: true,
      first_name: `Custom ${user.username}`,
      city: 'Leeds',
      country: 'IE',
    });
  });
});

describe('boot refuses bad user-details settings', () => {
  it('names SERVICE_USER_DETAILS_ADAPTER when the module is missing', async () => {
    const error = await bootFailure({ SERVICE_USER_DETAILS_ADAPTER: 'tests/fixtures/no-such-adapter.js' });
    expect(error.message).toContain('SERVICE_USER_DETAILS_ADAPTER');
    expect(error.message).toContain('no-such-adapter.js');
  });

  it('names SERVICE_USER_DETAILS_ADAPTER when the module is not an adapter', async () => {
    const error = await bootFailure({ SERVICE_USER_DETAILS_ADAPTER: 'tests/fixtures/not-an-adapter.js' });
    expect(error.message).toMatch(/SERVICE_USER_DETAILS_ADAPTER.*getDetails/);
  });

  it('names SERVICE_USER_FIELD_MAP when it maps an unknown detail', async () => {
    const error = await bootFailure({ SERVICE_USER_FIELD_MAP: JSON.stringify({ nickname: 'username' }) });
    expect(error.message).toMatch(/SERVICE_USER_FIELD_MAP.*nickname/);
  });

  it('names SERVICE_USER_PROFILE_RELATION when the user has no such relation', async () => {
    const error = await bootFailure({ SERVICE_USER_PROFILE_RELATION: 'dossier' });
    expect(error.message).toMatch(/SERVICE_USER_PROFILE_RELATION.*dossier/);
  });
});
