import fs from 'fs';
import path from 'path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import {
  healthDetailId,
  settingDescriptionId,
  settingGroupId,
} from '../../plugins/greeting-cards/admin/src/utils/setting-texts';

// The admin panel's catalogues (issue 27): every key the admin code asks for is in en.json and de.json,
// the German catalogue has exactly the English keys, each message is valid ICU, and both languages use
// the same {placeholders}, so no German screen shows a raw key, a stray "{count}" or misses a value.

const ADMIN = path.join(__dirname, '../../plugins/greeting-cards/admin/src');
// Ids built at run time for texts the server sends in English (setting descriptions, group names, health
// details): the
// scan below cannot see them and en.json holds no copy; admin-setting-texts.test.ts checks their German.
const SERVER_TEXTS = [settingDescriptionId(''), settingGroupId(''), healthDetailId('')];
const fromServer = (key: string) => SERVER_TEXTS.some((prefix) => key.startsWith(prefix));
const PLUGIN_ID = 'greeting-cards';
const catalogue = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(ADMIN, 'translations', `${locale}.json`), 'utf8')) as Record<string, string>;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const QUOTED = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
// getTranslation('key') or getTrad('key'), with the defaultMessage that follows it when there is one,
// and ids written out whole ('greeting-cards.key').
const CALL = new RegExp(
  String.raw`\b(?:getTranslation|getTrad)\(\s*(${QUOTED})\s*\)(?:\s*,\s*defaultMessage:\s*(${QUOTED}))?`,
  'g',
);
const WHOLE_ID = new RegExp(String.raw`\bid:\s*['"\x60]${PLUGIN_ID}\.([^'"\x60$]+)['"\x60]`, 'g');
const unquote = (literal: string) =>
  JSON.parse(
    literal.startsWith("'") ? `"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"` : literal,
  ) as string;

/** Every key the admin code uses, with the English words it falls back to (where it says them). */
function usedKeys(): Map<string, { defaults: Set<string>; files: Set<string> }> {
  const used = new Map<string, { defaults: Set<string>; files: Set<string> }>();
  const add = (key: string, file: string, fallback?: string) => {
    const entry = used.get(key) ?? { defaults: new Set<string>(), files: new Set<string>() };
    entry.files.add(path.relative(ADMIN, file));
    if (fallback !== undefined) entry.defaults.add(fallback);
    used.set(key, entry);
  };
  for (const file of sources(ADMIN)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(CALL)) add(unquote(match[1]), file, match[2] ? unquote(match[2]) : undefined);
    for (const match of text.matchAll(WHOLE_ID)) add(match[1], file);
  }
  return used;
}

/** The names of a message's arguments ({name}, {count, plural, …}), inside plural and select options too. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      // A pound (#) has no value: 'value' in element already leaves it out.
      if ('value' in element && element.type !== TYPE.literal) names.add(String(element.value));
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('admin translations', () => {
  const en = catalogue('en');
  const de = catalogue('de');
  const used = usedKeys();

  it('finds the keys the admin code uses (the scan itself works)', () => {
    expect(used.size).toBeGreaterThan(100);
    expect(used.get('plugin.name')?.files.has('index.ts')).toBe(true);
    expect(used.get('settings.save')?.defaults).toEqual(new Set(['Save settings']));
  });

  it('has every used key in en.json and de.json', () => {
    const missing = (words: Record<string, string>) =>
      [...used.keys()]
        .filter((key) => !(key in words))
        .map((key) => `${key} (${[...used.get(key)!.files].join(', ')})`);
    expect(missing(en)).toEqual([]);
    expect(missing(de)).toEqual([]);
  });

  it('has no key in en.json that the code no longer uses', () => {
    expect(Object.keys(en).filter((key) => !used.has(key))).toEqual([]);
  });

  it('keeps en.json the same words as the defaultMessage in the code (one English text per key)', () => {
    const differing = [...used].flatMap(([key, { defaults }]) =>
      [...defaults].filter((text) => text !== en[key]).map((text) => `${key}: code "${text}", en.json "${en[key]}"`),
    );
    expect(differing).toEqual([]);
  });

  it('has exactly the English keys in de.json: none missing, none extra', () => {
    expect(Object.keys(de).filter((key) => !(key in en) && !fromServer(key))).toEqual([]);
    expect(Object.keys(en).filter(fromServer)).toEqual([]);
    expect(Object.keys(en).filter((key) => !(key in de))).toEqual([]);
  });

  it('has valid ICU messages with the same placeholders in both languages, and German words', () => {
    const problems: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const german = de[key];
      if (german === undefined) continue;
      let ours: string[] = [];
      let theirs: string[] = [];
      try {
        ours = argumentsOf(english);
        theirs = argumentsOf(german);
      } catch (error) {
        problems.push(`${key}: not valid ICU (${(error as Error).message})`);
        continue;
      }
      if (ours.join() !== theirs.join()) problems.push(`${key}: en {${ours.join(', ')}} but de {${theirs.join(', ')}}`);
      if (!german.trim()) problems.push(`${key}: empty German text`);
    }
    expect(problems).toEqual([]);
    // Translated, not copied: most German texts differ from the English ones (names such as "E-Mail" may match).
    const same = Object.keys(en).filter((key) => en[key] === de[key]);
    expect(same.length).toBeLessThan(Object.keys(en).length / 10);
  });

  it('fails on a missing key, an extra key or a changed placeholder (the checks can fail)', () => {
    expect(
      argumentsOf('{deliveries, plural, one {# failed delivery} other {# failed deliveries}}, {issues} issues'),
    ).toEqual(['deliveries', 'issues']);
    expect(argumentsOf('Seite {page} von {pages}')).not.toEqual(argumentsOf('Page {page} of {count}'));
    const withoutOne = { ...de };
    delete withoutOne['plugin.name'];
    expect(Object.keys(en).filter((key) => !(key in withoutOne))).toEqual(['plugin.name']);
  });
});
