import { personaliseCard } from '../../platform/designs/merge-fields';
import crypto from 'crypto';
import { addressOf, fullName } from '../../platform/addresses/address';
import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { publicShopUrl } from '../../platform/mount/mount-points';
import { ecardEmail } from './ecards/email';
import { printReadyEmail } from './print-at-home/email';
import type { EmailLanguage } from '../../platform/email/layout';
import { recordLocale } from '../../platform/i18n/record-locale';
import type { PostalBackend, PostalJob } from '../../platform/providers/postal/types';
import { senderStatus } from '../../platform/deliveries/delivery-state';
import type { DeliveryStatus } from '../../platform/enums';
import { writePdf } from './delivery-files';
import { printFileFor, printProductOf, signedPrintFileUrl } from './print-at-home/print-file';
import { getService } from '../../platform/get-service';
import { cardTitlesIn } from '../../platform/db/card-titles';
import { DEFAULT_LOCALE } from '../../platform/i18n/locales';
import { serviceRole } from '../../platform/config/service-role';
import { errorText } from '../../platform/deliveries/delivery-retry';
import { currentPreviewUrl } from '../rendering';
import type { UserDetails } from '../people';
import type { AuthUser } from '../../platform/http/auth';
import { printedMessageQr } from '../media-messages';

type Row = Record<string, any>;

/** What a successful send writes to the delivery row; the status comes from the delivery state table. */
export interface SendOutcome {
  status: DeliveryStatus;
  sent_at: Date;
  delivered_at?: Date | null;
  tracking_reference?: string;
  pdf_path?: string;
  /** Posted cards: the promised window and planned dispatch day (late cards, areas/fulfilment/late/). */
  promised_from?: string | null;
  promised_to?: string | null;
  dispatch_on?: string | null;
}

