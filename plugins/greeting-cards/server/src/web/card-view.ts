import type { Core } from '@strapi/strapi';
import { html, raw, RawHtml } from './html';
import { getService } from '../services/get-service';

type Row = Record<string, any>;

// The public e-card page (/cards/view/<token>/) and its print PDF. No JavaScript (the default CSP
// blocks inline scripts and the page needs none) and no tracking pixel: views are counted here, once
// per page request.

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4efe6;color:#2b2b2b;font-family:Georgia,"Times New Roman",serif;line-height:1.5}
main{max-width:1100px;margin:0 auto;padding:32px 20px 48px}
header p{margin:0;color:#6b5e4b;font-family:system-ui,sans-serif;font-size:.95rem}
h1{font-size:clamp(1.6rem,3vw,2.3rem);margin:.2em 0 .8em;font-weight:normal}
.card{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:28px;align-items:start}
@media (max-width:760px){.card{grid-template-columns:1fr}}
figure{margin:0;background:#fff;box-shadow:0 10px 30px rgba(60,40,10,.18);border-radius:4px;overflow:hidden}
figure svg,figure img{display:block;width:100%;height:auto}
.inside{background:#fffdf8;box-shadow:0 10px 30px rgba(60,40,10,.12);border-radius:4px;padding:36px 32px;min-height:280px}
.inside h2{font-size:1rem;font-family:system-ui,sans-serif;text-transform:uppercase;letter-spacing:.08em;color:#8a7a62;margin:0 0 1em}
.message{font-size:1.3rem;white-space:pre-wrap;margin:0 0 1.2em}
.from{font-style:italic;color:#5a4d3a}
.actions{margin-top:28px;font-family:system-ui,sans-serif}
.actions a{display:inline-block;background:#7b2cbf;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none}
.actions a:focus-visible{outline:3px solid #222;outline-offset:3px}
.fallback{padding:48px 24px;text-align:center;font-size:1.4rem}
.notfound{max-width:560px;margin:12vh auto;background:#fff;padding:32px;border-radius:6px;text-align:center;font-family:system-ui,sans-serif}
`;

function layout(title: string, body: RawHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="/static/fonts/fonts.css">
<style>${raw(STYLE)}</style>
</head>
<body><main>${body}</main></body>
</html>`.value;
}

function notFoundPage(ctx: any): void {
  ctx.status = 404;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = layout(
    'Card not found',
    html`<div class="notfound"><h1>Card not found</h1><p>This card link is not valid. Please check that you copied the whole link from your e-mail.</p></div>`,
  );
}

async function front(strapi: Core.Strapi, card: Row, alt: string): Promise<RawHtml> {
  try {
    const svg = await getService(strapi, 'rendering').designSvg(card.canvas_data);
    // The SVG is sanitised by the rendering service; role and label make it an image to screen readers.
    return html`<figure>${raw(svg.replace(/^<svg\b/, `<svg role="img" aria-label="${alt.replace(/[&<>"']/g, '')}"`))}</figure>`;
  } catch (error) {
    strapi.log.warn(`[greeting-cards] e-card design not rendered, showing the preview: ${(error as Error).message}`);
    if (card.preview_url) return html`<figure><img src="${card.preview_url}" alt="${alt}"></figure>`;
    return html`<figure><p class="fallback">${card.title || 'Your card'}</p></figure>`;
  }
}

export function registerCardViewRoutes(strapi: Core.Strapi): void {
  const deliveries = () => getService(strapi, 'deliveries');

  strapi.server.routes([
    {
      method: 'GET',
      path: '/cards/view/:token/card.pdf',
      handler: async (ctx: any) => {
        const delivery = await deliveries().byToken(String(ctx.params.token));
        if (!delivery) return notFoundPage(ctx);
        const pdf = await deliveries().pdfOf(delivery);
        ctx.type = 'application/pdf';
        ctx.set('Content-Disposition', `inline; filename="card.pdf"`);
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = pdf;
      },
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/cards/view/:token',
      handler: async (ctx: any) => {
        const delivery = await deliveries().byToken(String(ctx.params.token));
        if (!delivery) return notFoundPage(ctx);
        const item: Row = delivery.order_item ?? {};
        const card: Row = item.card ?? {};
        const sender = item.order?.user?.id
          ? await getService(strapi, 'userDetails').forUser(item.order.user.id).catch(() => null)
          : null;
        const senderName = sender?.display_name || 'someone who cares';
        const title = card.title || 'A card for you';
        const design = await front(strapi, card, `Front of the card "${title}"`);
        await deliveries().recordView(delivery.id);
        const message = String(card.inside_message ?? '').trim();
        ctx.type = 'html';
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = layout(
          `${title}: a card from ${senderName}`,
          html`<header><p>A card from ${senderName}</p><h1>${title}</h1></header>
<article class="card" aria-label="Your card">
${design}
<section class="inside" aria-labelledby="inside-heading">
<h2 id="inside-heading">Inside the card</h2>
${message ? html`<p class="message">${message}</p>` : raw('')}
<p class="from">From ${senderName}</p>
</section>
</article>
<p class="actions"><a href="/cards/view/${encodeURIComponent(delivery.view_token)}/card.pdf" download>Print this card (PDF)</a></p>`,
        );
      },
      config: { auth: false },
    },
  ]);
}
