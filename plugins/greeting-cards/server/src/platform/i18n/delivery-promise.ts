// A posted card's promise in the shopper's words (issue 44): "Order by 14:00 for dispatch today; arrives
// Tue 3 – Wed 4 Dec". The dates come from the shipping service (platform/time/dispatch); this only words
// them, in the request's language, with the days in its own format (Intl's ranges: "Do., 3. – Fr., 4. Dez.").
import { intlLocale, type Locale } from './locales';
import { translator } from './translate';
import { localDate } from '../time/time-zones';
import { addDays } from '../time/dispatch/calendar';

/** What the shipping service answers for a card paid now, for one method. */
export interface PromiseDates {
  /** The cutoff instant (ISO): pay before it for these dates. */
  orderBy: string;
  /** 'YYYY-MM-DD' days on the calendar. */
  dispatchOn: string;
  arrivesFrom: string;
  arrivesTo: string;
}

/** The shipping service's answer, as much of it as a promise needs (GET /api/shipping/options/). */
export interface ShippingOptionsLike {
  order_by: string;
  default_method: string;
  methods: Array<{ method: string; dispatch_on: string; arrives_from: string; arrives_to: string }>;
}

/** The promise of the shop's default method (else the first that serves), or null when none serves. */
export function promiseOf(options: ShippingOptionsLike): (PromiseDates & { method: string }) | null {
  const m = options.methods.find((x) => x.method === options.default_method) ?? options.methods[0];
  if (!m) return null;
  return {
    method: m.method,
    orderBy: options.order_by,
    dispatchOn: m.dispatch_on,
    arrivesFrom: m.arrives_from,
    arrivesTo: m.arrives_to,
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: Locale): Intl.DateTimeFormat {
  let f = formats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    formats.set(locale, f);
  }
  return f;
}

const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const isDay = (day: unknown): day is string => typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day);

/** One calendar day, short, in the shopper's language: "Tue 3 Dec", "Di., 3. Dez.". */
export function shortDay(locale: Locale, day: string): string {
  return isDay(day) ? dayFormat(locale).format(noon(day)) : '';
}

/** Two calendar days as a range ("Tue 3 – Wed 4 Dec"), or one day when they are the same. */
export function dayRange(locale: Locale, from: string, to: string): string {
  if (!isDay(from) || !isDay(to)) return '';
  if (from === to) return shortDay(locale, from);
  return dayFormat(locale).formatRange(noon(from), noon(to));
}

/** The cutoff's clock time in the shop's zone ("14:00"). */
function clock(locale: Locale, instant: Date, zone: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(instant);
}

const dayWord = (day: string, today: string) =>
  day === today ? 'today' : day === addDays(today, 1) ? 'tomorrow' : 'other';

/** "Order by 14:00 for dispatch today; arrives Tue 3 – Wed 4 Dec", days relative to the shop's today. */
export function promiseSentence(locale: Locale, dates: PromiseDates, shopZone: string, now = new Date()): string {
  const t = translator(locale);
  const orderBy = new Date(dates.orderBy);
  const today = localDate(now, shopZone);
  const orderDay = localDate(orderBy, shopZone);
  return t('shop.promise.sentence', {
    time: clock(locale, orderBy, shopZone),
    orderDay: dayWord(orderDay, today),
    orderDate: shortDay(locale, orderDay),
    dispatchDay: dayWord(dates.dispatchOn, today),
    dispatchDate: shortDay(locale, dates.dispatchOn),
    window: dayRange(locale, dates.arrivesFrom, dates.arrivesTo),
  });
}
