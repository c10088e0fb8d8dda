import { personaliseCard } from '../../../platform/designs/merge-fields';
import { cardPages, pageDesign, type CardPage } from '../../../platform/designs/print-products/pages';
import type { Core } from '@strapi/strapi';
import { optionalUser } from '../../../platform/http/auth';
import { ApiError, forbidden, notFound, unauthorized } from '../../../platform/errors';
import { respondError, type Ctx } from '../../../platform/http/respond';
import { uploadedFile } from '../../../platform/http/uploaded-file';
import { query } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import { getService } from '../../../platform/get-service';
import { CURATED_FONTS } from '../../../platform/designs/fonts';
import { blankCanvas } from '../../../platform/designs/canvas-data';
import { PATTERN_NAMES } from '../../../platform/designs/background-patterns';
import { UID } from '../../../platform/uids';
import { csrfSatisfied } from '../../../platform/web/csrf';
import { renderPage } from '../../../platform/web/render';
import {
  privateRoute,
  publicRoute,
  redirect,
  registerShopRoutes,
  registerWebRoutes,
  toKoaRoute,
  type PrivateContext,
  type WebContext,
  shopUrl,
} from '../../../platform/web/web-route';
import { registerOwnRoutes } from '../../../platform/http/own-routes';
import { storeCroppedPhoto, storeHandwriting, storePhoto } from '../../../platform/uploads/photo-upload';
import { assetPath, mountPoints } from '../../../platform/mount/mount-points';
import { consumeLimit, tooMany } from '../../../platform/http/rate-limit';
import { limitedPage } from '../../../platform/web/page-limits';
import { editorLanguage } from './editor-i18n';
import { refusalText } from '../../../platform/web/form-input';
import { PUBLISHED } from '../../../platform/db/published';
import { cardTitlesIn } from '../../../platform/db/card-titles';
import { msg } from '../../../platform/i18n/format-message';
import { envelopesOnOffer } from '../../catalogue';
import { shippingChoices } from './shipping-choices';
import { renderPartial } from '../../../platform/web/render';
import { messageOfCard, withCaptionsUrl } from '../../media-messages';
import { messageAddOn } from '../../../platform/pricing/message-add-on';
import { formatMoney } from '../../../platform/i18n/money-format';
import { isLocale } from '../../../platform/i18n/locales';

// The card editor's pages: /editor/ (a new blank card), /editor/template/<slug>/ (a new card from a
// template), /editor/<card_id>/ (a card of the signed-in shopper), and the photo upload routes.
// A GET never creates anything (a crawler, a prefetch or a reload must not leave drafts behind): the
// two "new card" pages show a button whose POST creates the card and redirects to its editor.

function messagePage(
  web: PrivateContext,
  status: number,
  heading: string,
  message: string,
  link?: { href: string; label: string },
) {
  renderPage(web.ctx, 'editor/message', { ...editorLanguage(web.ctx), title: heading, heading, message, link }, status);
}

const tOf = (ctx: Ctx) => editorLanguage(ctx).t;

const notFoundPage = (web: PrivateContext) => {
  const t = tOf(web.ctx);
  messagePage(web, 404, t('editor.page.not-found'), t('editor.page.not-found-detail'));
};

/** The refusals of starting from a template as pages: premium (with the way to subscribe) and unknown. */
function templateRefusal(web: PrivateContext, error: unknown): void {
  if (!(error instanceof ApiError)) throw error;
  const { t, locale } = editorLanguage(web.ctx);
  if (error.status === 403) {
    return messagePage(web, 403, t('editor.page.premium'), refusalText(error, locale), {
      href: shopUrl(web.ctx, '/subscriptions/'),
      label: t('editor.page.see-subscriptions'),
    });
  }
  if (error.status === 404)
    return messagePage(web, 404, t('editor.page.template-not-found'), t('editor.page.template-not-found-detail'));
  throw error;
}

/**
 * A JSON route of the editor for signed-in shoppers: rate-limited like every write (SERVICE_RATE_LIMIT_*),
 * CSRF-checked, answering 201 with the result.
 */
