import { renderPage } from '../../platform/web/render';
import { pageLocale } from '../../platform/web/locale';
import { translator } from '../../platform/i18n/translate';
import type { Ctx } from '../../platform/http/respond';
import type { MessageView } from './message-store';

// The message page (views/media-message.eta): only the player, for whoever holds the link. Never
// indexed, never sent as a Referer, never cached.

function privatePage(ctx: Ctx): void {
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Referrer-Policy', 'no-referrer');
}

export function messageNotFound(ctx: Ctx): void {
  const t = translator(pageLocale(ctx.state.gcStrapi, ctx));
  renderPage(
    ctx,
    'error',
    {
      title: t('shop.media.notFound'),
      heading: t('shop.media.notFound'),
      message: t('shop.media.notFoundText'),
      noindex: true,
    },
    404,
  );
  privatePage(ctx);
}

export function messagePage(ctx: Ctx, media: MessageView & { captions_url: string }, senderName: string): void {
  const t = translator(pageLocale(ctx.state.gcStrapi, ctx));
  renderPage(ctx, 'media-message', {
    title: senderName ? t('shop.media.title', { name: senderName }) : t('shop.media.heading'),
    senderName,
    media,
    noindex: true,
    noScripts: true,
  });
  privatePage(ctx);
}
