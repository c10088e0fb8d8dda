// Error texts in the request's language: code throws messages by code (i18n/format-message.ts). The
// scan of the server's source finds what is still written as English text: no text with variable
// parts is left (those are codes now), and each plain text left is exactly an English catalogue text
// without arguments, which the edge still translates by exact match during the move to codes.
import * as path from 'path';
import {
  formatMessage,
  messageCatalogue,
  type MessageCode,
} from '../../plugins/greeting-cards/server/src/platform/i18n/format-message';
import {
  localizeErrorBody,
  localizeErrorText,
} from '../../plugins/greeting-cards/server/src/platform/i18n/error-messages';
import { errorLiterals } from '../helpers/error-literals';
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
// The English texts the exact-match path knows: those without ICU arguments.
const plainEnglish = codes.filter((code) => !/[{}]/.test(en[code])).map((code) => formatMessage('en', code));

describe('the errors catalogue', () => {
  const literals = errorLiterals(SERVER);

  it('finds the error texts of the source (the scan itself works)', () => {
    expect(literals.length).toBeGreaterThan(50);
  });

  it('has no error text with variable parts left in the source: those throw a code with values', () => {
    expect(literals.filter((l) => l.text.includes('${}')).map((l) => `${l.where}: ${l.text}`)).toEqual([]);
  });

  it('has every plain English error text the server source still sends', () => {
    const missing = literals.filter((l) => !plainEnglish.includes(l.text)).map((l) => `${l.where}: ${l.text}`);
    expect(missing).toEqual([]);
  });

  it('keeps every plain English text once (the exact-match path finds one code)', () => {
    const seen = new Map<string, number>();
    for (const text of plainEnglish) seen.set(text, (seen.get(text) ?? 0) + 1);
    expect([...seen.entries()].filter(([, n]) => n > 1)).toEqual([]);
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
  it('translates a plain text exactly, and leaves English alone', () => {
    expect(localizeErrorText('This field is required.', 'de')).toBe(formatMessage('de', 'error.required'));
    expect(localizeErrorText('This field is required.', 'en')).toBe('This field is required.');
  });

  it('leaves an unknown text, or one with variable parts, as it is (no patterns)', () => {
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
      card_id: ['This field is required.'],
      non_field_errors: ['Invalid data. Expected a dictionary.'],
      items: [{ non_field_errors: ['Not found.'] }],
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
    expect(localizeErrorBody({ detail: 'Not found.' }, 'de')).toEqual({ detail: 'Nicht gefunden.' });
    expect(localizeErrorBody({ detail: 'A provider said no.' }, 'de')).toEqual({ detail: 'A provider said no.' });
    expect(localizeErrorBody({ detail: 'Not found.' }, 'en')).toEqual({ detail: 'Not found.' });
  });

  it('has a German text for every English one that differs from it (nothing left in English by mistake)', () => {
    const same = codes.filter((k) => en[k] === de[k] && !/^\{\w+\}[: ]+\{\w+\}$/.test(en[k]));
    expect(same).toEqual([]);
  });
});