function photoAction(strapi: Core.Strapi, run: (ctx: Ctx, userId: number) => Promise<unknown>) {
  return async (ctx: Ctx) => {
    try {
      if (!csrfSatisfied(strapi, ctx)) {
        respondError(strapi, ctx, forbidden(msg('error.csrf')));
        return;
      }
      const user = await optionalUser(strapi, ctx);
      if (!user) throw unauthorized();
      // A stored (and resized) photo is a write like any other: the same counters as card saves,
      // counted after sign-in and the CSRF check so that forged requests spend nothing.
      const rejection = await consumeLimit(strapi, ctx, 'writes', user.id);
      if (rejection) return tooMany(strapi, ctx, rejection);
      const result = await run(ctx, user.id);
      ctx.status = 201;
      ctx.body = result;
    } catch (error) {
      respondError(strapi, ctx, error);
    }
  };
}

async function editorPage(web: PrivateContext): Promise<void> {
  const { ctx, strapi, user } = web;
  if (!/^\d{1,10}$/.test(String(ctx.params.id))) return notFoundPage(web);
  let card: { id: number; title: string };
  try {
    card = (await getService(strapi, 'cards').get(user.id, Number(ctx.params.id))) as { id: number; title: string };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return notFoundPage(web);
    throw error;
  }
  const config = getConfig(strapi);
  const addons = (await query(strapi, UID.giftAddon).findMany({
    where: { is_active: true, ...PUBLISHED },
    orderBy: { name: 'asc' },
  })) as Array<{ id: number; name: string; price_pence: number }>;
  const language = editorLanguage(ctx);
  // The Ideas panel opens on the card's occasion (a card from a blank canvas has none).
  const withOccasion = (await query(strapi, UID.card).findOne({
    where: { id: card.id },
    select: ['id', 'product'],
    populate: { occasion: { select: ['slug'] } },
  })) as { product?: string | null; occasion?: { slug?: string } | null } | null;
  // A card still named after its template reads in the shopper's language (the stored title is unchanged).
  const shownTitle = (await cardTitlesIn(strapi, [card.id], language.locale))(card.id, card.title ?? '');
  // The card's video or voice message (issue 45 item 3), where the shop offers them.
  const media = config.mediaMessageMaxPerUser > 0 ? await messageOfCard(strapi, card.id) : null;
  const premium = await getService(strapi, 'subscriptions').hasPremium(user.id);
  // What a message adds to each card it is sent on (the add-on checkout charges; null: nothing).
  const mediaAddOn = messageAddOn(true, config, premium);
  renderPage(
    ctx,
    'editor/editor',
    {
      ...language,
      title: shownTitle || language.t('editor.page.your-card'),
      shownTitle,
      script: assetPath(web.strapi, 'editor/editor.js'),
      card,
      fonts: CURATED_FONTS.map((f) => f.family),
      patterns: PATTERN_NAMES,
      premium,
      prices: {
        ecard: config.ecardPrice,
        post: config.postedCardPrice,
        print: config.printPrice,
        gift_wrap: config.giftWrapPrice,
        media_message: mediaAddOn?.pence ?? 0,
        currency: config.currency,
      },
      addons: addons.map((a) => ({ id: a.id, name: a.name, price_pence: a.price_pence })),
      // A send date goes out at this hour on the recipient's clock (the form says so).
      sendHour: `${String(config.scheduledSendHour).padStart(2, '0')}:00`,
      occasion: withOccasion?.occasion?.slug ?? '',
      // E-cards (issue 45): the envelopes on offer (the first is chosen) and the reminder's wait.
      envelopes: await envelopesOnOffer(strapi, language.locale),
      remindHours: config.resendUnopenedAfterHours,
      // A posted card's promise and arrive-by choice, to the shop's country until a recipient is chosen.
      ship: await shippingChoices(strapi, language.locale, { product: withOccasion?.product }),
      mediaMessages: config.mediaMessageMaxPerUser > 0,
      mediaMessage: media && !media.removed ? withCaptionsUrl(strapi, media) : null,
      mediaPrice: mediaAddOn
        ? mediaAddOn.free
          ? language.t('editor.media.price-free')
          : language.t('editor.media.price', {
              price: formatMoney(mediaAddOn.pence, config.currency, language.intlLocale),
            })
        : '',
    },
    200,
    'workspace',
  );
}

