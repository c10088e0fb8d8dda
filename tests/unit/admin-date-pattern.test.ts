import { datePattern, parseTypedDate } from '../../plugins/greeting-cards/admin/src/date-pattern';

// The admin's date filters are typed in the admin user's format, which the hint under them names
// (issue 41: they showed the browser's own format). The browser side is in
// tests/admin/admin-screenshots.e2e.test.ts.
describe("the admin's typed dates", () => {
  it('names the format in the admin language: day first, in its own letters', () => {
    expect(datePattern('en', 'DMY')).toEqual({
      pattern: 'DD/MM/YYYY',
      order: ['day', 'month', 'year'],
      example: '31/01/2026',
    });
    expect(datePattern('de', 'TMJ')).toEqual({
      pattern: 'TT.MM.JJJJ',
      order: ['day', 'month', 'year'],
      example: '31.01.2026',
    });
    // A locale Intl orders otherwise keeps its own order.
    expect(datePattern('ja', 'DMY').order).toEqual(['year', 'month', 'day']);
  });

  it('reads what was typed in that order as YYYY-MM-DD', () => {
    const { order } = datePattern('de', 'TMJ');
    expect(parseTypedDate('12.01.2026', order)).toBe('2026-01-12');
    expect(parseTypedDate(' 1.2.2026 ', order)).toBe('2026-02-01');
    expect(parseTypedDate('', order)).toBe('');
    expect(parseTypedDate('31.02.2026', order)).toBeNull();
    expect(parseTypedDate('12.01.26', order)).toBeNull();
    expect(parseTypedDate('12.01', order)).toBeNull();
    expect(parseTypedDate('2026-01-12', order)).toBeNull();
    expect(parseTypedDate('12/13/2026', datePattern('en', 'DMY').order)).toBeNull();
  });
});
