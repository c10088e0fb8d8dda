import type Stripe from 'stripe';

// Stripe Tax Rates (manual, free; not Stripe Tax) for memberships when prices are entered net: one
// exclusive rate per country and rate, made once and found again by its metadata. Stripe keeps a
// session line's tax rates on the subscription item, so the VAT is added to every renewal too.

const METADATA_KEY = 'greeting_cards_vat';

/** The id of an active, exclusive Stripe tax rate for `country` at `rateBp` basis points, made if missing. */
export async function stripeVatRate(client: Stripe, vat: { country: string; rateBp: number }): Promise<string> {
  const key = `${vat.country}:${vat.rateBp}`;
  const ours: Stripe.TaxRate[] = [];
  for await (const rate of client.taxRates.list({ inclusive: false, limit: 100 })) {
    if (rate.metadata?.[METADATA_KEY] === key) ours.push(rate);
  }
  const active = ours.find((rate) => rate.active);
  if (active) return active.id;
  // Two instances making the first one at once send the same key and get the same rate back; a rate an
  // operator archived counts in the key, so its successor is a new rate, not the archived one replayed.
  const created = await client.taxRates.create(
    {
      display_name: 'VAT',
      percentage: vat.rateBp / 100,
      inclusive: false,
      country: vat.country,
      tax_type: 'vat',
      metadata: { [METADATA_KEY]: key },
    },
    { idempotencyKey: `gc-vat-rate-${key}-${ours.length}` },
  );
  return created.id;
}
