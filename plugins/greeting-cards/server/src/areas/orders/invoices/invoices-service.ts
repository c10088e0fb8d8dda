import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { sweepOwed } from '../../../platform/jobs/owed-sweep';
import { query, type Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import { paymentMode } from '../../../platform/providers/payment';
import { getService } from '../../../platform/get-service';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { notFound } from '../../../platform/errors';
import { orderStore, PAID_STATES } from '../order-store';
import { itemView, type ItemSnapshot } from '../serializer';
import { invoiceNumbers, type DocumentKind } from './invoice-numbers';
import { linesWithRates, orderVat, type OrderVatLine } from './order-vat';
import { creditOf, sumOf, type VatLine } from './rules/vat';
import { invoicePdf } from './invoice-document';

// Invoices of paid orders and credit notes of refunds (docs/invoices.md). Issued by the worker's sweep
// (platform/jobs: beside the order confirmations, so paying costs no extra query) and on demand when
// the buyer asks for the PDF first. Each document is written once: its number comes from its sequence in
// the same transaction (invoice-numbers.ts), and a unique source key (order:<id>, refund:<id>) makes a
// second issuer's transaction fail and roll its number back. What the PDF shows is frozen in the row.

const SWEEP_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** One line as the document stores it. */
export interface InvoiceLine extends VatLine {
  item_id: number | null;
  description: string;
  recipient: string | null;
  method: string;
  country: string;
  /** The card's video or voice message add-on in the line (absent: none). */
  media_message_pence?: number;
  media_message_free?: boolean;
}

export const documentNumber = (kind: DocumentKind, n: number): string =>
  `${kind === 'invoice' ? 'INV' : 'CN'}-${String(n).padStart(6, '0')}`;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const docs = () => query(strapi, UID.invoice);
  const numbers = invoiceNumbers(strapi);

  function seller() {
    const config = getConfig(strapi);
    return {
      name: config.sellerName || config.shopName,
      address: config.sellerAddress
        .split(/\n|,/)
        .map((s) => s.trim())
        .filter(Boolean),
      vat_number: config.sellerVatNumber,
    };
  }

  async function buyerOf(order: Row) {
    const user = order.user;
    if (!user?.id) return { name: '', email: '', address: [] as string[], country: '' };
    const details = await getService(strapi, 'userDetails')
      .forUser(user.id)
      .catch(() => null);
    const address = details
      ? [
          details.address_line_1,
          details.address_line_2,
          details.city,
          details.county,
          details.postcode,
          details.country,
        ]
          .map((s) => String(s ?? '').trim())
          .filter(Boolean)
      : [];
    return {
      name: details?.full_name || String(user.username ?? ''),
      email: String(user.email ?? details?.email ?? ''),
      address,
      country: String(details?.country ?? '')
        .trim()
        .toUpperCase(),
    };
  }

  /** Writes one numbered document in a transaction with its number; null when another issuer wrote it first. */
  async function write(kind: DocumentKind, data: Row, after: (number: number) => Promise<void>): Promise<Row | null> {
    await numbers.ensure(kind);
    try {
      return (await strapi.db.transaction(async ({ trx }) => {
        const number = await numbers.next(trx, kind);
        const row = await docs().create({ data: { ...data, kind, number, number_key: `${kind}:${number}` } });
        await after(number);
        return row;
      })) as Row;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  const api = {
    /** The buyer's country as their details give it (upper case), '' when unknown: the place of supply of e-cards. */
    async buyerCountry(userId: number): Promise<string> {
      const details = await getService(strapi, 'userDetails')
        .forUser(userId)
        .catch(() => null);
      return String(details?.country ?? '')
        .trim()
        .toUpperCase();
    },

    /**
     * Prices entered net: the VAT a membership's charge must add, at its place of supply (an electronically
     * supplied service: the buyer's country, else the shop's). Null with gross prices or at a rate of 0.
     */
    async membershipVat(userId: number): Promise<{ country: string; rateBp: number } | null> {
      const config = getConfig(strapi);
      if (config.pricesIncludeVat) return null;
      const [line] = linesWithRates(
        config,
        [{ method: 'ecard', recipientCountry: null, amount: 0 }],
        await api.buyerCountry(userId),
      );
      return line.rateBp > 0 ? { country: line.country, rateBp: line.rateBp } : null;
    },

    /** The invoice of a paid order, issued now unless it was already; null for an order not paid. */
    async issueFor(orderId: number): Promise<Row | null> {
      const existing = await docs().findOne({ where: { source_key: `order:${orderId}` } });
      if (existing) return existing;
      const order = (await query(strapi, UID.order).findOne({
        where: { id: orderId },
        populate: { user: { select: ['id', 'email', 'username'] } },
      })) as Row | null;
      if (!order || !PAID_STATES.includes(order.status)) return null;
      const items = (await orderStore(strapi).frozenItems(order.id)).sort((a, b) => Number(a.id) - Number(b.id));
      const buyer = await buyerOf(order);
      const vat = orderVat(strapi, order, items, buyer.country);
      const lines: InvoiceLine[] = vat.lines.map((line: OrderVatLine, i) => {
        const view = itemView(items[i]);
        const snap = items[i].snapshot as ItemSnapshot | null;
        return {
          ...line,
          item_id: items[i].id as number,
          description: view.card_title || '',
          recipient: view.recipient_name ?? snap?.recipient_name ?? null,
          method: String(view.delivery_method),
          ...(view.media_message_pence === undefined
            ? {}
            : { media_message_pence: view.media_message_pence, media_message_free: view.media_message_free }),
        };
      });
      const written = await write(
        'invoice',
        {
          source_key: `order:${order.id}`,
          order_id: order.id,
          issued_at: new Date(),
          currency: order.currency ?? getConfig(strapi).currency,
          locale: order.locale ?? null,
          seller: seller(),
          buyer,
          lines,
          net_pence: vat.totals.net,
          vat_pence: vat.totals.vat,
          gross_pence: vat.totals.gross,
          vat_source: vat.source,
        },
        async (number) => {
          await query(strapi, UID.order).updateMany({
            where: { id: order.id },
            data: { invoice_number: number, vat_pence: vat.totals.vat, vat_source: vat.source },
          });
        },
      );
      return written ?? (await docs().findOne({ where: { source_key: `order:${orderId}` } }));
    },

    /** The credit note of a refund that was made (or left to an operator), issued now unless it was already. */
    async creditNoteFor(refundId: number): Promise<Row | null> {
      const existing = await docs().findOne({ where: { source_key: `refund:${refundId}` } });
      if (existing) return existing;
      const refund = (await query(strapi, UID.refund).findOne({ where: { id: refundId } })) as Row | null;
      if (!refund || !['succeeded', 'manual'].includes(refund.status)) return null;
      const invoice = await api.issueFor(Number(refund.order_id));
      if (!invoice) return null;
      const delivery = (await query(strapi, UID.delivery).findOne({
        where: { id: refund.delivery_id },
        select: ['id'],
        populate: { order_item: { select: ['id'] } },
      })) as Row | null;
      const itemId = delivery?.order_item?.id ?? null;
      const invoiceLines = (invoice.lines ?? []) as InvoiceLine[];
      const line = invoiceLines.find((l) => l.item_id === itemId) ?? invoiceLines[0];
      const amount = Number(refund.amount_pence ?? 0);
      const credited = line ? { ...line, ...creditOf(line, amount) } : null;
      const lines = credited ? [credited] : [];
      const totals = sumOf(lines);
      const written = await write(
        'credit_note',
        {
          source_key: `refund:${refund.id}`,
          order_id: refund.order_id,
          refund_id: refund.id,
          issued_at: new Date(),
          currency: refund.currency ?? invoice.currency,
          locale: invoice.locale,
          seller: invoice.seller,
          buyer: { ...invoice.buyer, invoice_number: invoice.number },
          lines,
          net_pence: totals.net,
          vat_pence: totals.vat,
          gross_pence: totals.gross,
          vat_source: invoice.vat_source,
        },
        async (number) => {
          await query(strapi, UID.refund).updateMany({
            where: { id: refund.id },
            data: { credit_note_number: number },
          });
        },
      );
      return written ?? (await docs().findOne({ where: { source_key: `refund:${refundId}` } }));
    },

    /**
     * Invoices and credit notes paid orders and made refunds are still owed (the worker's sweep), batch
     * after batch (platform/jobs/owed-sweep.ts), one at a time so numbers follow the order things were paid.
     */
    async issueMissed(now = new Date()): Promise<number> {
      const ids = (rows: unknown) => (rows as Row[]).map((row) => row.id as number);
      const invoices = await sweepOwed(
        (limit) => orderStore(strapi).paidOrdersOwing('invoice_number', SWEEP_WINDOW_MS, now, limit),
        async (id) => Boolean(await api.issueFor(id)),
        { atOnce: 1 },
      );
      const creditNotes = await sweepOwed(
        async (limit) =>
          ids(
            await query(strapi, UID.refund).findMany({
              where: { status: { $in: ['succeeded', 'manual'] }, credit_note_number: null },
              select: ['id'],
              orderBy: [{ id: 'asc' }],
              limit,
            }),
          ),
        async (id) => Boolean(await api.creditNoteFor(id)),
        { atOnce: 1 },
      );
      return invoices + creditNotes;
    },

    /**
     * The VAT in a checked-out order's total, for the checkout page: what its invoice will state, by the
     * same rules and the buyer's country. Null when Stripe Tax decides it at payment, or the order is not
     * awaiting payment.
     */
    async vatAtCheckout(uuid: string): Promise<number | null> {
      const config = getConfig(strapi);
      if (config.stripeTax && paymentMode(config) === 'provider') return null;
      const order = (await query(strapi, UID.order).findOne({
        where: { uuid },
        populate: { user: { select: ['id', 'email', 'username'] } },
      })) as Row | null;
      if (!order || order.status !== 'pending_payment') return null;
      const items = (await orderStore(strapi).frozenItems(order.id)).sort((a, b) => Number(a.id) - Number(b.id));
      return orderVat(strapi, order, items, (await buyerOf(order)).country).totals.vat;
    },

    /** What the order page shows: the VAT in the total and links to the invoice and credit notes. */
    async forOrderPage(order: { uuid: string; status: string }) {
      const row = (await query(strapi, UID.order).findOne({ where: { uuid: order.uuid } })) as Row | null;
      if (!row || !PAID_STATES.includes(row.status))
        return { vat_pence: null as number | null, invoice: null as string | null, creditNotes: [] as Row[] };
      const rows = await api.ofOrder(row.id);
      const invoice = rows.find((r) => r.kind === 'invoice');
      let vat: number | null = invoice ? Number(invoice.vat_pence) : (row.vat_pence ?? null);
      if (vat === null) {
        const items = (await orderStore(strapi).frozenItems(row.id)).sort((a, b) => Number(a.id) - Number(b.id));
        vat = orderVat(strapi, row, items, '').totals.vat;
      }
      return {
        vat_pence: vat,
        invoice: invoice ? documentNumber('invoice', Number(invoice.number)) : null,
        creditNotes: rows
          .filter((r) => r.kind === 'credit_note')
          .map((r) => ({ number: Number(r.number), label: documentNumber('credit_note', Number(r.number)) })),
      };
    },

    /** The documents of an order, invoice first, then credit notes by number. */
    async ofOrder(orderId: number): Promise<Row[]> {
      return docs().findMany({
        where: { order_id: orderId },
        select: ['kind', 'number', 'gross_pence', 'vat_pence', 'currency', 'issued_at'],
        orderBy: [{ kind: 'desc' }, { number: 'asc' }],
      });
    },

    /**
     * The PDF of one of the owner's documents (the invoice is issued on demand when the sweep has not
     * yet): another user's order, an unpaid one or an unknown credit note is 404.
     */
    async pdfForOwner(
      userId: number,
      uuid: string,
      kind: DocumentKind,
      number?: number,
    ): Promise<{ pdf: Buffer; filename: string }> {
      const order = await orderStore(strapi).byUuidOwned(userId, uuid);
      if (!order) throw notFound();
      const doc =
        kind === 'invoice'
          ? await api.issueFor(order.id)
          : await docs().findOne({ where: { order_id: order.id, kind, number: number ?? -1 } });
      if (!doc) throw notFound();
      const pdf = await invoicePdf(strapi, doc, documentNumber);
      return { pdf, filename: `${documentNumber(kind, Number(doc.number))}.pdf` };
    },
  };
  return api;
};
