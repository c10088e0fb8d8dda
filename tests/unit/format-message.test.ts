// Messages by code (i18n/format-message.ts): the spec's English texts come out of the English
// catalogue byte for byte, plurals are chosen by the library per language, and both catalogues hold
// every code with the same ICU arguments.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import {
  formatMessage,
  messageCatalogue,
  msg,
  textIn,
  zodMessage,
  fromZodMessage,
  type MessageCode,
} from '../../plugins/greeting-cards/server/src/platform/i18n/format-message';
import { localizeErrorBody } from '../../plugins/greeting-cards/server/src/platform/i18n/error-messages';

const en = messageCatalogue('en');
const de = messageCatalogue('de');
const codes = Object.keys(en) as MessageCode[];

/** The arguments of an ICU message and their kinds ("count:plural", "max:argument"), sorted. */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time)
      out.add(`${el.value}:${el.type}`);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(`${el.value}:${el.type}`);
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    }
    if (el.type === TYPE.tag) argumentsOf(el.children, out);
  }
  return out;
}
const icuArguments = (text: string) => [...argumentsOf(parse(text, { ignoreTag: true }))].sort();

describe('the ICU catalogues', () => {
  it('hold the spec texts byte for byte in English', () => {
    expect(formatMessage('en', 'error.required')).toBe('This field is required.');
    expect(formatMessage('en', 'error.not_found')).toBe('Not found.');
    expect(formatMessage('en', 'error.no_credentials')).toBe('Authentication credentials were not provided.');
  });

  it('have every code in both languages, none empty, with the same ICU arguments', () => {
    expect(Object.keys(de).sort()).toEqual([...codes].sort());
    const mismatched = codes.filter(
      (code) => JSON.stringify(icuArguments(en[code])) !== JSON.stringify(icuArguments(de[code])),
    );
    expect(mismatched).toEqual([]);
    expect(codes.filter((code) => !de[code].trim())).toEqual([]);
  });

  it('parse as ICU without markup (a literal "<token>" is text)', () => {
    for (const code of codes)
      for (const text of [en[code], de[code]]) expect(() => parse(text, { ignoreTag: true })).not.toThrow();
    expect(formatMessage('en', 'error.auth_header')).toBe('Invalid authorization header. Use "Bearer <token>".');
  });

  it('keep literal braces and apostrophes', () => {
    expect(formatMessage('en', 'error.settings_nothing')).toBe(
      'Nothing to change: send the settings to change, e.g. {"ecardPrice": 349}.',
    );
    expect(formatMessage('en', 'error.bulk_no_first_name', { name: 'Ada' })).toBe(
      'Ada: the card says {first_name}, and this recipient has no first name.',
    );
    expect(formatMessage('en', 'error.signature_ids')).toBe("Give the signatures' ids in their new order.");
    expect(
      formatMessage('en', 'error.post_address_field', {
        field: 'postcode',
        message: msg('error.required'),
      }),
    ).toBe("The recipient's postcode cannot be posted to: This field is required.");
  });
});

describe('formatMessage', () => {
  it('fills values as written (no digit grouping of a plain argument)', () => {
    expect(formatMessage('en', 'error.max_length', { max: 5000 })).toBe(
      'Ensure this field has no more than 5000 characters.',
    );
    expect(formatMessage('de', 'error.max_length', { max: 200 })).toBe(
      'Dieses Feld darf höchstens 200 Zeichen lang sein.',
    );
  });

  it('chooses plural forms through the library, in English and German', () => {
    expect(formatMessage('en', 'error.too_many_requests', { seconds: 1 })).toBe(
      'Too many requests. Please try again in 1 second.',
    );
    expect(formatMessage('en', 'error.too_many_requests', { seconds: 30 })).toBe(
      'Too many requests. Please try again in 30 seconds.',
    );
    expect(formatMessage('de', 'error.too_many_requests', { seconds: 1 })).toBe(
      'Zu viele Anfragen. Bitte versuche es in 1 Sekunde noch einmal.',
    );
    expect(formatMessage('de', 'error.too_many_requests', { seconds: 0 })).toBe(
      'Zu viele Anfragen. Bitte versuche es in 0 Sekunden noch einmal.',
    );
    expect(formatMessage('en', 'error.ecard_resend_after', { days: 1 })).toBe(
      'An unopened e-card can be sent again 1 day after it was sent.',
    );
    expect(formatMessage('de', 'error.ecard_resend_after', { days: 7 })).toBe(
      'Eine ungeöffnete E-Card kann 7 Tage nach dem Versand erneut verschickt werden.',
    );
    expect(formatMessage('en', 'error.group_too_many_pages', { count: 2 })).toContain(
      'they need 2 more pages than its four',
    );
    expect(formatMessage('de', 'error.group_too_many_pages', { count: 1 })).toContain('Sie bräuchten 1 Seite mehr');
  });

  it('formats a message inside a message, in the same language', () => {
    const joined = msg('error.two_sentences', {
      first: msg('error.order_checkout_only_cart'),
      second: msg('error.order_is', { status: 'paid' }),
    });
    expect(textIn('en', joined)).toBe('Only a cart can be checked out. This order is paid.');
    expect(textIn('de', joined)).toBe('Nur ein Warenkorb kann zur Kasse gehen. Diese Bestellung ist im Status „paid“.');
    expect(
      textIn(
        'de',
        msg('error.item_problem', {
          label: 'Item 7',
          message: msg('error.ecard_needs_recipient'),
        }),
      ),
    ).toBe('Item 7: Eine E-Card braucht einen Empfänger.');
  });
});

describe('textIn and error bodies', () => {
  it('carries a message through a zod string and reads it back', () => {
    const carried = zodMessage('error.max_length', { max: 500 });
    expect(fromZodMessage(carried)).toEqual({
      code: 'error.max_length',
      values: { max: 500 },
    });
    expect(textIn('de', carried)).toBe('Dieses Feld darf höchstens 500 Zeichen lang sein.');
    expect(fromZodMessage('Not a carried message.')).toBeNull();
  });

  it('sends a plain text as it is: no English text is looked up in the catalogue', () => {
    expect(textIn('de', 'This field is required.')).toBe('This field is required.');
    expect(textIn('en', 'This field is required.')).toBe('This field is required.');
    expect(textIn('de', 'Ensure this field has no more than 200 characters.')).toBe(
      'Ensure this field has no more than 200 characters.',
    );
    expect(textIn('de', 'A provider said no.')).toBe('A provider said no.');
  });

  it('writes every message of a body, nested too, in a new object, and keeps other strings', () => {
    const body = {
      card_id: [msg('error.required')],
      non_field_errors: [msg('error.not_dictionary')],
      items: [{ non_field_errors: [msg('error.not_found')] }],
      code: 'Not found.',
    };
    const before = JSON.stringify(body);
    expect(localizeErrorBody(body, 'de')).toEqual({
      card_id: ['Dieses Feld ist erforderlich.'],
      non_field_errors: ['Ungültige Daten. Erwartet wird ein Objekt.'],
      items: [{ non_field_errors: ['Nicht gefunden.'] }],
      code: 'Not found.',
    });
    expect(localizeErrorBody(body, 'en')).toEqual({
      card_id: ['This field is required.'],
      non_field_errors: ['Invalid data. Expected a dictionary.'],
      items: [{ non_field_errors: ['Not found.'] }],
      code: 'Not found.',
    });
    expect(JSON.stringify(body)).toBe(before);
    expect(localizeErrorBody({ detail: msg('error.not_found') }, 'de')).toEqual({ detail: 'Nicht gefunden.' });
  });
});
