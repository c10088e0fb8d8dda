import { normaliseDetails } from '../../plugins/greeting-cards/server/src/platform/providers/user-details/normalise';
import { createMemoryUserDetailsAdapter } from '../../plugins/greeting-cards/server/src/platform/providers/user-details/memory-adapter';

describe('user details normalisation', () => {
  it('fills every field, trims, and turns missing values into empty strings', () => {
    expect(
      normaliseDetails({
        first_name: ' Ann ',
        email: 'ANN@Example.test',
        phone: 12345,
        country: 'gb',
        birthday: '1990-01-31',
      }),
    ).toEqual({
      first_name: 'Ann',
      last_name: '',
      email: 'ann@example.test',
      phone: '12345',
      address_line_1: '',
      address_line_2: '',
      city: '',
      county: '',
      postcode: '',
      country: 'GB',
      birthday: '1990-01-31',
    });
  });

  it('drops values that are not contact details', () => {
    const out = normaliseDetails({ city: { id: 4 } as unknown, birthday: 'someday', last_name: null });
    expect(out).toMatchObject({ city: '', birthday: null, last_name: '' });
    expect(normaliseDetails(undefined).email).toBe('');
  });

  it('has an in-memory test double', async () => {
    const adapter = createMemoryUserDetailsAdapter();
    adapter.set(7, { first_name: 'Mem' });
    expect(await adapter.getDetails({ id: 7 })).toEqual({ first_name: 'Mem' });
    expect(await adapter.getDetails({ id: 8, email: 'x@y.test' })).toEqual({ email: 'x@y.test' });
  });
});
