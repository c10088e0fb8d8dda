import type { Core } from '@strapi/strapi';
import { getConfig } from '../../../platform/config/get-config';
import type { PluginConfig } from '../../../platform/config/settings';
import { providers } from '../../../platform/providers/registry';
import { planDispatch, type DispatchPlan, type MethodPlan } from '../../../platform/time/dispatch';
import { msg } from '../../../platform/i18n/format-message';
import { fieldErrors } from '../../../platform/errors';
import { promiseOf, type PromiseDates } from '../../../platform/i18n/delivery-promise';

// Shipping methods of the shop's print provider: which serve a destination, what each costs the shopper,
// and when a card sent with it leaves and lands (platform/time/dispatch). Prices come from the provider's
// quote when it answers (cached a day per product and destination), else from SERVICE_POSTAL_METHODS,
// and the answer says which. Nothing here takes a price from the client.

const DAY_MS = 86_400_000;
/** A failed quote is not asked again for this long: a provider that is down is not asked on every page. */
const FAILED_QUOTE_MS = 5 * 60_000;

const EU = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '));

export type PriceSource = 'quote' | 'table';

export interface PostedPromise extends PromiseDates {
  method: string;
}

export interface ShippingMethodOption {
  method: string;
  price_pence: number;
  dispatch_on: string;
  arrives_from: string;
  arrives_to: string;
  /** For an arrive-by date: whether this method makes it (and then dispatch/arrival are for it). */
  makes_it?: boolean;
  submit_at?: string;
}

export interface ShippingOptions {
  product: string;
  country: string;
  currency: string;
  default_method: string;
  price_source: PriceSource;
  /** Set when the provider's quote failed and the table's prices were used. */
  quote_failed: boolean;
  order_by: string;
  received_on: string;
  earliest_arrival: string | null;
  last_arrive_by: string;
  methods: ShippingMethodOption[];
  arrive_by?: { date: string; problem?: string; next_possible?: string };
}

export interface ShippingChoice {
  shipping_method: string;
  shipping_pence: number;
  shipping_price_source: PriceSource;
  arrive_by: string | null;
  arrives_from: string;
  arrives_to: string;
  /** When the card must go to the printer: now, or later for an arrive-by date (the delivery waits). */
  submit_at: Date;
}

type MethodTable = Record<string, { price: number; transit: Record<string, [number, number]> }>;

export function providerKey(config: PluginConfig): string {
  return config.postalProvider === 'prodigi' || config.postalProvider === 'gelato' ? config.postalProvider : 'stub';
}

export function defaultMethodOf(config: PluginConfig): string {
  const provider = providerKey(config);
  if (provider === 'prodigi') return config.prodigiShippingMethod;
  if (provider === 'gelato') return config.gelatoShipmentMethod;
  return Object.keys((config.postalMethods as Record<string, MethodTable>).stub ?? {})[0] ?? 'Standard';
}

