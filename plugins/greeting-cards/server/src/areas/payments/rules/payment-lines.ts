import { lineShares } from '../../orders';
import type { CheckoutLine } from '../../../platform/providers/payment/payment-provider';
import type { Row } from '../../../platform/db/query';

// What the buyer sees on the provider's hosted page, and where they come back to. Pure.

const METHOD_LABEL: Record<string, string> = { ecard: 'E-card', post: 'Posted card', print: 'Print at home' };

/** A return URL: from the request, else the setting with {uuid} filled in and made absolute. */
/** A path setting (`/cart/`) is a storefront page: under the storefront's base path, if it has one. */
export function returnUrl(
  given: string | undefined,
  template: string,
  uuid: string,
  config: { publicUrl: string; storefrontBasePath?: string },
): string {
  if (given) return given;
  const filled = template.split('{uuid}').join(encodeURIComponent(uuid));
  if (/^https?:\/\//.test(filled)) return filled;
  // Joined, not resolved: a public URL with a path (https://example.com/cards) keeps its path.
  const base = (config.storefrontBasePath ?? '').replace(/\/+$/, '');
  return `${config.publicUrl.replace(/\/+$/, '')}${base}/${filled.replace(/^\/+/, '')}`;
}

/**
 * One provider line per order item, each at its share of the order total (the discount spread as
 * refund-shares.ts spreads it): the lines add up to the total, and the hosted page shows each card at
 * the amount cancelling it gives back.
 */
export function checkoutLines(items: Row[], discount: number): CheckoutLine[] {
  const byId = [...items].sort((a, b) => Number(a.id) - Number(b.id));
  const subtotal = items.reduce((sum, i) => sum + Number(i.line_total_pence ?? 0), 0);
  const shares = lineShares(
    Math.max(0, subtotal - Math.max(0, discount)),
    byId.map((i) => Number(i.line_total_pence ?? 0)),
  );
  const shareOf = new Map(byId.map((item, n) => [item, shares[n]]));
  return items.map((item) => {
    const title = item.snapshot?.card_title || item.card?.title || 'Greeting card';
    const extras = [item.snapshot?.gift_addon_name, item.gift_wrap ? 'gift wrap' : null].filter(Boolean).join(', ');
    return {
      name: `${title} (${METHOD_LABEL[item.delivery_method] ?? item.delivery_method})`,
      description:
        [item.snapshot?.recipient_name ? `For ${item.snapshot.recipient_name}` : null, extras || null]
          .filter(Boolean)
          .join('; ') || undefined,
      amount_pence: shareOf.get(item) ?? 0,
      quantity: 1,
    };
  });
}
