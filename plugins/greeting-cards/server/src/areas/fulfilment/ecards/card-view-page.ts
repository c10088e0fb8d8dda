import { personaliseCard } from '../../../platform/designs/merge-fields';
import type { Core } from '@strapi/strapi';
import { getService } from '../../../platform/get-service';
import { renderPage } from '../../../platform/web/render';
import { pageLocale } from '../../../platform/web/locale';
import { translator, type Translate } from '../../../platform/i18n/translate';
import { rateLimit } from '../../../platform/http/rate-limit';
import { optionalUser } from '../../../platform/http/auth';
import type { Row } from '../../../platform/db/query';
import type { Ctx } from '../../../platform/http/respond';
import { registerShopRoutes, registerWebRoutes } from '../../../platform/web/web-route';
import { assetPath, mountPoints } from '../../../platform/mount/mount-points';
import { extraPages, pageDesign, pageIsDesigned, type CardPage } from '../../../platform/designs/print-products/pages';
import { cardViewLayout } from '../../rendering';
import { ApiError } from '../../../platform/errors';
import { replyPanel, replyRoutes, type ReplyFormState } from './reply-page';
import { envelopeChoice } from '../../catalogue';
import { messageOfCard, withCaptionsUrl } from '../../media-messages';

// The public e-card page (/cards/view/<token>/) and its print PDF, in the shop's look. It shows the
// front, and "Open the card" (a native disclosure: keyboard and screen readers know it, no JavaScript)
// shows the inside left and right, then any extra pages a large group card has (as the print-at-home
// PDF and the printer's PDF have them, two to a spread). No tracking pixel: views are counted here,
// once per page request, and the first view by anyone but the signed-in buyer marks the card opened.

function notFoundPage(ctx: Ctx): void {
  const t = translator(pageLocale(ctx.state.gcStrapi, ctx));
  renderPage(
    ctx,
    'error',
    {
      title: t('shop.cardView.notFound'),
      heading: t('shop.cardView.notFound'),
      message: t('shop.cardView.notFoundText'),
    },
    404,
  );
}

/** A page that could not be drawn; on a SERVICE_ROLE=web instance not yet drawn by a worker is expected (503), not a warning. */
function notDrawn(strapi: Core.Strapi, what: string, error: unknown): void {
  if (error instanceof ApiError && error.status === 503) return;
  strapi.log.warn(`[greeting-cards] ${what}: ${(error as Error).message}`);
}

type Drawn = { svg: string | null; image: string | null };

/** One page of the card as sanitised SVG, drawn once per design by the same renderer as the PDF. */
async function pageSvg(strapi: Core.Strapi, card: Row, page: CardPage, alt: string, owner: string): Promise<string> {
  // A page drawn on its own is a whole design (see pageDesign): it shares the front's render cache.
  const svg = await getService(strapi, 'rendering').cachedDesignSvg(
    page === 'front' ? card.canvas_data : pageDesign(card.canvas_data, page),
    { owner },
  );
  // The SVG is sanitised by the rendering service; role and label make it an image to screen readers.
  return svg.replace(/^<svg\b/, `<svg role="img" aria-label="${alt.replace(/[&<>"']/g, '')}"`);
}

async function front(strapi: Core.Strapi, card: Row, alt: string, owner: string): Promise<Drawn> {
  try {
    // Drawn once per design and then read from the render cache: a view costs no Chromium work.
    return { svg: await pageSvg(strapi, card, 'front', alt, owner), image: null };
  } catch (error) {
    notDrawn(strapi, 'e-card design not rendered, showing the preview', error);
    return { svg: null, image: card.preview_url || null };
  }
}

/**
 * The inside left and right as the printer's PDF has them: a page with a design of its own is drawn,
 * the others are plain white. The inside message is laid over the inside right in the page (text a
 * screen reader reads), sized as on paper (see areas/rendering/rules/card-view-layout.ts).
 */
async function inside(
  strapi: Core.Strapi,
  card: Row,
  owner: string,
  t: Translate,
): Promise<Record<'inside_left' | 'inside_right', Drawn>> {
  const drawn: Record<string, Drawn> = {};
  for (const page of ['inside_left', 'inside_right'] as const) {
    drawn[page] = { svg: null, image: null };
    if (!pageIsDesigned(card.canvas_data, page)) continue;
    try {
      drawn[page].svg = await pageSvg(
        strapi,
        card,
        page,
        page === 'inside_left' ? t('shop.cardView.insideLeft') : t('shop.cardView.insideRight'),
        owner,
      );
    } catch (error) {
      notDrawn(strapi, `e-card ${page} not rendered`, error);
    }
  }
  return drawn as Record<'inside_left' | 'inside_right', Drawn>;
}

