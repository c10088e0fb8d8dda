import { recordLocale } from '../../plugins/greeting-cards/server/src/platform/i18n/record-locale';

// One rule for the language of mail about a stored record: its own, else the shop's pinned one, else English.
describe('recordLocale', () => {
  it('prefers the language the record was made in', () => {
    expect(recordLocale('de', 'en')).toBe('de');
    expect(recordLocale('en', 'de')).toBe('en');
  });
  it('falls back to the pinned language for a record without one, or with one the shop no longer speaks', () => {
    expect(recordLocale(null, 'de')).toBe('de');
    expect(recordLocale(undefined, 'de')).toBe('de');
    expect(recordLocale('fr', 'de')).toBe('de');
  });
  it('falls back to English when nothing is pinned', () => {
    expect(recordLocale(null, '')).toBe('en');
    expect(recordLocale(null, null)).toBe('en');
    expect(recordLocale('', undefined)).toBe('en');
  });
});
