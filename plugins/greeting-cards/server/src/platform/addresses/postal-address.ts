import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { isCountryCode } from './countries';
import { msg, type Message } from '../i18n/format-message';

// Whether an address can be posted to, before any money is taken: a known country, the lines a
// label needs, and a postcode of that country's format. Postcode formats come from a maintained library
// (postcode-validator), not from our own patterns; a country it has no format for (or that has no
// postcodes) accepts any postcode, or none.

export interface PostalFacts {
  address_line_1?: string | null;
  city?: string | null;
  postcode?: string | null;
  country?: string | null;
}

const text = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');

/** Whether the country's postal system uses postcodes the library knows the format of. */
export const hasPostcodeFormat = (country: string): boolean =>
  isCountryCode(country) && postcodeValidatorExistsForCountry(country);

/** Whether `postcode` has the format of `country`'s postcodes (true when the library has no format for it). */
export function postcodeFits(country: string, postcode: string): boolean {
  if (!hasPostcodeFormat(country)) return true;
  try {
    return postcodeValidator(postcode, country);
  } catch {
    return true;
  }
}

/** Problems by field of the address a posted card would go to; empty when it can be posted. */
export function postalAddressProblems(address: PostalFacts): Record<string, Message> {
  const problems: Record<string, Message> = {};
  const country = text(address.country).toUpperCase();
  if (!isCountryCode(country)) problems.country = msg('error.country_code');
  if (!text(address.address_line_1)) problems.address_line_1 = msg('error.required');
  if (!text(address.city)) problems.city = msg('error.required');
  const postcode = text(address.postcode);
  if (!postcode && hasPostcodeFormat(country)) problems.postcode = msg('error.required');
  else if (postcode && isCountryCode(country) && !postcodeFits(country, postcode))
    problems.postcode = msg('error.postcode_for', { country });
  return problems;
}
