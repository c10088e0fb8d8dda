// The message catalogues are complete: every language has every English key, with the same
// placeholders, and every key the code, the views and the editor ask for exists. A string added in
// English only, or a t('...') with a typo, fails here with its name.
import * as fs from 'fs';
import * as path from 'path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { catalogueFor } from '../../plugins/greeting-cards/server/src/platform/i18n/messages';
import {
  SUPPORTED_LOCALES,
  DEFAULT_LOCALE,
  fromAcceptLanguage,
  resolveLocale,
} from '../../plugins/greeting-cards/server/src/platform/i18n/locales';
import { translate } from '../../plugins/greeting-cards/server/src/platform/i18n/translate';

const PLUGIN = path.join(__dirname, '../../plugins/greeting-cards');
const en = catalogueFor(DEFAULT_LOCALE);

/** The names of a message's arguments, plural variables included, each once, sorted. */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date) names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        names.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      }
    }
  };
  walk(parse(text, { ignoreTag: true }));
  return [...names].sort();
}
const placeholders = argumentsOf;

function filesUnder(dir: string, exts: string[]): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : filesUnder(full, exts);
    return exts.some((e) => entry.name.endsWith(e)) ? [full] : [];
  });
}

// t('area.key'), it.t("area.key"), t(`area.key`): a literal key whose first part is a catalogue area.
const KEY_USE = /\bt\(\s*['"`]((?:shop|editor|email)\.[\w.-]+)['"`]/g;

describe('message catalogues', () => {
  it('ship English and at least one more language', () => {
    expect(SUPPORTED_LOCALES.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(en).length).toBeGreaterThan(0);
  });

  it.each(SUPPORTED_LOCALES.filter((l) => l !== DEFAULT_LOCALE))(
    '%s has every English key, no other, none empty, same placeholders',
    (locale) => {
      const other = catalogueFor(locale);
      expect(Object.keys(other).filter((k) => !(k in en))).toEqual([]);
      expect(Object.keys(en).filter((k) => !(k in other))).toEqual([]);
      expect(Object.keys(other).filter((k) => !other[k].trim())).toEqual([]);
      const mismatched = Object.keys(en).filter(
        (k) => JSON.stringify(placeholders(en[k])) !== JSON.stringify(placeholders(other[k])),
      );
      expect(mismatched).toEqual([]);
    },
  );

  it('has every key the server code, the views and the editor use', () => {
    const files = [
      ...filesUnder(path.join(PLUGIN, 'server/src'), ['.ts']),
      ...filesUnder(path.join(PLUGIN, 'server/views'), ['.eta']),
      ...filesUnder(path.join(PLUGIN, 'editor'), ['.ts']),
    ];
    const missing: string[] = [];
    for (const file of files) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(KEY_USE)) {
        const key = m[1];
        if (!(key in en)) missing.push(`${path.relative(PLUGIN, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('one message syntax (ICU MessageFormat)', () => {
  it.each(SUPPORTED_LOCALES)('every %s message parses, and plurals are one message with an other form', (locale) => {
    const catalogue = catalogueFor(locale);
    const broken: string[] = [];
    const splitPlurals: string[] = [];
    const noOther: string[] = [];
    for (const [key, text] of Object.entries(catalogue)) {
      if (/_(zero|one|two|few|many|other)$/.test(key)) splitPlurals.push(key);
      let elements: MessageFormatElement[];
      try {
        elements = parse(text, { ignoreTag: true });
      } catch {
        broken.push(key);
        continue;
      }
      for (const el of elements) if (el.type === TYPE.plural && !el.options.other) noOther.push(key);
    }
    expect({ broken, splitPlurals, noOther }).toEqual({ broken: [], splitPlurals: [], noOther: [] });
  });
});

describe('translate', () => {
  it('chooses the plural form by the language and writes numbers as they are', () => {
    expect(translate('en', 'shop.cart.count', { count: 1 })).toBe('1 card');
    expect(translate('en', 'shop.cart.count', { count: 12345 })).toBe('12345 cards');
    expect(translate('de', 'shop.cart.count', { count: 1 })).toBe('1 Karte');
    expect(translate('de', 'shop.cart.count', { count: 3 })).toBe('3 Karten');
  });

  it('keeps a value left out visible instead of dropping the message', () => {
    expect(translate('en', 'shop.cart.to', { name: undefined })).toBe(' to {name}');
    expect(translate('en', 'shop.cart.to', { name: 'Ann' })).toBe(' to Ann');
  });

  it('fills placeholders and falls back to the key when a key is unknown', () => {
    const key = Object.keys(en)[0];
    expect(translate('de', key)).toBe(catalogueFor('de')[key]);
    expect(translate('de', 'shop.no-such-key')).toBe('shop.no-such-key');
  });
});

describe('choosing a locale', () => {
  it('ranks Accept-Language by q-value and ignores languages not shipped', () => {
    expect(fromAcceptLanguage('fr-FR, de;q=0.9, en;q=0.8')).toBe('de');
    expect(fromAcceptLanguage('en;q=0.5, de-AT;q=0.7')).toBe('de');
    expect(fromAcceptLanguage('de;q=0, en')).toBe('en');
    expect(fromAcceptLanguage('fr, es')).toBeNull();
    expect(fromAcceptLanguage('')).toBeNull();
  });

  it('takes the pinned setting, then the URL, then the remembered choice, then the browser', () => {
    expect(resolveLocale({ pinned: 'en', query: 'de', acceptLanguage: 'de' })).toBe('en');
    expect(resolveLocale({ query: 'de', remembered: 'en', acceptLanguage: 'en' })).toBe('de');
    expect(resolveLocale({ query: 'xx', remembered: 'de', acceptLanguage: 'en' })).toBe('de');
    expect(resolveLocale({ acceptLanguage: 'de-DE,de;q=0.9' })).toBe('de');
    expect(resolveLocale({})).toBe(DEFAULT_LOCALE);
  });
});