/**
 * The editor in template mode, framed by the admin panel's "Open in designer". It reads nothing
 * private and writes nothing itself: the design arrives from and returns to the admin page by
 * postMessage (same origin only), and the admin's own Save stores it with the API's checks; photos
 * are handed to the admin page, which uploads them with the admin's sign-in (admin designs/photos
 * routes). So it needs no sign-in of its own; opened outside the admin panel it only says so.
 */
async function templateDesignerPage({ ctx }: WebContext): Promise<void> {
  // The admin panel passes its user's language (`?lang=de`): an operator's designer speaks it whatever
  // the shop's own choice (pinned language, the browser's cookie). Only a shipped language counts; without
  // one the page chooses as any shop page does. Nothing is remembered: the shop's pages keep their language.
  const adminLanguage = typeof ctx.query?.lang === 'string' ? ctx.query.lang : undefined;
  if (isLocale(adminLanguage)) ctx.state.gcLocale = adminLanguage;
  const language = editorLanguage(ctx);
  renderPage(
    ctx,
    'editor/editor',
    {
      ...language,
      title: language.t('editor.page.template-designer'),
      script: assetPath(ctx.state.gcStrapi, 'editor/editor.js'),
      embed: true,
      card: { id: '', title: language.t('editor.page.template-design') },
      fonts: CURATED_FONTS.map((f) => f.family),
      patterns: PATTERN_NAMES,
      premium: true,
      prices: {},
      addons: [],
    },
    200,
    'workspace',
  );
}

/**
 * Where the admin panel's template designer frames the editor: a fixed path in the plugin's own
 * namespace, so the admin finds it whatever the shop's base path, and with the shop switched off.
 */
export const DESIGNER_PAGE = '/greeting-cards/designer/';

