// Error texts in the request's language: code throws messages by code (i18n/format-message.ts), and
// the edge formats them; an English text is never looked up in the catalogue. The scan of the
// server's source finds any error text still written in English, which would reach a German
// request in English: there must be none.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  formatMessage,
  messageCatalogue,
  msg,
  type MessageCode,
} from '../../plugins/greeting-cards/server/src/platform/i18n/format-message';
import {
  localizeErrorBody,
  localizeErrorText,
} from '../../plugins/greeting-cards/server/src/platform/i18n/error-messages';
import { catalogueTextLiterals, errorLiterals } from '../helpers/error-literals';
import type { z } from 'zod';
import { recipientFields } from '../../plugins/greeting-cards/server/src/areas/people/rules/recipient-input';
import { reminderPatch } from '../../plugins/greeting-cards/server/src/areas/people/rules/reminder-input';
import {
  groupCardCreate,
  reorderInput,
  signatureCreate,
} from '../../plugins/greeting-cards/server/src/areas/group-cards/rules/group-card-input';
import {
  orderCheckoutInput,
  payInput,
  portalInput,
  subscriptionCheckoutInput,
} from '../../plugins/greeting-cards/server/src/platform/http/inputs';
import { text, boolean } from '../../plugins/greeting-cards/server/src/platform/http/body';

const SERVER = path.join(__dirname, '../../plugins/greeting-cards/server/src');
const en = messageCatalogue('en');
const de = messageCatalogue('de');
const codes = Object.keys(en) as MessageCode[];
// The catalogue's English texts without ICU arguments, as they are sent.
const plainEnglish = new Set(codes.filter((code) => !/[{}]/.test(en[code])).map((code) => formatMessage('en', code)));
// English by design: what a payment provider's webhook is answered, Errors that only reach the log, and
// users-permissions' own "Invalid token." (jwt-verifier, session-rules), which it answers in its own format.
const ENGLISH_BY_DESIGN =
  /^(platform\/providers\/|platform\/http\/jwt-verifier\.ts:|areas\/accounts\/settings\/session-rules\.ts:|areas\/payments\/payment-webhook-service\.ts:)/;

