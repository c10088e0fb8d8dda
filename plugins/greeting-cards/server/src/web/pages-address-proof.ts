import { getService } from '../services/get-service';
import { renderPage } from './render';
import { requestLocale } from '../i18n/request-locale';
import { privateRoute, publicRoute, redirect, type WebRouteDef, shopUrl } from './web-route';

// Proving one's e-mail address, so that cards sent to it show under Received (security: anyone can
// register under someone else's address when the host does not confirm e-mails). The Received tab
// offers the button; the e-mail carries the link.
export const addressProofRoutes: WebRouteDef[] = [
  privateRoute('POST', '/library/confirm-email/', async ({ ctx, strapi, user }) => {
    await getService(strapi, 'addressProof').sendLink(user.id, requestLocale(strapi, ctx));
    redirect(ctx, shopUrl(ctx, '/library/?type=received&link=sent'));
  }),

  // A GET, as every e-mail link: it only marks this one address of this one account as proven.
  publicRoute('GET', '/account/confirm-email/:token/', async ({ ctx, strapi, t }) => {
    if (await getService(strapi, 'addressProof').confirm(String(ctx.params.token))) {
      return renderPage(ctx, 'error', { title: t('shop.proof.confirmed'), heading: t('shop.proof.confirmed'), message: t('shop.proof.confirmedText') });
    }
    renderPage(ctx, 'error', { title: t('shop.proof.invalidTitle'), heading: t('shop.proof.invalidHeading'), message: t('shop.proof.invalidText') }, 404);
  }),
];
