import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { shopRows, withTranslations } from '../../../platform/db/localized';
import { getService } from '../../../platform/get-service';
import { ApiError, notFound } from '../../../platform/errors';
import { consumeReplyAttempt, retryAfterSeconds } from '../../../platform/http/rate-limit';
import type { Ctx } from '../../../platform/http/respond';
import { DEFAULT_LOCALE, type Locale } from '../../../platform/i18n/locales';
import { formBody, formErrors } from '../../../platform/web/form-input';
import { errorPage, publicRoute, redirect, shopUrl, type WebRouteDef } from '../../../platform/web/web-route';
import type { ReplyView } from './replies-service';

// The thank-you form on the e-card view page (issue 45 item 5): server/views/partials/ecard-reply.eta.
// A plain form (the view page runs no script): a post answers with a redirect back to the card
// (?reply=sent#reply), or the card again with the form's problems (400). It calls the same service as
// /api/cards/view/<token>/reply/ and counts against the same per-IP limit.

export interface ReplyFormState {
  errors: Record<string, string[]> | null;
  values: { message?: string; sticker_id?: string };
}

/** What the view page's reply partial gets; null when replies are off (no form at all). */
export async function replyPanel(
  strapi: Core.Strapi,
  ctx: Ctx,
  delivery: Row,
  form: ReplyFormState | null,
): Promise<Record<string, unknown> | null> {
  const replies = getService(strapi, 'ecardReplies');
  if (!replies.enabled()) return null;
  const reply: ReplyView | null = await replies.ofDelivery(delivery.id);
  const locale: Locale = ctx.state.gcLocale ?? DEFAULT_LOCALE;
  // The free stickers, named in the page's language; a reply's own sticker stays listed even if it went premium.
  const stickers =
    reply?.editable !== false
      ? await withTranslations(
          strapi,
          UID.asset,
          (await query(strapi, UID.asset).findMany({
            where: shopRows({ asset_type: 'sticker', is_active: true, is_premium: false }),
            orderBy: [{ name: 'asc' }],
            limit: 24,
          })) as Row[],
          locale,
        )
      : [];
  const values = form?.values ?? {
    message: reply?.message ?? '',
    sticker_id: reply?.sticker ? String(reply.sticker.id) : '',
  };
  const notice = ctx.query?.reply === 'sent' ? 'sent' : ctx.query?.reply === 'saved' ? 'saved' : null;
  return {
    action: shopUrl(ctx, `/cards/view/${encodeURIComponent(String(delivery.view_token))}/reply/`),
    reply,
    stickers: stickers.map((s) => ({ id: s.id as number, name: String(s.name ?? ''), emoji: s.emoji || '' })),
    errors: form?.errors ?? null,
    values,
    // The form shows for a first reply, or open (a <details>) to change one within its day.
    editing: Boolean(form && reply),
    notice: form ? null : notice,
  };
}

type ShowCardView = (ctx: Ctx, delivery: Row, form: ReplyFormState, status: number) => Promise<void>;

/** POST /cards/view/<token>/reply/: sends the reply, or changes the one sent within its day. */
export function replyRoutes(show: ShowCardView): WebRouteDef[] {
  return [
    publicRoute('POST', '/cards/view/:token/reply/', async (web) => {
      web.ctx.set('X-Robots-Tag', 'noindex, nofollow');
      web.ctx.set('Referrer-Policy', 'no-referrer');
      const token = String(web.ctx.params.token ?? '');
      const replies = getService(web.strapi, 'ecardReplies');
      const delivery = replies.enabled() ? await getService(web.strapi, 'deliveries').byToken(token) : null;
      if (!delivery) throw notFound();
      const rejection = await consumeReplyAttempt(web.strapi, web.ctx);
      if (rejection) {
        web.ctx.set('Retry-After', String(retryAfterSeconds(rejection)));
        return errorPage(
          web.ctx,
          429,
          web.t('shop.limit.title'),
          web.t('shop.limit.tooMany', { count: retryAfterSeconds(rejection) }),
        );
      }
      const body = formBody(web.ctx);
      const values = {
        message: typeof body.message === 'string' ? body.message : '',
        sticker_id: typeof body.sticker_id === 'string' ? body.sticker_id : '',
      };
      const existing = await replies.ofDelivery(delivery.id);
      try {
        if (existing) await replies.edit(token, values);
        else await replies.create(token, values, web.ctx.state.gcLocale ?? DEFAULT_LOCALE);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw error;
        const errors = formErrors(error, web.ctx.state.gcLocale ?? DEFAULT_LOCALE);
        if (!errors) throw error;
        return show(web.ctx, delivery, { errors, values }, error instanceof ApiError ? error.status : 400);
      }
      redirect(
        web.ctx,
        shopUrl(web.ctx, `/cards/view/${encodeURIComponent(token)}/?reply=${existing ? 'saved' : 'sent'}#reply`),
      );
    }),
  ];
}
