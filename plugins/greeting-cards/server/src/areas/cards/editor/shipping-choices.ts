import type { Core } from '@strapi/strapi';
import { getConfig } from '../../../platform/config/get-config';
import { getService } from '../../../platform/get-service';
import { ApiError } from '../../../platform/errors';
import { intlLocale, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/translate';
import { formatMoney } from '../../../platform/i18n/money-format';
import { dayRange, promiseSentence, shortDay } from '../../../platform/i18n/delivery-promise';
import { addDays } from '../../../platform/time/dispatch';
import { localDate } from '../../../platform/time/time-zones';

// The send form's "when should it arrive?" (issue 44): as soon as possible (the promise of a card paid
// now), or by a date, with the methods that make it and their prices. Everything here comes from the
// shipping service on the server; the form only posts back the method's name and the date, and
// add-to-cart prices them again. Rendered into the editor page and, as a fragment, when the shopper
// changes the date or the recipient (partials/shipping-choices.eta).

export interface ShippingMethodChoice {
  method: string;
  label: string;
  price_pence: number;
  price: string;
  checked: boolean;
}

export interface ShippingChoicesView {
  country: string;
  countryName: string;
  when: 'asap' | 'date';
  arriveBy: string;
  /** The date input's bounds: tomorrow on the shop's clock, and the scheduling window's last day. */
  min: string;
  max: string;
  /** "Order by 14:00 for dispatch today; arrives Tue 3 – Wed 4 Dec" (as soon as possible). */
  promise: string | null;
  methods: ShippingMethodChoice[];
  /** A bad date, worded with the next possible day; the date field is marked invalid. */
  error: string | null;
  next: string | null;
  nextLabel: string;
  notServed: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function shippingChoices(
  strapi: Core.Strapi,
  locale: Locale,
  input: { product?: string | null; country?: unknown; arriveBy?: unknown; method?: unknown; now?: Date },
): Promise<ShippingChoicesView> {
  const config = getConfig(strapi);
  const t = translator(locale);
  const raw = String(input.country ?? '')
    .trim()
    .toUpperCase();
  const country = /^[A-Z]{2}$/.test(raw) ? raw : config.vatHomeCountry || 'GB';
  const arriveBy = typeof input.arriveBy === 'string' ? input.arriveBy.trim() : '';
  const wanted = typeof input.method === 'string' ? input.method : '';
  const now = input.now ?? new Date();
  const today = localDate(now, config.shopTimeZone);
  const view: ShippingChoicesView = {
    country,
    countryName:
      new Intl.DisplayNames([intlLocale(locale)], { type: 'region', fallback: 'code' }).of(country) ?? country,
    when: arriveBy ? 'date' : 'asap',
    arriveBy,
    min: addDays(today, 1),
    max: addDays(today, config.arriveByWindowDays),
    promise: null,
    methods: [],
    error: null,
    next: null,
    nextLabel: '',
    notServed: false,
  };
  const shipping = getService(strapi, 'shipping');
  if (arriveBy && !DAY.test(arriveBy)) {
    view.error = t('error.arrive_by_format');
    return view;
  }
  let options;
  try {
    options = await shipping.options({
      product: input.product || config.defaultProduct,
      country,
      arriveBy: arriveBy || undefined,
      now,
    });
  } catch (error) {
    // The service's own field errors (an unknown country...) read as the field's error here.
    if (error instanceof ApiError) {
      view.notServed = true;
      return view;
    }
    throw error;
  }
  view.min = options.earliest_arrival ?? view.min;
  view.max = options.last_arrive_by;
  if (!options.methods.length) {
    view.notServed = true;
    return view;
  }
  const money = (pence: number) =>
    pence > 0
      ? t('editor.ship.extra', { price: formatMoney(pence, options.currency, intlLocale(locale)) })
      : t('editor.ship.included');
  const main = options.methods.find((m) => m.method === options.default_method) ?? options.methods[0];
  view.promise = promiseSentence(
    locale,
    {
      orderBy: options.order_by,
      dispatchOn: main.dispatch_on,
      arrivesFrom: main.arrives_from,
      arrivesTo: main.arrives_to,
    },
    config.shopTimeZone,
    now,
  );
  if (!options.arrive_by) return view;
  const a = options.arrive_by;
  if (a.problem) {
    view.next = a.next_possible ?? null;
    view.nextLabel = view.next ? shortDay(locale, view.next) : '';
    const key =
      a.problem === 'past'
        ? 'error.arrive_by_past'
        : a.problem === 'beyond_window'
          ? 'error.arrive_by_too_far'
          : 'error.arrive_by_unreachable';
    view.error = t(key, { next: view.nextLabel });
    return view;
  }
  const making = options.methods.filter((m) => m.makes_it);
  // The one asked for when it still makes it, else the cheapest (what add-to-cart picks without one).
  const cheapest = [...making].sort((x, y) => x.price_pence - y.price_pence)[0];
  const chosen = making.find((m) => m.method === wanted) ?? cheapest;
  view.methods = making.map((m) => ({
    method: m.method,
    label: t('editor.ship.option', { method: m.method, window: dayRange(locale, m.arrives_from, m.arrives_to) }),
    price_pence: m.price_pence,
    price: money(m.price_pence),
    checked: m === chosen,
  }));
  return view;
}