export function registerEditorRoutes(strapi: Core.Strapi): void {
  registerOwnRoutes(strapi, [toKoaRoute(strapi, publicRoute('GET', DESIGNER_PAGE, templateDesignerPage))]);
  if (!mountPoints(strapi).storefront) return;
  registerShopRoutes(strapi, [
    {
      method: 'POST',
      path: '/editor/photos',
      handler: photoAction(strapi, (ctx, userId) => storePhoto(strapi, uploadedFile(ctx, 'photo'), userId)),
      config: { auth: false },
    },
    {
      // "Use a photo of my handwriting": the ink lifted onto a transparent picture (multipart: photo, colour).
      method: 'POST',
      path: '/editor/photos/handwriting',
      handler: photoAction(strapi, (ctx, userId) =>
        storeHandwriting(
          strapi,
          uploadedFile(ctx, 'photo'),
          (ctx.request.body ?? {}) as Record<string, unknown>,
          userId,
        ),
      ),
      config: { auth: false },
    },
    {
      method: 'POST',
      path: '/editor/photos/crop',
      handler: photoAction(strapi, (ctx, userId) => {
        const body = (ctx.request.body ?? {}) as Record<string, unknown>;
        return storeCroppedPhoto(strapi, body.src, body, userId);
      }),
      config: { auth: false },
    },
  ]);

  registerWebRoutes(strapi, [
    privateRoute('GET', '/editor/', async ({ ctx }) => {
      const { t } = editorLanguage(ctx);
      renderPage(ctx, 'editor/start', {
        t,
        title: t('editor.page.new-card'),
        heading: t('editor.page.design-own'),
        action: shopUrl(ctx, '/editor/'),
        label: t('editor.page.start-blank'),
      });
    }),
    // Creating and personalising count as writes, as POST /api/cards/ and .../personalize/ do.
    limitedPage(
      'writes',
      privateRoute('POST', '/editor/', async ({ ctx, strapi: s, user }) => {
        const card = (await getService(s, 'cards').create(user.id, {
          title: tOf(ctx)('editor.page.my-card'),
          canvas_data: blankCanvas(),
        })) as { id: number };
        redirect(ctx, shopUrl(ctx, `/editor/${card.id}/`));
      }),
    ),
    privateRoute('GET', '/editor/template/:slug/', async (web) => {
      const slug = String(web.ctx.params.slug);
      try {
        // The same checks as creating the card (active template, premium), without creating it.
        const template = await getService(web.strapi, 'catalogue').findActiveTemplate(slug);
        await getService(web.strapi, 'premium').assertAccess(web.user.id, {
          templateId: template.id,
          canvasData: template.canvas_data,
        });
        const { t } = editorLanguage(web.ctx);
        renderPage(web.ctx, 'editor/start', {
          t,
          title: template.name,
          heading: t('editor.page.personalise', { name: template.name }),
          action: shopUrl(web.ctx, `/editor/template/${encodeURIComponent(slug)}/`),
          label: t('editor.page.start-designing'),
        });
      } catch (error) {
        templateRefusal(web, error);
      }
    }),
    limitedPage(
      'writes',
      privateRoute('POST', '/editor/template/:slug/', async (web) => {
        try {
          const card = (await getService(web.strapi, 'cards').personalize(
            web.user.id,
            String(web.ctx.params.slug),
          )) as { id: number };
          redirect(web.ctx, shopUrl(web.ctx, `/editor/${card.id}/`));
        } catch (error) {
          templateRefusal(web, error);
        }
      }),
    ),
    // Before /editor/:id/, which would otherwise answer it as an unknown card. The designer's address
    // before DESIGNER_PAGE, kept for admin panels built before it.
    publicRoute('GET', '/editor/design/', templateDesignerPage),
    privateRoute('GET', '/editor/:id/', editorPage),
    // The send form's shipping part for a destination and an arrive-by date (?country=&arrive_by=&method=),
    // as an HTML fragment the form swaps in: dates and prices from the shipping service, never the page.
    limitedPage(
      'writes',
      privateRoute('GET', '/editor/:id/shipping/', async ({ ctx, strapi: s, user }) => {
        const id = Number(ctx.params.id);
        const card =
          Number.isSafeInteger(id) && id > 0
            ? ((await query(s, UID.card).findOne({
                where: { id, owner: { id: user.id } },
                select: ['id', 'product'],
              })) as { product?: string | null } | null)
            : null;
        if (!card) {
          respondError(s, ctx, notFound());
          return;
        }
        const language = editorLanguage(ctx);
        const ship = await shippingChoices(s, language.locale, {
          product: card.product,
          country: ctx.query.country,
          arriveBy: ctx.query.arrive_by,
          method: ctx.query.method,
        });
        renderPartial(ctx, 'partials/shipping-choices', { ...language, ship });
      }),
    ),
    // The send form's picture of the card: the stored design's front, drawn by the same renderer as
    // the list previews (and read from the same files once drawn). Another shopper's card is a 404.
    limitedPage(
      'renders',
      privateRoute('GET', '/editor/:id/front.png', async ({ ctx, strapi: s, user }) => {
        const id = Number(ctx.params.id);
        const card =
          Number.isSafeInteger(id) && id > 0
            ? await getService(s, 'cards')
                .findOwned(user.id, id)
                .catch((error: unknown) => {
                  if (error instanceof ApiError && error.status === 404) return null;
                  throw error;
                })
            : null;
        if (!card) {
          respondError(s, ctx, notFound());
          return;
        }
        // ?recipient=<id>: the copy that recipient gets, merge fields ({first_name}...) filled in. Only
        // the shopper's own recipients; any other id draws the card as stored.
        const recipientId = Number(ctx.query.recipient);
        const recipient =
          Number.isSafeInteger(recipientId) && recipientId > 0
            ? await getService(s, 'recipients')
                .findOwned(user.id, recipientId)
                .catch(() => null)
            : null;
        const drawn = personaliseCard(card, recipient);
        // ?page=inside_left (inside_right, back, extra_1...): that page of the copy instead of the front,
        // so the send form can show the inside as each person gets it. Any other value: the front.
        const wanted = String(ctx.query.page ?? 'front');
        const page = (cardPages(drawn.canvas_data) as string[]).includes(wanted) ? (wanted as CardPage) : 'front';
        const design = page === 'front' ? drawn.canvas_data : pageDesign(drawn.canvas_data, page);
        ctx.type = 'image/png';
        ctx.set('Cache-Control', 'private, no-store');
        try {
          ctx.body = await getService(s, 'rendering').storedPreviewPng(design, { owner: `user:${user.id}` });
        } catch (error) {
          // SERVICE_ROLE=web serves stored pictures only: a personalised copy not drawn yet is a JSON 503.
          if (!(error instanceof ApiError) || error.status !== 503) throw error;
          ctx.set('Retry-After', '5');
          respondError(s, ctx, error);
        }
      }),
    ),
  ]);
}
