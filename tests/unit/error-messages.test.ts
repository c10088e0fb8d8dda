// Error texts in the request's language: every English error text in the server's source is in the
// 'error.' catalogue (a new message without an entry fails here, naming its file and line), and the
// rewriting of error bodies (platform/i18n/error-messages.ts) finds plain and templated texts.
import * as path from 'path';
import { catalogueFor } from '../../plugins/greeting-cards/server/src/platform/i18n/messages';
import { localizeErrorBody, localizeErrorText } from '../../plugins/greeting-cards/server/src/platform/i18n/error-messages';
import { errorLiterals, inCatalogue } from '../helpers/error-literals';
import type { z } from 'zod';
import { recipientFields } from '../../plugins/greeting-cards/server/src/areas/people/rules/recipient-input';
import { reminderPatch } from '../../plugins/greeting-cards/server/src/areas/people/rules/reminder-input';
import { groupCardCreate, reorderInput, signatureCreate } from '../../plugins/greeting-cards/server/src/areas/group-cards/rules/group-card-input';
import { orderCheckoutInput, payInput, portalInput, subscriptionCheckoutInput } from '../../plugins/greeting-cards/server/src/platform/http/inputs';
import { text, boolean } from '../../plugins/greeting-cards/server/src/platform/http/body';

const SERVER = path.join(__dirname, '../../plugins/greeting-cards/server/src');
const en = catalogueFor('en');
const de = catalogueFor('de');
const englishErrors = Object.entries(en)
  .filter(([key]) => key.startsWith('error.'))
  .map(([, text]) => text);

describe('the errors catalogue', () => {
  const literals = errorLiterals(SERVER);

  it('finds the error texts of the source (the scan itself works)', () => {
    const texts = literals.map((l) => l.text);
    expect(texts).toEqual(expect.arrayContaining(['This field is required.', 'Not found.', 'Ensure this field has no more than ${} characters.', '"${}" is not a valid choice.']));
    expect(literals.length).toBeGreaterThan(150);
  });

  it('has every English error text the server source sends', () => {
    const missing = literals.filter((l) => !inCatalogue(l.text, englishErrors)).map((l) => `${l.where}: ${l.text}`);
    expect(missing).toEqual([]);
  });

  it('matches a template literal against the placeholders of an entry, and nothing else', () => {
    expect(inCatalogue('Ensure this field has no more than ${} characters.', ['Ensure this field has no more than {max} characters.'])).toBe(true);
    expect(inCatalogue('Ensure this field has no more than ${} letters.', ['Ensure this field has no more than {max} characters.'])).toBe(false);
    expect(inCatalogue('A brand-new message.', englishErrors)).toBe(false);
  });

  it('keeps every English text once (the text is the id)', () => {
    const seen = new Map<string, string[]>();
    for (const [key, text] of Object.entries(en)) if (key.startsWith('error.')) seen.set(text, [...(seen.get(text) ?? []), key]);
    expect([...seen.entries()].filter(([, keys]) => keys.length > 1)).toEqual([]);
  });
});

describe('zod schemas at the edges', () => {
  // zod's own default texts ("Invalid input: expected string...") are not the spec's and have no
  // translation: every check of a request schema names a message of the catalogue. Wrong values of
  // every kind through every field; each message that comes out must be a catalogue text.
  const SCHEMAS: Record<string, z.ZodObject> = {
    recipientFields, reminderPatch, groupCardCreate, signatureCreate, reorderInput, orderCheckoutInput, payInput, portalInput, subscriptionCheckoutInput,
  };
  const WRONG: unknown[] = [undefined, null, 7, -1, 1.5, '', ' ', 'x'.repeat(6000), 'not valid', true, {}, [], ['a'], [-1], Array.from({ length: 1200 }, (_, i) => i + 1), 'http://', '#12345Z'];

  it.each(Object.keys(SCHEMAS))('%s answers only catalogue texts', (name) => {
    const schema = SCHEMAS[name];
    const unknown = new Set<string>();
    for (const field of Object.keys(schema.shape)) {
      for (const value of WRONG) {
        const result = schema.safeParse({ [field]: value });
        if (result.success) continue;
        for (const issue of result.error.issues) if (localizeErrorText(issue.message, 'de') === issue.message) unknown.add(`${field}: ${issue.message}`);
      }
    }
    expect([...unknown]).toEqual([]);
  });

  it('the shared text and boolean fields too', () => {
    for (const value of [undefined, 7, 'x'.repeat(300), {}]) {
      const result = text(200).safeParse(value);
      if (!result.success) for (const issue of result.error.issues) expect(localizeErrorText(issue.message, 'de')).not.toBe(issue.message);
    }
    for (const value of [undefined, 'yes', 3]) {
      const result = boolean().safeParse(value);
      if (!result.success) for (const issue of result.error.issues) expect(localizeErrorText(issue.message, 'de')).not.toBe(issue.message);
    }
  });
});

describe('localizeErrorText', () => {
  it('translates a plain text exactly, and leaves English alone', () => {
    expect(localizeErrorText('This field is required.', 'de')).toBe(de['error.required']);
    expect(localizeErrorText('This field is required.', 'en')).toBe('This field is required.');
  });

  it('translates a templated text, refilling its variable parts', () => {
    expect(localizeErrorText('Ensure this field has no more than 200 characters.', 'de')).toBe('Dieses Feld darf höchstens 200 Zeichen lang sein.');
    expect(localizeErrorText('"fax" is not a valid choice.', 'de')).toBe('„fax“ ist keine gültige Auswahl.');
    expect(localizeErrorText('Invalid pk "99" - object does not exist.', 'de')).toBe('Ungültige ID „99“ – das Objekt gibt es nicht.');
  });

  it('translates a message inside a message, and messages joined into one text', () => {
    expect(localizeErrorText('Item 7: An e-card needs a recipient.', 'de')).toBe('Item 7: Eine E-Card braucht einen Empfänger.');
    expect(localizeErrorText('Only a cart can be checked out. This order is paid.', 'de')).toBe('Nur ein Warenkorb kann zur Kasse gehen. Diese Bestellung ist im Status „paid“.');
  });

  it('leaves an unknown text as it is', () => {
    expect(localizeErrorText('Something nobody wrote down.', 'de')).toBe('Something nobody wrote down.');
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
    const english = { detail: 'Not found.' };
    expect(localizeErrorBody(english, 'en')).toBe(english);
  });

  it('has a German text for every English one that differs from it (nothing left in English by mistake)', () => {
    const same = Object.keys(en).filter((k) => k.startsWith('error.') && en[k] === de[k] && !/^\{\w+\}: \{\w+\}$/.test(en[k]));
    expect(same).toEqual([]);
  });
});