/** A large group card's extra pages, in order, each drawn by the same renderer (a blank one if it fails). */
async function extra(
  strapi: Core.Strapi,
  card: Row,
  owner: string,
  t: Translate,
): Promise<Array<Drawn & { label: string }>> {
  const drawn: Array<Drawn & { label: string }> = [];
  for (const [i, page] of extraPages(card.canvas_data).entries()) {
    const label = t('shop.cardView.extraPage', { number: i + 1 });
    let svg: string | null = null;
    try {
      svg = await pageSvg(strapi, card, page, label, owner);
    } catch (error) {
      notDrawn(strapi, `e-card ${page} not rendered`, error);
    }
    drawn.push({ svg, image: null, label });
  }
  return drawn;
}

export function registerCardViewRoutes(strapi: Core.Strapi): void {
  const deliveries = () => getService(strapi, 'deliveries');
  // A reply form sent back with its problems (reply-page.ts) is shown on the page again, with its status.
  const replyForm = (ctx: Ctx): (ReplyFormState & { status: number }) | null => ctx.state.gcReplyForm ?? null;

  registerShopRoutes(strapi, [
    {
      method: 'GET',
      path: '/cards/view/:token/card.pdf',
      handler: async (ctx: Ctx) => {
        ctx.state.gcStrapi = strapi;
        const delivery = await deliveries().byToken(String(ctx.params.token));
        if (!delivery) return notFoundPage(ctx);
        // A PDF kept by a remote upload provider is fetched from it through a short-lived signed URL.
        const signed = await deliveries().signedPdfUrlOf(delivery);
        if (signed) {
          ctx.set('Cache-Control', 'private, no-store');
          return ctx.redirect(signed);
        }
        const pdf = await deliveries().pdfOf(delivery);
        ctx.type = 'application/pdf';
        ctx.set('Content-Disposition', `inline; filename="card.pdf"`);
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = pdf;
      },
      config: { auth: false, middlewares: [rateLimit(strapi, 'renders')] },
    },
    {
      method: 'GET',
      path: '/cards/view/:token',
      handler: viewPage,
      config: { auth: false, middlewares: [rateLimit(strapi, 'renders')] },
    },
  ]);
  registerWebRoutes(
    strapi,
    replyRoutes((ctx, _delivery, form, status) => {
      ctx.state.gcReplyForm = { ...form, status };
      return viewPage(ctx);
    }),
  );

  /** The view page; a reply form sent back with its problems is shown in it again. */
  async function viewPage(ctx: Ctx): Promise<void> {
    ctx.state.gcStrapi = strapi;
    const delivery = await deliveries().byToken(String(ctx.params.token));
    if (!delivery) return notFoundPage(ctx);
    const item: Row = delivery.order_item ?? {};
    // The recipient's own copy: merge fields ({first_name}...) filled in with their name.
    const card: Row = personaliseCard(item.card ?? {}, item.snapshot?.recipient ?? item.recipient ?? null);
    const sender = item.order?.user?.id
      ? await getService(strapi, 'userDetails')
          .forUser(item.order.user.id)
          .catch(() => null)
      : null;
    const t = translator(pageLocale(strapi, ctx));
    const senderName = sender?.display_name || t('shop.cardView.someone');
    const title = card.title || t('shop.cardView.forYou');
    const owner = `delivery:${delivery.id}`;
    const design = await front(strapi, card, t('shop.cardView.front', { title }), owner);
    const pages = await inside(strapi, card, owner, t);
    const extraDrawn = await extra(strapi, card, owner, t);
    const message = String(card.inside_message ?? '').trim();
    // The buyer looking at their own card (signed in) does not open it for the recipient.
    const viewer = await optionalUser(strapi, ctx).catch(() => null);
    // The envelope the sender chose (issue 45): an overlay the page's script adds over the card,
    // which is in the HTML as before (no script, or reduced motion: the card at once).
    const envelope = item.delivery_method === 'ecard' ? envelopeChoice(item.envelope) : null;
    if (!replyForm(ctx))
      await deliveries().recordView(delivery.id, new Date(), Boolean(viewer && viewer.id === item.order?.user?.id));
    // The recipient is not signed in as the sender: the page shows no account navigation of theirs.
    ctx.state.gcUser = null;
    const reply = await replyPanel(strapi, ctx, delivery, replyForm(ctx));
    // The sender's video or voice message (issue 45 item 3), played in the page; a removed one says so.
    const media = item.card?.id ? await messageOfCard(strapi, Number(item.card.id)) : null;
    renderPage(
      ctx,
      'card-view',
      {
        title: t('shop.cardView.title', { title, name: senderName }),
        cardTitle: title,
        senderName,
        design,
        pages,
        extra: extraDrawn,
        layout: cardViewLayout(card.canvas_data, message, card.product),
        message,
        noScripts: true,
        envelope,
        ...(envelope ? { script: assetPath(strapi, 'js/envelope.js') } : {}),
        pdfUrl: `${mountPoints(strapi).base}/cards/view/${encodeURIComponent(delivery.view_token)}/card.pdf`,
        reply,
        media: media ? withCaptionsUrl(strapi, media) : null,
      },
      replyForm(ctx)?.status,
    );
    ctx.set('X-Robots-Tag', 'noindex');
    ctx.set('Referrer-Policy', 'no-referrer');
  }
}
