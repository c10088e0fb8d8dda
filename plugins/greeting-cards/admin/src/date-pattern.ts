// Dates typed into the admin's filters in the admin user's own format (issue 41: the native date field
// showed the browser's format, not the admin's language): the order and separator come from Intl for
// the admin locale, the letters from the catalogue ("DMY" in English, "TMJ" in German), so the field's
// hint reads "DD/MM/YYYY" or "TT.MM.JJJJ". English is the shop's British English (day first).

export interface DatePattern {
  /** "DD/MM/YYYY", "TT.MM.JJJJ": what the hint shows. */
  pattern: string;
  /** The order the numbers are typed in. */
  order: Array<'day' | 'month' | 'year'>;
  /** A date written in the pattern (31 January of `year`), for the error message. */
  example: string;
}

const intlLocale = (locale: string) => (locale === 'en' ? 'en-GB' : locale);

function parts(locale: string, date: Date): Intl.DateTimeFormatPart[] {
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
  try {
    return new Intl.DateTimeFormat(intlLocale(locale), options).formatToParts(date);
  } catch {
    return new Intl.DateTimeFormat('en-GB', options).formatToParts(date);
  }
}

/** The admin locale's numeric date pattern; `letters` names day, month and year ("DMY", "TMJ"). */
export function datePattern(locale: string, letters: string): DatePattern {
  const [d = 'D', m = 'M', y = 'Y'] = [...(letters.length === 3 ? letters : 'DMY')];
  const example = parts(locale, new Date(Date.UTC(2026, 0, 31)));
  const order: DatePattern['order'] = [];
  let pattern = '';
  for (const part of example) {
    if (part.type === 'day') pattern += d + d;
    else if (part.type === 'month') pattern += m + m;
    else if (part.type === 'year') pattern += y.repeat(4);
    else pattern += part.value;
    if (part.type === 'day' || part.type === 'month' || part.type === 'year') order.push(part.type);
  }
  return { pattern, order, example: example.map((part) => part.value).join('') };
}

/** What was typed ("31.1.2026", "31/01/2026") as YYYY-MM-DD, '' for nothing typed, null if it is no date. */
export function parseTypedDate(text: string, order: DatePattern['order']): string | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const numbers = trimmed.split(/[^0-9]+/).filter(Boolean);
  if (numbers.length !== 3 || order.length !== 3) return null;
  const value: Record<string, number> = {};
  order.forEach((name, i) => (value[name] = Number(numbers[i])));
  const { day, month, year } = value;
  const yearIndex = order.indexOf('year');
  if (numbers[yearIndex].length !== 4) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
