import { postalAddressProblems, postcodeFits } from '../../plugins/greeting-cards/server/src/platform/addresses/postal-address';
import { deliveryRuleErrors } from '../../plugins/greeting-cards/server/src/areas/orders/rules/cart-rules';
import { checkRecipient, EMPTY_RECIPIENT } from '../../plugins/greeting-cards/server/src/areas/people/rules/recipient-input';

describe('postal address checks (postcode formats from postcode-validator)', () => {
  const good = { address_line_1: '12 St James Square', city: 'London', postcode: 'SW1Y 4JH', country: 'GB' };

  it('accepts a complete address with a postcode of its country', () => {
    expect(postalAddressProblems(good)).toEqual({});
    expect(postalAddressProblems({ ...good, postcode: '10115', country: 'DE' })).toEqual({});
    expect(postalAddressProblems({ ...good, postcode: '90210', country: 'US' })).toEqual({});
  });

  it('names each field that cannot be posted to', () => {
    expect(postalAddressProblems({ ...good, country: 'XX' })).toEqual({ country: expect.stringMatching(/two-letter ISO 3166/) });
    expect(postalAddressProblems({ ...good, postcode: '1011', country: 'DE' })).toEqual({ postcode: 'Enter a valid postcode for DE.' });
    expect(postalAddressProblems({ ...good, postcode: '', country: 'US' })).toEqual({ postcode: 'This field is required.' });
    expect(postalAddressProblems({ country: 'GB' })).toEqual({ address_line_1: 'This field is required.', city: 'This field is required.', postcode: 'This field is required.' });
  });

  it('lets countries without a known postcode format through, with or without a postcode', () => {
    expect(postcodeFits('HK', 'anything')).toBe(true);
    expect(postalAddressProblems({ ...good, postcode: '', country: 'HK' })).toEqual({});
  });

  it('refuses a posted card to a badly formed address, naming the field; other methods do not care', () => {
    const errors = deliveryRuleErrors('post', { ...good, postcode: '1011', country: 'DE' }, { gift_addon: false, gift_wrap: false });
    expect(errors).toEqual({ recipient_id: ["The recipient's postcode cannot be posted to: Enter a valid postcode for DE."] });
    expect(deliveryRuleErrors('print', { ...good, postcode: '1011', country: 'DE' }, { gift_addon: false, gift_wrap: false })).toEqual({});
  });

  it('checks a saved recipient\'s postcode against its country', () => {
    expect(checkRecipient({ ...EMPTY_RECIPIENT, first_name: 'Ada', country: 'DE', postcode: '1011' }).errors).toEqual({ postcode: ['Enter a valid postcode for DE.'] });
    expect(checkRecipient({ ...EMPTY_RECIPIENT, first_name: 'Ada', country: 'DE', postcode: '10115' }).errors).toEqual({});
    expect(checkRecipient({ ...EMPTY_RECIPIENT, first_name: 'Ada', country: 'GB', postcode: 'nope' }).errors).toEqual({ postcode: ['Enter a valid UK postcode, such as SW1A 1AA.'] });
  });
});
