import {
  checkRecipient,
  EMPTY_RECIPIENT,
  normaliseUkPostcode,
  recipientFields,
} from '../../plugins/greeting-cards/server/src/areas/people/rules/recipient-input';
import { serializeRecipient } from '../../plugins/greeting-cards/server/src/areas/people/recipients/serializer';
import { isCountryCode } from '../../plugins/greeting-cards/server/src/platform/addresses/countries';
import { inEnglish } from '../helpers/in-english';

describe('recipient input', () => {
  it('normalises UK postcodes and rejects others', () => {
    expect(normaliseUkPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normaliseUkPostcode('M1  1AE')).toBe('M1 1AE');
    expect(normaliseUkPostcode('EC1A 1BB')).toBe('EC1A 1BB');
    expect(normaliseUkPostcode('gir0aa')).toBe('GIR 0AA');
    expect(normaliseUkPostcode('12345')).toBeNull();
    expect(normaliseUkPostcode('SW1A')).toBeNull();
  });

  it('needs a name and checks GB postcodes only for GB', () => {
    expect(inEnglish(checkRecipient({ ...EMPTY_RECIPIENT }).errors)).toEqual({ first_name: [expect.any(String)] });
    expect(inEnglish(checkRecipient({ ...EMPTY_RECIPIENT, last_name: 'X', postcode: '75001' }).errors)).toEqual({
      postcode: [expect.any(String)],
    });
    expect(
      inEnglish(checkRecipient({ ...EMPTY_RECIPIENT, last_name: 'X', country: 'FR', postcode: '75001' }).errors),
    ).toEqual({});
  });

  it('knows ISO 3166 alpha-2 codes', () => {
    expect(['GB', 'IE', 'US', 'FR', 'DE', 'JP'].every(isCountryCode)).toBe(true);
    expect(['UK', 'EU', 'XX', 'gb', 'GBR'].some(isCountryCode)).toBe(false);
  });

  it('trims strings and uppercases the country', () => {
    const parsed = recipientFields.partial().parse({ first_name: '  Ann ', country: 'ie', notes: null });
    expect(parsed).toEqual({ first_name: 'Ann', country: 'IE', notes: '' });
  });

  it('serialises a row with the full name, falling back to the e-mail', () => {
    const base = {
      id: 3,
      first_name: 'Sam',
      last_name: 'Jones',
      is_system_user: 1,
      birthday: new Date(Date.UTC(1990, 2, 14)),
    };
    expect(serializeRecipient(base)).toMatchObject({
      full_name: 'Sam Jones',
      is_system_user: true,
      birthday: '1990-03-14',
      country: 'GB',
      anniversary: null,
    });
    expect(serializeRecipient({ id: 4, email: 'a@b.test' }).full_name).toBe('a@b.test');
  });
});
