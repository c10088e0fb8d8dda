import type { Core } from '@strapi/strapi';
import { pageDesign, pageIsDesigned } from '../domain/print-products/pages';
import { getService } from '../services/get-service';
import { renderPage } from './render';
import { rateLimit } from '../http/rate-limit';
import type { Row } from '../db/query';
import type { Ctx } from '../http/respond';
import { registerShopRoutes } from './web-route';
import { mountPoints } from '../mount/mount-points';

// The public e-card page (/cards/view/<token>/) and its print PDF, in the shop's look. No JavaScript
// of its own and no tracking pixel: views are counted here, once per page request.

function notFoundPage(ctx: Ctx): void {
  renderPage(ctx, 'error', { title: 'Card not found', heading: 'Card not found', message: 'This card link is not valid. Please check that you copied the whole link from your e-mail.' }, 404);
}

/**
 * The inside pages a design has (a group card's signatures, a written inside), drawn by the same
 * renderer as the front; none for a card whose inside is only its message. A page that cannot be
 * drawn is left out rather than failing the page.
 */
async function insidePages(strapi: Core.Strapi, card: Row, title: string, owner: string): Promise<Array<{ label: string; svg: string }>> {
  const out: Array<{ label: string; svg: string }> = [];
  for (const [page, label] of [['inside_left', 'Inside left'], ['inside_right', 'Inside right']] as const) {
    if (!pageIsDesigned(card.canvas_data, page)) continue;
    try {
      const svg = await getService(strapi, 'rendering').cachedDesignSvg(pageDesign(card.canvas_data, page), { owner });
      const alt = `${label} of the card "${title}"`.replace(/[&<>"']/g, '');
      out.push({ label, svg: svg.replace(/^<svg\b/, `<svg role="img" aria-label="${alt}"`) });
    } catch (error) {
      strapi.log.warn(`[greeting-cards] e-card inside page not rendered: ${(error as Error).message}`);
    }
  }
  return out;
}

async function front(strapi: Core.Strapi, card: Row, alt: string, owner: string): Promise<{ svg: string | null; image: string | null }> {
  try {
    const svg = await getService(strapi, 'rendering').cachedDesignSvg(card.canvas_data, { owner });
    // Drawn once per design and then read from the render cache: a view costs no Chromium work.
    // The SVG is sanitised by the rendering service; role and label make it an image to screen readers.
    return { svg: svg.replace(/^<svg\b/, `<svg role="img" aria-label="${alt.replace(/[&<>"']/g, '')}"`), image: null };
  } catch (error) {
    strapi.log.warn(`[greeting-cards] e-card design not rendered, showing the preview: ${(error as Error).message}`);
    return { svg: null, image: card.preview_url || null };
  }
}

export function registerCardViewRoutes(strapi: Core.Strapi): void {
  const deliveries = () => getService(strapi, 'deliveries');

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
      handler: async (ctx: Ctx) => {
        ctx.state.gcStrapi = strapi;
        const delivery = await deliveries().byToken(String(ctx.params.token));
        if (!delivery) return notFoundPage(ctx);
        const item: Row = delivery.order_item ?? {};
        const card: Row = item.card ?? {};
        const sender = item.order?.user?.id
          ? await getService(strapi, 'userDetails').forUser(item.order.user.id).catch(() => null)
          : null;
        const senderName = sender?.display_name || 'someone who cares';
        const title = card.title || 'A card for you';
        const design = await front(strapi, card, `Front of the card "${title}"`, `delivery:${delivery.id}`);
        const inside = await insidePages(strapi, card, title, `delivery:${delivery.id}`);
        await deliveries().recordView(delivery.id);
        // The recipient is not signed in as the sender: the page shows no account navigation of theirs.
        ctx.state.gcUser = null;
        renderPage(ctx, 'card-view', {
          title: `${title}: a card from ${senderName}`,
          cardTitle: title,
          senderName,
          design,
          inside,
          message: String(card.inside_message ?? '').trim(),
          noScripts: true,
          pdfUrl: `${mountPoints(strapi).base}/cards/view/${encodeURIComponent(delivery.view_token)}/card.pdf`,
        });
        ctx.set('X-Robots-Tag', 'noindex');
        ctx.set('Referrer-Policy', 'no-referrer');
      },
      config: { auth: false, middlewares: [rateLimit(strapi, 'renders')] },
    },
  ]);
}