const absolute = (base: string, pathOrUrl: string) =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${base.replace(/\/+$/, '')}${pathOrUrl}`;

/** `shopRoot` is the public URL plus the storefront's base path (platform/mount/mount-points.ts publicShopUrl). */
export const viewUrl = (shopRoot: string, token: string) =>
  `${shopRoot.replace(/\/+$/, '')}/cards/view/${encodeURIComponent(token)}/`;

/** The item as paid for: the checkout snapshot, falling back to the live rows for older items. */
function recipientOf(item: Row): Row {
  return item.snapshot?.recipient ?? item.recipient ?? {};
}

/**
 * One Message-ID per delivery: if an instance dies between the SMTP server's "accepted" and recording
 * the send, the card is sent again after its claim runs out, and mail clients collapse the two copies.
 */
export function deliveryMessageId(publicUrl: string, delivery: Row, reminder = false): string {
  const host = (/^https?:\/\/([^/:]+)/i.exec(publicUrl)?.[1] ?? 'greeting-cards.invalid').toLowerCase();
  // A copy the buyer sent again is a new message: the same Message-ID would be dropped as a duplicate.
  const again = Number(delivery.send_again_count ?? 0) > 0 ? `.again${Number(delivery.send_again_count)}` : '';
  // So is the reminder of an unopened card (one per delivery).
  return `<card-delivery-${delivery.id}.${deliveryTag(delivery)}${again}${reminder ? '.reminder' : ''}@${host}>`;
}

/**
 * A short hash of the delivery's view token, never the token itself (Message-IDs and idempotency keys end
 * up in logs and at providers): with the id it names this delivery across databases and instances.
 */
function deliveryTag(delivery: Row): string {
  return crypto
    .createHash('sha256')
    .update(String(delivery.view_token ?? ''))
    .digest('hex')
    .slice(0, 12);
}

/** The item's card as drawn for its recipient: merge fields ({first_name}...) filled in. */
const cardFor = (item: Row): Row => personaliseCard(item.card ?? {}, recipientOf(item));

/** The buyer's render lane: one buyer's big order takes turns with everyone else's renders. */
const ownerOf = (item: Row) => `user:${item.order?.user?.id ?? 'unknown'}`;

/**
 * The QR code to the card's video or voice message for a posted or printed item's back (none without a
 * message), its caption in the order's language.
 */
export const messageQrOf = (strapi: Core.Strapi, item: Row) =>
  printedMessageQr(strapi, item.card?.id, recordLocale(item.order?.locale, getConfig(strapi).shopLocale));

/** Renders a posted or print-at-home item's card as the print PDF (both pages), in its buyer's render lane. */
export function cardPdfRenderer(strapi: Core.Strapi) {
  return async (item: Row): Promise<Buffer> => {
    const card = cardFor(item);
    return getService(strapi, 'rendering').cardPdf(
      {
        canvasData: card.canvas_data,
        insideMessage: card.inside_message ?? '',
        product: card.product,
        messageQr: await messageQrOf(strapi, item),
      },
      { owner: ownerOf(item) },
    );
  };
}

/** Renders an item's card as the printer's PDF of its product (what a print provider prints). */
export function printerPdfRenderer(strapi: Core.Strapi) {
  return async (item: Row): Promise<Buffer> => {
    const card = cardFor(item);
    return getService(strapi, 'rendering').printerPdf(
      {
        canvasData: card.canvas_data,
        insideMessage: card.inside_message ?? '',
        product: card.product,
        messageQr: await messageQrOf(strapi, item),
      },
      { owner: ownerOf(item) },
    );
  };
}

/** An order's e-mails are written in the language its buyer used in the shop (older orders: platform/i18n/record-locale.ts). */
const emailLanguageOf = (
  config: { shopName: string; shopTimeZone: string; shopLocale: string },
  order: Row | undefined,
): EmailLanguage => ({
  locale: recordLocale(order?.locale, config.shopLocale),
  shopName: config.shopName,
  timeZone: config.shopTimeZone,
});

/** The card's title as the e-mail's reader sees it: a card named after its template, in the e-mail's language. */
async function titleIn(strapi: Core.Strapi, item: Row, stored: string, language: EmailLanguage): Promise<string> {
  const cardId = typeof item.card === 'object' && item.card ? item.card.id : item.card;
  return (await cardTitlesIn(strapi, [cardId], language.locale ?? DEFAULT_LOCALE))(cardId, stored);
}

/** How long one buyer's details are reused between the sends of their order. */
const BUYER_DETAILS_MS = 5000;

export function deliverySenders(strapi: Core.Strapi, postal: () => PostalBackend) {
  const rendering = () => getService(strapi, 'rendering');
  // A 1,000-card order asked for the same buyer's details 1,000 times (a query or more each, through the
  // host's adapter). Reused for a few seconds: an edit made meanwhile shows from the next sends on.
  const buyers = new Map<number, { at: number; details: Promise<UserDetails> }>();
  // `user`: the order's user as the batch read joined it (its row: no query more), or `{ id }`.
  const buyerDetails = (user: Row): Promise<UserDetails> => {
    const userId = Number(user.id);
    const now = Date.now();
    const known = buyers.get(userId);
    if (known && now - known.at < BUYER_DETAILS_MS) return known.details;
    if (buyers.size > 1000) buyers.clear();
    const details = getService(strapi, 'userDetails').forUser('email' in user ? (user as AuthUser) : userId);
    buyers.set(userId, { at: now, details });
    // A failed lookup is not kept: the next send asks again.
    details.catch(() => buyers.delete(userId));
    return details;
  };

  /** The e-card's e-mail; `reminder`: the one gentle reminder of an unopened card (nothing else is recorded then). */
  async function sendEcard(
    delivery: Row,
    item: Row,
    now: Date,
    options: { reminder?: boolean } = {},
  ): Promise<SendOutcome> {
    const reminder = Boolean(options.reminder);
    const config = getConfig(strapi);
    const recipient = recipientOf(item);
    const to = String(recipient.email ?? '').trim();
    if (!to) throw new Error('the recipient has no e-mail address');
    const card = cardFor(item);
    const sender = await buyerDetails(item.order.user);
    // The PNG travels inside the message (cid): no remote image to block, no tracking.
    let png: Buffer | null = null;
    let pictureKey: string | undefined;
    try {
      // The preview made when the design last changed, when it shows this design (merge fields filled in
      // make another picture); otherwise drawn now, once per design: a thousand copies cost one render.
      const hash = rendering().previewLocation(card.canvas_data).hash;
      pictureKey = `preview-${hash}`;
      const storedUrl = currentPreviewUrl(card, hash);
      png = await rendering().storedPreviewPng(card.canvas_data, { owner: ownerOf(item), storedUrl });
    } catch (error) {
      if (!card.preview_url) throw error;
    }
    const link = viewUrl(publicShopUrl(strapi, ''), delivery.view_token);
    const language = emailLanguageOf(config, item.order);
    const mail = ecardEmail(
      {
        senderName: sender.display_name || '',
        recipientName: fullName(recipient),
        cardTitle: await titleIn(strapi, item, String(item.snapshot?.card_title ?? card.title ?? ''), language),
        insideMessage: String(card.inside_message ?? ''),
        viewUrl: link,
        imageSrc: png ? 'cid:card-front' : absolute(config.publicUrl, card.preview_url),
        // A reminder says when the card itself went.
        sentAt: reminder && delivery.sent_at ? new Date(delivery.sent_at) : now,
        reminder,
      },
      language,
    );
    await getService(strapi, 'mailer').send({
      to,
      replyTo: sender.email || undefined,
      ...mail,
      // The key lets the mailer encode a picture that comes again (copies of one card) once.
      attachments: png
        ? [{ filename: 'card.png', content: png, contentType: 'image/png', cid: 'card-front', key: pictureKey }]
        : [],
      headers: {
        'X-Greeting-Card-Delivery': String(delivery.id),
        ...(reminder ? { 'X-Greeting-Card-Reminder': 'unopened' } : {}),
      },
      messageId: deliveryMessageId(config.publicUrl, delivery, reminder),
    });
    if (reminder) return { status: senderStatus('ecard', 'sent'), sent_at: now };
    // The recipient's library entry (received cards) is written with the batch's outcomes, after the send
    // is recorded (fulfilment-service.ts): a failure there must not make the card look unsent.
    // Web instances draw nothing: the card's view page is drawn here, once per design, for them to serve
    // (`all` draws it on the first view, as before). A failure only costs the view page its drawing.
    if (serviceRole(strapi) === 'worker') {
      await rendering()
        .drawViewPages(card.canvas_data, { owner: ownerOf(item) })
        .catch((error: unknown) =>
          strapi.log.warn(`[greeting-cards] delivery ${delivery.id}: view page not drawn ahead: ${errorText(error)}`),
        );
    }
    return { status: senderStatus('ecard', 'sent'), sent_at: now };
  }

  const cardPdf = cardPdfRenderer(strapi);

  async function sendPost(delivery: Row, item: Row, now: Date): Promise<SendOutcome> {
    const r = recipientOf(item);
    const backend = postal();
    const job: PostalJob = {
      deliveryId: delivery.id,
      // A late card's reprint is a second order with a key of its own (late/late-cards-service.ts).
      idempotencyKey: `card-delivery-${delivery.id}-${deliveryTag(delivery)}${delivery.first_tracking_reference ? '-reprint' : ''}`,
      orderUuid: item.order.uuid,
      // A provider that fetches the file by URL gets it rendered when it asks (print-files route).
      pdf: backend.printFileByUrl ? undefined : await printFileFor(item, cardPdf),
      printFileUrl: signedPrintFileUrl(strapi, delivery.id, now),
      product: printProductOf(item),
      customerReference: `user-${item.order?.user?.id ?? 'unknown'}`,
      ...(item.shipping_method ? { shippingMethod: String(item.shipping_method) } : {}),
      recipientEmail: String(r.email ?? '').trim(),
      address: addressOf(r),
      packing: {
        card_title: String(item.snapshot?.card_title ?? item.card?.title ?? ''),
        gift_addon: item.gift_addon
          ? { id: item.gift_addon.id, name: String(item.snapshot?.gift_addon_name ?? item.gift_addon.name) }
          : null,
        gift_wrap: Boolean(item.gift_wrap),
      },
    };
    const result = await backend.send(job);
    if (!result?.trackingReference) throw new Error('the postal backend returned no tracking reference');
    const status = senderStatus('post', result.status === 'processing' ? 'queued_at_carrier' : 'sent');
    return {
      status,
      sent_at: now,
      tracking_reference: result.trackingReference,
      ...promiseOf(item, job, now, Boolean(delivery.first_tracking_reference)),
    };
  }

  /**
   * What the card is promised, kept on the delivery as it goes to the printer: the window the buyer was
   * shown (the order item's, for a chosen method or arrive-by date), else (and for a reprint) the plan for
   * its method now; the dispatch day is the plan's for the card's method from now. Never fails a send that succeeded.
   */
  function promiseOf(item: Row, job: PostalJob, now: Date, reprint: boolean) {
    try {
      const plan = getService(strapi, 'shipping').promise({
        product: job.product,
        country: String(job.address.country || 'GB').toUpperCase(),
        method: job.shippingMethod ?? null,
        now,
      });
      // A reprint is promised what its own plan says: the buyer's first window has passed.
      const own = reprint ? null : item;
      const from = (own?.arrives_from as string | null) ?? plan?.arrives_from ?? null;
      const to = (own?.arrives_to as string | null) ?? plan?.arrives_to ?? null;
      return { promised_from: from, promised_to: to, dispatch_on: plan?.dispatch_on ?? null };
    } catch (error) {
      strapi.log.warn(`[greeting-cards] delivery ${job.deliveryId}: no promised window kept: ${errorText(error)}`);
      return {};
    }
  }

  async function sendPrint(delivery: Row, item: Row, now: Date): Promise<SendOutcome> {
    const pdfPath = await writePdf(strapi, delivery.id, await cardPdf(item));
    const buyer = await buyerDetails(item.order.user);
    if (buyer.email) {
      const language = emailLanguageOf(getConfig(strapi), item.order);
      const mail = printReadyEmail(
        {
          buyerName: buyer.display_name || '',
          cardTitle: await titleIn(strapi, item, String(item.snapshot?.card_title ?? item.card?.title ?? ''), language),
          pdfUrl: `${viewUrl(publicShopUrl(strapi, ''), delivery.view_token)}card.pdf`,
        },
        language,
      );
      await getService(strapi, 'mailer').send({
        to: buyer.email,
        ...mail,
        headers: { 'X-Greeting-Card-Delivery': String(delivery.id) },
      });
    }
    return { status: senderStatus('print', 'delivered'), sent_at: now, delivered_at: now, pdf_path: pdfPath };
  }

  return { ecard: sendEcard, post: sendPost, print: sendPrint };
}
