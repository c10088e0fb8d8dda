import fs from 'fs';
import path from 'path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { SETTING_RECORDS } from '../../plugins/greeting-cards/server/src/platform/config/settings';
import { SETTING_GROUPS } from '../../plugins/greeting-cards/server/src/platform/config/settings-groups';
import { CHECK_TEXTS } from '../../plugins/greeting-cards/server/src/platform/host/check-texts';
import {
  healthDetailId,
  settingDescriptionId,
  settingGroupId,
  verbatim,
} from '../../plugins/greeting-cards/admin/src/utils/setting-texts';

// The settings page's texts that the server sends (each setting's description, the group names, the
// health checks' details): English is declared once on the server and is the admin's defaultMessage, so
// en.json holds no copy; de.json must hold a German text for each, none for a setting, group or check
// that no longer exists, and keep what an operator types or looks up elsewhere (environment variable
// names, {placeholders}, code, URLs) exactly as in English.

const DE_FILE = path.join(__dirname, '../../plugins/greeting-cards/admin/src/translations/de.json');
const de = JSON.parse(fs.readFileSync(DE_FILE, 'utf8')) as Record<string, string>;

/** English by catalogue id, as the server sends it. */
function englishTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, record] of Object.entries(SETTING_RECORDS)) texts.set(settingDescriptionId(key), record.describe);
  for (const name of Object.values(SETTING_GROUPS)) texts.set(settingGroupId(name), name);
  for (const [id, text] of Object.entries(CHECK_TEXTS)) texts.set(healthDetailId(id), text);
  return texts;
}

const PREFIXES = [settingDescriptionId(''), settingGroupId(''), healthDetailId('')];
const fromServer = (id: string) => PREFIXES.some((prefix) => id.startsWith(prefix));

// What must survive translation unchanged: environment variable names, {...} (placeholders and JSON
// examples), `code`, <names> in paths and examples, and URLs.
const TOKENS = [
  /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g,
  /\{[^{}]*\}/g,
  /`[^`]+`/g,
  /<[A-Za-z]+>/g,
  /https?:\/\/[^\s;,)]+/g,
];
const tokens = (text: string) => TOKENS.flatMap((pattern) => text.match(pattern) ?? []).sort();

/** Every way de.json and the server's English disagree, one line each. */
function problems(german: Record<string, string>, english = englishTexts()): string[] {
  const found: string[] = [];
  for (const [id, text] of english) {
    const translated = german[id];
    if (translated === undefined) {
      found.push(`${id}: no German text`);
      continue;
    }
    // Identical only where there is nothing but placeholders to translate ("{renderer}: {error}").
    if (!translated.trim() || (translated === text && /[a-z]{3}/i.test(text.replace(/\{\w+\}/g, ''))))
      found.push(`${id}: not translated`);
    const ours = tokens(text).join(' ');
    const theirs = tokens(translated).join(' ');
    if (ours !== theirs) found.push(`${id}: English has [${ours}], German [${theirs}]`);
    // react-intl returns a found message as written, except that it unquotes '{...}'.
    if (/'\{/.test(translated)) found.push(`${id}: '{ would lose its quote`);
  }
  for (const id of Object.keys(german).filter(fromServer))
    if (!english.has(id)) found.push(`${id}: no such setting or group on the server`);
  return found;
}

describe('German texts for the settings the server describes', () => {
  it('has a German description for every setting and group, and none for what no longer exists', () => {
    expect(englishTexts().size).toBeGreaterThan(100);
    expect(problems(de)).toEqual([]);
  });

  it('fails on a missing, a stale or a changed entry (the check can fail)', () => {
    const missing = { ...de };
    delete missing[settingDescriptionId('publicUrl')];
    expect(problems(missing)).toEqual([`${settingDescriptionId('publicUrl')}: no German text`]);
    expect(problems({ ...de, [settingDescriptionId('retiredSetting')]: 'Weg.' })).toEqual([
      `${settingDescriptionId('retiredSetting')}: no such setting or group on the server`,
    ]);
    const renamed = {
      ...de,
      [settingDescriptionId('schedulerEnabled')]: de[settingDescriptionId('schedulerEnabled')].replace(
        'SERVICE_WORKER_POLL_SECONDS',
        'SERVICE_POLL_SECONDS',
      ),
    };
    expect(problems(renamed)).toEqual([
      expect.stringContaining(`${settingDescriptionId('schedulerEnabled')}: English has`),
    ]);
    const lostPlaceholder = {
      ...de,
      [settingDescriptionId('orderSuccessUrl')]: 'Wohin Checkout nach dem Bezahlen zurückführt.',
    };
    expect(problems(lostPlaceholder)).toEqual([
      `${settingDescriptionId('orderSuccessUrl')}: English has [{uuid}], German []`,
    ]);
    expect(problems({ ...de, [settingGroupId('General')]: 'General' })).toEqual([
      `${settingGroupId('General')}: not translated`,
    ]);
  });

  it('has health details that are ICU messages with the same {values} in both languages', () => {
    const names = (message: string) =>
      parse(message)
        .flatMap((element) => (element.type === TYPE.argument ? [element.value] : []))
        .sort();
    for (const [id, text] of Object.entries(CHECK_TEXTS)) {
      expect([id, names(de[healthDetailId(id)])]).toEqual([id, names(text)]);
      expect(names(text)).toEqual([...new Set(text.match(/\{\w+\}/g) ?? [])].map((name) => name.slice(1, -1)).sort());
    }
  });

  it('shows the English exactly as the server wrote it, braces and angle brackets included', () => {
    for (const [id, text] of englishTexts()) {
      if (id.startsWith(healthDetailId(''))) continue; // messages with {values}, not verbatim
      const elements = parse(verbatim(text));
      const shown = elements
        .map((element) => (element.type === TYPE.literal ? element.value : `[${TYPE[element.type]}]`))
        .join('');
      expect(shown).toBe(text);
    }
  });
});
