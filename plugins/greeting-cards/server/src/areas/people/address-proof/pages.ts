import { getService } from '../../../platform/get-service';
import { renderPage } from '../../../platform/web/render';
import { requestLocale } from '../../../platform/i18n/request-locale';
import {
  errorPage,
  privateRoute,
  publicRoute,
  redirect,
  type WebRouteDef,
  shopUrl,
} from '../../../platform/web/web-route';
import { formBody, refusalText } from '../../../platform/web/form-input';
import { ApiError } from '../../../platform/errors';

/** The pages that offer "E-mail me a confirmation link" besides the library, and are returned to. */
export const CONFIRM_RETURNS = ['/group/new/', '/recipients/'];

// Proving one's e-mail address, so that cards sent to it show under Received (security: anyone can
// register under someone else's address when the host does not confirm e-mails). The Received tab
// offers the button; the e-mail carries the link.
export const addressProofRoutes: WebRouteDef[] = [
  // `next`: the page that offered the button (a group card's form, the address book), back to which
  // the shopper goes with ?link=sent; without one, the library's Received tab.
  privateRoute('POST', '/library/confirm-email/', async ({ ctx, strapi, user, t }) => {
    try {
      await getService(strapi, 'addressProof').sendLink(user.id, requestLocale(strapi, ctx));
    } catch (error) {
      // The day's e-mails to others are used up: say until when, send nothing.
      if (!(error instanceof ApiError) || error.retryAfter === undefined) throw error;
      ctx.set('Retry-After', String(error.retryAfter));
      return errorPage(ctx, error.status, t('shop.mail.dayUsedTitle'), refusalText(error, ctx.state.gcLocale));
    }
    const next = CONFIRM_RETURNS.find((path) => path === formBody(ctx).next);
    redirect(ctx, shopUrl(ctx, next ? `${next}?link=sent` : '/library/?type=received&link=sent'));
  }),

  // A GET, as every e-mail link: it only marks this one address of this one account as proven.
  publicRoute('GET', '/account/confirm-email/:token/', async ({ ctx, strapi, t }) => {
    if (await getService(strapi, 'addressProof').confirm(String(ctx.params.token))) {
      return renderPage(ctx, 'error', {
        title: t('shop.proof.confirmed'),
        heading: t('shop.proof.confirmed'),
        message: t('shop.proof.confirmedText'),
      });
    }
    renderPage(
      ctx,
      'error',
      {
        title: t('shop.proof.invalidTitle'),
        heading: t('shop.proof.invalidHeading'),
        message: t('shop.proof.invalidText'),
      },
      404,
    );
  }),
];