/** Transit days of a method to a country: its own entry, else EU, else *; undefined: not served. */
function transitTo(table: MethodTable[string], country: string): [number, number] | undefined {
  return table.transit[country] ?? (EU.has(country) ? table.transit.EU : undefined) ?? table.transit['*'];
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const quotes = new Map<string, { until: number; costs: Record<string, number> | null }>();

  /** The provider's costs per method, from the cache or a new quote; null when it cannot quote. */
  async function quotedCosts(product: string, country: string, currency: string, now: Date) {
    const backend = providers(strapi).get('postal');
    if (!backend.quote) return { costs: null, failed: false };
    const key = `${backend.name}|${product}|${country}|${currency}`;
    const hit = quotes.get(key);
    if (hit && hit.until > now.getTime()) return { costs: hit.costs, failed: hit.costs === null };
    try {
      const costs = await backend.quote({ product, country, currency });
      quotes.set(key, { until: now.getTime() + DAY_MS, costs });
      return { costs, failed: false };
    } catch (error) {
      strapi.log.warn(`[greeting-cards] shipping quote ${key} failed, using the table: ${(error as Error).message}`);
      quotes.set(key, { until: now.getTime() + FAILED_QUOTE_MS, costs: null });
      return { costs: null, failed: true };
    }
  }

  async function compute(product: string, country: string, arriveBy: string | undefined, now: Date) {
    const config = getConfig(strapi);
    const provider = providerKey(config);
    const table = ((config.postalMethods as Record<string, MethodTable>)[provider] ?? {}) as MethodTable;
    const defaultMethod = defaultMethodOf(config);
    const { costs, failed } = await quotedCosts(product, country, config.currency, now);
    // A quote prices each method at its cost above the default method's (the card's price covers that).
    const useQuote = costs !== null && costs[defaultMethod] !== undefined;
    const served = Object.entries(table)
      .map(([method, row]) => ({ method, row, transit: transitTo(row, country) }))
      .filter((m) => m.transit && (!useQuote || costs![m.method] !== undefined));
    const price = (method: string, row: MethodTable[string]) =>
      useQuote ? Math.max(0, costs![method] - costs![defaultMethod]) : row.price;
    const productionDays = config.postalProductionDays as Record<string, number>;
    const plan: DispatchPlan = planDispatch({
      now,
      shopZone: config.shopTimeZone,
      cutoff: config.postalCutoffs[provider] ?? '14:00',
      printerCountry: config.postalPrinterCountries[provider] ?? 'GB',
      destinationCountry: country,
      productionDays: productionDays[product] ?? productionDays.card ?? 0,
      methods: served.map((m) => ({ method: m.method, transit: m.transit! })),
      arriveBy,
      windowDays: config.arriveByWindowDays,
    });
    return {
      config,
      table,
      defaultMethod,
      served,
      plan,
      priceOf: (method: string) => price(method, table[method]),
      source: (useQuote ? 'quote' : 'table') as PriceSource,
      quoteFailed: failed,
    };
  }

  const problemMessage = (problem: string, next: string | undefined) =>
    msg(
      problem === 'past'
        ? 'error.arrive_by_past'
        : problem === 'beyond_window'
          ? 'error.arrive_by_too_far'
          : 'error.arrive_by_unreachable',
      { next: next ?? '' },
    );

  const service = {
    /** GET /api/shipping/options/: every method that serves the destination, with price and dates. */
    async options(input: {
      product: string;
      country: string;
      arriveBy?: string;
      now?: Date;
    }): Promise<ShippingOptions> {
      const c = await compute(input.product, input.country, input.arriveBy, input.now ?? new Date());
      const making = new Map<string, MethodPlan>((c.plan.arriveBy?.methods ?? []).map((m) => [m.method, m]));
      const methods = c.plan.asap.map((asap): ShippingMethodOption => {
        const p = making.get(asap.method) ?? asap;
        return {
          method: asap.method,
          price_pence: c.priceOf(asap.method),
          dispatch_on: p.dispatchOn,
          arrives_from: p.arrivesFrom,
          arrives_to: p.arrivesTo,
          ...(c.plan.arriveBy
            ? {
                makes_it: making.has(asap.method),
                ...(making.has(asap.method) ? { submit_at: p.submitAt.toISOString() } : {}),
              }
            : {}),
        };
      });
      const a = c.plan.arriveBy;
      return {
        product: input.product,
        country: input.country,
        currency: c.config.currency,
        default_method: c.defaultMethod,
        price_source: c.source,
        quote_failed: c.quoteFailed,
        order_by: c.plan.orderBy.toISOString(),
        received_on: c.plan.receivedOn,
        earliest_arrival: c.plan.earliestArrival,
        last_arrive_by: c.plan.lastDay,
        methods,
        ...(a
          ? { arrive_by: { date: a.date, ...(a.problem ? { problem: a.problem, next_possible: a.nextPossible } : {}) } }
          : {}),
      };
    },

    /** Throws field errors for bad input, as options() would answer them. */
    problemMessage,

    /**
     * The shipping of one posted card for add-to-cart and checkout: the method asked for (or the default),
     * its price, and the window it promises; field errors name arrive_by or shipping_method.
     */
    async choose(input: {
      product: string;
      country: string;
      method?: string | null;
      arriveBy?: string | null;
      now?: Date;
    }): Promise<ShippingChoice> {
      const now = input.now ?? new Date();
      const c = await compute(input.product, input.country, input.arriveBy ?? undefined, now);
      const method = input.method || null;
      if (method && !c.table[method])
        throw fieldErrors({ shipping_method: [msg('error.shipping_method_unknown', { method })] });
      if (method && !c.served.some((m) => m.method === method))
        throw fieldErrors({
          shipping_method: [msg('error.shipping_method_not_served', { method, country: input.country })],
        });
      const a = c.plan.arriveBy;
      if (a) {
        if (a.problem) throw fieldErrors({ arrive_by: [problemMessage(a.problem, a.nextPossible)] });
        // The method asked for, else the cheapest that makes it.
        const chosen = method
          ? a.methods.find((m) => m.method === method)
          : [...a.methods].sort((x, y) => c.priceOf(x.method) - c.priceOf(y.method))[0];
        if (!chosen) {
          const next = c.plan.asap.find((m) => m.method === method)?.arrivesTo;
          throw fieldErrors({ arrive_by: [msg('error.arrive_by_method', { method: method!, next: next ?? '' })] });
        }
        return {
          shipping_method: chosen.method,
          shipping_pence: c.priceOf(chosen.method),
          shipping_price_source: c.source,
          arrive_by: a.date,
          arrives_from: chosen.arrivesFrom,
          arrives_to: chosen.arrivesTo,
          submit_at: chosen.submitAt,
        };
      }
      const name = method ?? c.defaultMethod;
      const asap = c.plan.asap.find((m) => m.method === name) ?? c.plan.asap[0];
      if (!asap)
        throw fieldErrors({
          shipping_method: [msg('error.shipping_method_not_served', { method: name, country: input.country })],
        });
      return {
        shipping_method: asap.method,
        shipping_pence: method ? c.priceOf(asap.method) : 0,
        shipping_price_source: c.source,
        arrive_by: null,
        arrives_from: asap.arrivesFrom,
        arrives_to: asap.arrivesTo,
        submit_at: now,
      };
    },

    /**
     * The window a card sent now by `method` (absent: the default) is promised, and its dispatch day: from
     * the settings' transit table alone (no quote: the price is settled by then). Null when the method does
     * not serve the country. The delivery keeps it when the card goes to the printer (late cards).
     */
    promise(input: { product: string; country: string; method?: string | null; now?: Date }): {
      method: string;
      dispatch_on: string;
      arrives_from: string;
      arrives_to: string;
    } | null {
      const config = getConfig(strapi);
      const provider = providerKey(config);
      const table = ((config.postalMethods as Record<string, MethodTable>)[provider] ?? {}) as MethodTable;
      const method = input.method || defaultMethodOf(config);
      const transit = table[method] ? transitTo(table[method], input.country) : undefined;
      if (!transit) return null;
      const productionDays = config.postalProductionDays as Record<string, number>;
      const [plan] = planDispatch({
        now: input.now ?? new Date(),
        shopZone: config.shopTimeZone,
        cutoff: config.postalCutoffs[provider] ?? '14:00',
        printerCountry: config.postalPrinterCountries[provider] ?? 'GB',
        destinationCountry: input.country,
        productionDays: productionDays[input.product] ?? productionDays.card ?? 0,
        methods: [{ method, transit }],
        windowDays: config.arriveByWindowDays,
      }).asap;
      return plan
        ? { method, dispatch_on: plan.dispatchOn, arrives_from: plan.arrivesFrom, arrives_to: plan.arrivesTo }
        : null;
    },

    /**
     * What a posted card promises on pages outside an order (the template page, issue 44): the dates of a
     * card paid at `now` with the shop's default method. Never throws: a destination the provider does not
     * serve, or a failure, is no promise (null), and the page shows none. The words are
     * platform/i18n/delivery-promise.ts's.
     */
    async postedPromise(input: {
      product?: string | null;
      country?: string | null;
      now?: Date;
    }): Promise<PostedPromise | null> {
      const config = getConfig(strapi);
      try {
        const options = await service.options({
          product: input.product || config.defaultProduct,
          country: (input.country || config.vatHomeCountry || 'GB').toUpperCase(),
          now: input.now,
        });
        return promiseOf(options);
      } catch (error) {
        strapi.log.warn(`[greeting-cards] no delivery promise: ${(error as Error).message}`);
        return null;
      }
    },

    /** For tests and the admin: forget cached quotes. */
    clearQuotes() {
      quotes.clear();
    },
  };
  return service;
};