describe('the errors catalogue', () => {
  const literals = errorLiterals(SERVER);

  it('finds error texts where the source would write them (the scans themselves work)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'error-literals-'));
    try {
      fs.mkdirSync(path.join(dir, 'areas/x'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'areas/x/service.ts'),
        [
          "throw badRequest('The cart is empty.');",
          "throw fieldError('promo_code', ok ? 'This code is fine.' : `Code ${code} is wrong.`);",
          'const schema = z.string().max(10, "Enter at most 10 characters.");',
          "function why() { return 'Not found.'; }",
          "throw badRequest(msg('error.cart_empty'));",
        ].join('\n'),
      );
      expect(errorLiterals(dir).map((l) => l.text)).toEqual([
        'The cart is empty.',
        'This code is fine.',
        'Code ${} is wrong.',
        'Enter at most 10 characters.',
      ]);
      expect(catalogueTextLiterals(dir, plainEnglish).map((l) => `${l.where}: ${l.text}`)).toEqual([
        'areas/x/service.ts:1: The cart is empty.',
        'areas/x/service.ts:4: Not found.',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has no error text with variable parts left in the source: those throw a code with values', () => {
    expect(literals.filter((l) => l.text.includes('${}')).map((l) => `${l.where}: ${l.text}`)).toEqual([]);
  });

  it('has no plain English error text left in the source: every message is a code', () => {
    expect(literals.map((l) => `${l.where}: ${l.text}`)).toEqual([]);
  });

  it("writes no catalogue text as a literal anywhere else (a return, an Error, a constant): it throws the text's code", () => {
    const left = catalogueTextLiterals(SERVER, plainEnglish).filter((l) => !ENGLISH_BY_DESIGN.test(l.where));
    expect(left.map((l) => `${l.where}: ${l.text}`)).toEqual([]);
  });
});

describe('zod schemas at the edges', () => {
  // zod's own default texts ("Invalid input: expected string...") are not the spec's and have no
  // translation: every check of a request schema names a message of the catalogue. Wrong values of
  // every kind through every field; each message that comes out must be a catalogue text.
  const SCHEMAS: Record<string, z.ZodObject> = {
    recipientFields,
    reminderPatch,
    groupCardCreate,
    signatureCreate,
    reorderInput,
    orderCheckoutInput,
    payInput,
    portalInput,
    subscriptionCheckoutInput,
  };
  const WRONG: unknown[] = [
    undefined,
    null,
    7,
    -1,
    1.5,
    '',
    ' ',
    'x'.repeat(6000),
    'not valid',
    true,
    {},
    [],
    ['a'],
    [-1],
    Array.from({ length: 1200 }, (_, i) => i + 1),
    'http://',
    '#12345Z',
  ];

  it.each(Object.keys(SCHEMAS))('%s answers only catalogue texts', (name) => {
    const schema = SCHEMAS[name];
    const unknown = new Set<string>();
    for (const field of Object.keys(schema.shape)) {
      for (const value of WRONG) {
        const result = schema.safeParse({ [field]: value });
        if (result.success) continue;
        for (const issue of result.error.issues)
          if (localizeErrorText(issue.message, 'de') === issue.message) unknown.add(`${field}: ${issue.message}`);
      }
    }
    expect([...unknown]).toEqual([]);
  });

  it('the shared text and boolean fields too', () => {
    for (const value of [undefined, 7, 'x'.repeat(300), {}]) {
      const result = text(200).safeParse(value);
      if (!result.success)
        for (const issue of result.error.issues) expect(localizeErrorText(issue.message, 'de')).not.toBe(issue.message);
    }
    for (const value of [undefined, 'yes', 3]) {
      const result = boolean().safeParse(value);
      if (!result.success)
        for (const issue of result.error.issues) expect(localizeErrorText(issue.message, 'de')).not.toBe(issue.message);
    }
  });
});

describe('localizeErrorText', () => {
  it('writes a message in the language, its English byte for byte', () => {
    expect(localizeErrorText(msg('error.required'), 'de')).toBe('Dieses Feld ist erforderlich.');
    expect(localizeErrorText(msg('error.required'), 'en')).toBe('This field is required.');
  });

  it('sends a plain text as it is, even one that is a catalogue text (no lookup of English)', () => {
    expect(localizeErrorText('This field is required.', 'de')).toBe('This field is required.');
    expect(localizeErrorText('Something nobody wrote down.', 'de')).toBe('Something nobody wrote down.');
    expect(localizeErrorText('Ensure this field has no more than 200 characters.', 'de')).toBe(
      'Ensure this field has no more than 200 characters.',
    );
    expect(localizeErrorText('', 'de')).toBe('');
  });
});

describe('localizeErrorBody', () => {
  it('rewrites a field-errors body, nested and non_field_errors too, in a new object', () => {
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
    expect(JSON.stringify(body)).toBe(before);
  });

  it('rewrites a detail body, keeps unknown texts, and returns English bodies untouched', () => {
    expect(localizeErrorBody({ detail: msg('error.not_found') }, 'de')).toEqual({ detail: 'Nicht gefunden.' });
    expect(localizeErrorBody({ detail: 'A provider said no.' }, 'de')).toEqual({ detail: 'A provider said no.' });
    expect(localizeErrorBody({ detail: 'Not found.' }, 'de')).toEqual({ detail: 'Not found.' });
    expect(localizeErrorBody({ detail: msg('error.not_found') }, 'en')).toEqual({ detail: 'Not found.' });
  });

  it('has a German text for every English one that differs from it (nothing left in English by mistake)', () => {
    const same = codes.filter((k) => en[k] === de[k] && !/^\{\w+\}[: ]+\{\w+\}$/.test(en[k]));
    expect(same).toEqual([]);
  });
});
