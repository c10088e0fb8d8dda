// schema.org structured data for a template page: a Product with its offers, the prices the shop
// charges for each way of sending (minor units in, decimal strings out, as schema.org asks).
import { toMajorText } from '../../../platform/i18n/money-format';

export interface ProductInput {
  name: string;
  description: string;
  url: string;
  image: string | null;
  sku: string;
  brand: string;
  category: string | null;
  currency: string;
  /** What each way of sending costs, in minor units; 0 is free (print at home). */
  prices: number[];
}

export function productJsonLd(input: ProductInput): Record<string, unknown> {
  const prices = input.prices.filter((p) => Number.isInteger(p) && p >= 0);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    description: input.description,
    sku: input.sku,
    url: input.url,
    ...(input.image ? { image: [input.image] } : {}),
    brand: { '@type': 'Brand', name: input.brand },
    ...(input.category ? { category: input.category } : {}),
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: input.currency,
      lowPrice: toMajorText(low, input.currency),
      highPrice: toMajorText(high, input.currency),
      offerCount: prices.length,
      availability: 'https://schema.org/InStock',
      url: input.url,
    },
  };
}
