import type { TestApp } from './strapi';
import type { TestUser } from './users';
import { createCard, createRecipient } from './order-fixtures';
import { inspectPdf } from './pdf';

// The order the VAT and invoice tests share (tests/orders/invoices.test.ts, tests/orders/net-prices.test.ts,
// tests/e2e/invoice-pages.e2e.test.ts): an e-card sent now to a friend in the shop's country and a posted
// card to Germany next week, so the invoice has two lines at two places of supply (docs/invoices.md).

export const NEXT_WEEK = () => new Date(Date.now() + 7 * 86400_000).toISOString();

/** pdftotext's text with runs of spaces made one, so columns read as words. */
export const pdfWords = async (pdf: Buffer) => (await inspectPdf(pdf)).pageTexts.join('\n').replace(/[ \t]+/g, ' ');

/** "Garden Party" as an e-card to Greta Berg and posted to Hans Vogel in Berlin, in the user's cart; its uuid. */
export async function cartOfEcardAndGermanPost(app: TestApp, user: TestUser): Promise<string> {
  const card = await createCard(app.strapi, user, { title: 'Garden Party' });
  const friend = await createRecipient(app.strapi, user, { first_name: 'Greta', last_name: 'Berg' });
  const german = await createRecipient(app.strapi, user, {
    first_name: 'Hans',
    last_name: 'Vogel',
    address_line_1: 'Hauptstraße 1',
    city: 'Berlin',
    postcode: '10115',
    country: 'DE',
  });
  for (const line of [
    { card_id: card.id, recipient_id: friend.id },
    { card_id: card.id, recipient_id: german.id, delivery_method: 'post', scheduled_for: NEXT_WEEK() },
  ])
    await app.http().post('/api/orders/add_to_cart/').set(user.auth).send(line).expect(200);
  return (await app.http().get('/api/orders/cart/').set(user.auth).expect(200)).body.uuid as string;
}

/** The same order checked out and paid (demo payments); its uuid. */
export async function paidEcardAndGermanPost(app: TestApp, user: TestUser): Promise<string> {
  const uuid = await cartOfEcardAndGermanPost(app, user);
  await app.http().post(`/api/orders/${uuid}/checkout/`).set(user.auth).send({}).expect(200);
  const paid = await app.http().post(`/api/orders/${uuid}/pay/`).set(user.auth).send({}).expect(200);
  if (paid.body.status !== 'paid') throw new Error(`order ${uuid} is ${String(paid.body.status)} after paying`);
  return uuid;
}
