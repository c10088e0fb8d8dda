import {
  postalAddressProblems,
  postcodeFits,
} from '../../plugins/greeting-cards/server/src/platform/addresses/postal-address';
import { deliveryRuleErrors } from '../../plugins/greeting-cards/server/src/areas/orders/rules/cart-rules';
import {
  checkRecipient,
  EMPTY_RECIPIENT,
} from '../../plugins/greeting-cards/server/src/areas/people/rules/recipient-input';
import { inEnglish } from '../helpers/in-english';

describe('postal address checks (postcode formats from postcode-validator)', () => {
  const good = { address_line_1: '12 St James Square', city: 'London', postcode: 'SW1Y 4JH', country: 'GB' };

  it('accepts a complete address with a postcode of its country', () => {
    expect(inEnglish(postalAddressProblems(good))).toEqual({});
    expect(inEnglish(postalAddressProblems({ ...good, postcode: '10115', country: 'DE' }))).toEqual({});
    expect(inEnglish(postalAddressProblems({ ...good, postcode: '90210', country: 'US' }))).toEqual({});
  });

  it('names each field that cannot be posted to', () => {
    expect(inEnglish(postalAddressProblems({ ...good, country: 'XX' }))).toEqual({
      country: expect.stringMatching(/two-letter ISO 3166/),
    });
    expect(inEnglish(postalAddressProblems({ ...good, postcode: '1011', country: 'DE' }))).toEqual({
      postcode: 'Enter a valid postcode for DE.',
    });
    expect(inEnglish(postalAddressProblems({ ...good, postcode: '', country: 'US' }))).toEqual({
      postcode: 'This field is required.',
    });
    expect(inEnglish(postalAddressProblems({ country: 'GB' }))).toEqual({
      address_line_1: 'This field is required.',
      city: 'This field is required.',
      postcode: 'This field is required.',
    });
  });

  it('lets countries without a known postcode format through, with or without a postcode', () => {
    expect(postcodeFits('HK', 'anything')).toBe(true);
    expect(inEnglish(postalAddressProblems({ ...good, postcode: '', country: 'HK' }))).toEqual({});
  });

  it('refuses a posted card to a badly formed address, naming the field; other methods do not care', () => {
    const errors = inEnglish(
      deliveryRuleErrors('post', { ...good, postcode: '1011', country: 'DE' }, { gift_addon: false, gift_wrap: false }),
    );
    expect(errors).toEqual({
      recipient_id: ["The recipient's postcode cannot be posted to: Enter a valid postcode for DE."],
    });
    expect(
      deliveryRuleErrors(
        'print',
        { ...good, postcode: '1011', country: 'DE' },
        { gift_addon: false, gift_wrap: false },
      ),
    ).toEqual({});
  });

  it("checks a saved recipient's postcode against its country", () => {
    expect(
      inEnglish(checkRecipient({ ...EMPTY_RECIPIENT, first_name: 'Ada', country: 'DE', postcode: '1011' }).errors),
    ).toEqual({ postcode: ['Enter a valid postcode for DE.'] });
    expect(checkRecipient({ ...EMPTY_RECIPIENT, first_name: 'Ada', country: 'DE', postcode: '10115' }).errors).toEqual(
      {},
    );
    expect(
      inEnglish(checkRecipient({ ...EMPTY_RECIPIENT, first_name: 'Ada', country: 'GB', postcode: 'nope' }).errors),
    ).toEqual({ postcode: ['Enter a valid UK postcode, such as SW1A 1AA.'] });
  });
});
