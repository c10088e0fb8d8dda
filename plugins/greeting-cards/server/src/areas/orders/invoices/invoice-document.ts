import type { Core } from '@strapi/strapi';
import { query, type Row } from '../../../platform/db/query';
import { UID } from '../../../platform/uids';
import { getConfig } from '../../../platform/config/get-config';
import { getService } from '../../../platform/get-service';
import { emailText } from '../../../platform/email/layout';
import { recordLocale } from '../../../platform/i18n/record-locale';
import { viewsFor } from '../../../platform/web/view-files';
import { orderNumberOf } from '../../../platform/web/order-number';
import type { DocumentKind } from './invoice-numbers';

const percent = (bp: number, locale: string) =>
  `${new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 }).format(bp / 100)} %`;

/**
 * The PDF of an invoice or credit note: its frozen row through the Eta view views/documents/invoice.eta
 * (escaped like a page; a host may override it), printed on A4 by the one renderer's browser.
 */
export async function invoicePdf(
  strapi: Core.Strapi,
  doc: Row,
  numberOf: (kind: DocumentKind, n: number) => string,
): Promise<Buffer> {
  const config = getConfig(strapi);
  const locale = recordLocale(doc.locale, config.shopLocale);
  const text = emailText({ locale, shopName: config.shopName, timeZone: config.shopTimeZone });
  const { t } = text;
  const currency = String(doc.currency ?? config.currency);
  const kind = doc.kind as DocumentKind;
  const order = await strapiOrderUuid(strapi, Number(doc.order_id));
  const lines = ((doc.lines ?? []) as Row[]).map((line) => ({
    description: line.description || t('email.print.your-card'),
    detail: [
      t(`email.order.method.${line.method}`),
      line.recipient ? t('email.order.to', { name: line.recipient }) : '',
      line.media_message_free
        ? t('email.order.media-message-free')
        : typeof line.media_message_pence === 'number' && line.media_message_pence > 0
          ? t('email.order.media-message', { price: text.money(line.media_message_pence, currency) })
          : '',
    ]
      .filter(Boolean)
      .join(' '),
    net: text.money(Number(line.net), currency),
    rate: percent(Number(line.rateBp), locale),
    vat: text.money(Number(line.vat), currency),
    gross: text.money(Number(line.gross), currency),
  }));
  const html = viewsFor(strapi).render('documents/invoice.eta', {
    t,
    locale,
    title: t(kind === 'invoice' ? 'invoice.title' : 'invoice.credit-note-title'),
    number: numberOf(kind, Number(doc.number)),
    relatedInvoice:
      kind === 'credit_note' && doc.buyer?.invoice_number
        ? numberOf('invoice', Number(doc.buyer.invoice_number))
        : null,
    date: text.date(new Date(doc.issued_at ?? Date.now())),
    orderNumber: order ? orderNumberOf(order) : '',
    seller: doc.seller ?? { name: config.shopName, address: [], vat_number: '' },
    buyer: doc.buyer ?? { name: '', email: '', address: [] },
    lines,
    net: text.money(Number(doc.net_pence), currency),
    vat: text.money(Number(doc.vat_pence), currency),
    gross: text.money(Number(doc.gross_pence), currency),
    stripeTax: doc.vat_source === 'stripe',
  });
  return getService(strapi, 'rendering').documentPdf(html, { owner: `invoice:${doc.order_id}` });
}

async function strapiOrderUuid(strapi: Core.Strapi, orderId: number): Promise<string | null> {
  const row = (await query(strapi, UID.order).findOne({ where: { id: orderId }, select: ['uuid'] })) as Row | null;
  return row?.uuid ? String(row.uuid) : null;
}
