import { consumeAddressSubmission, retryAfterSeconds } from '../../../platform/http/rate-limit';
import { SUBMISSION_FIELDS } from './rules/address-submission';
import { getService } from '../../../platform/get-service';
import { isHtmx, renderPage, renderPartial, type Toast } from '../../../platform/web/render';
import { formBody, formErrors, pickFilled } from '../../../platform/web/form-input';
import { limitedPage } from '../../../platform/web/page-limits';
import {
  errorPage,
  privateRoute,
  publicRoute,
  redirect,
  shopUrl,
  type PrivateContext,
  type WebContext,
  type WebRouteDef,
} from '../../../platform/web/web-route';
import type { MessageKey } from '../../../platform/i18n/messages';
import { requestLocale } from '../../../platform/i18n/request-locale';

// Address request links (issue 24): the shopper's link panel on /recipients/ (make, replace, revoke)
// and the friends' public page /address/<token>/. They call the same services as
// /api/recipients/request-link/ and /api/address/<token>/. The public page is never indexed and its
// token never leaves in a Referer.

const tokenOf = (web: WebContext) => String(web.ctx.params.token ?? '');

/**
 * The link panel's data, shared with the address book page (pages-people.ts). The daily summary goes
 * only to an owner who may be e-mailed (a confirmed address or a paid order): the panel says so, and
 * offers the confirmation link, to one who may not.
 */
export async function requestLinkData({ strapi, user, ctx }: Pick<PrivateContext, 'strapi' | 'user' | 'ctx'>) {
  const requestLink = await getService(strapi, 'addressLinks').current(user.id);
  const confirmAddress = Boolean(requestLink) && !(await getService(strapi, 'mailToOthers').mayMailOthers(user.id));
  return { requestLink, confirmAddress, linkSent: ctx.query.link === 'sent' };
}

/** Answers a link action: the panel for htmx, otherwise back to the address book. */
async function linkAction(web: PrivateContext, run: () => Promise<unknown>, text: MessageKey) {
  await run();
  const toast: Toast = { kind: 'success', text: web.t(text) };
  if (isHtmx(web.ctx))
    return renderPartial(web.ctx, 'partials/address-link-panel', { ...(await requestLinkData(web)), toast });
  redirect(web.ctx, shopUrl(web.ctx, '/recipients/'));
}

function keepPrivate(web: WebContext) {
  web.ctx.set('X-Robots-Tag', 'noindex, nofollow');
  web.ctx.set('Referrer-Policy', 'no-referrer');
}

interface FormState {
  errors?: Record<string, string[]> | null;
  values?: Record<string, string>;
  thanks?: boolean;
}

async function addressPage(web: WebContext, state: FormState = {}, status?: number) {
  keepPrivate(web);
  const { display_name } = await getService(web.strapi, 'addressLinks').publicView(tokenOf(web));
  const errors = state.errors ?? null;
  renderPage(
    web.ctx,
    'address-request',
    {
      title: display_name ? web.t('shop.address.titleFor', { name: display_name }) : web.t('shop.address.titleFriend'),
      noindex: true,
      shopperName: display_name,
      token: tokenOf(web),
      errors,
      values: { country: 'GB', ...(state.values ?? {}) },
      thanks: Boolean(state.thanks),
      // No toast: the list of problems at the top of the form takes the focus and says it all.
    },
    status,
  );
}

export const addressRequestRoutes: WebRouteDef[] = [
  limitedPage(
    'writes',
    privateRoute('POST', '/recipients/request-link/', async (web) => {
      // Only a replaced link has a predecessor that stops working: the first one just says it is ready.
      const before = await getService(web.strapi, 'addressLinks').current(web.user.id);
      return linkAction(
        web,
        () => getService(web.strapi, 'addressLinks').createOrRotate(web.user.id, requestLocale(web.strapi, web.ctx)),
        before ? 'shop.addressLink.ready' : 'shop.addressLink.readyFirst',
      );
    }),
  ),
  limitedPage(
    'writes',
    privateRoute('POST', '/recipients/request-link/revoke/', (web) =>
      linkAction(web, () => getService(web.strapi, 'addressLinks').revoke(web.user.id), 'shop.addressLink.turnedOff'),
    ),
  ),

  publicRoute('GET', '/address/:token/', async (web) => addressPage(web, { thanks: web.ctx.query.thanks === '1' })),

  publicRoute('POST', '/address/:token/', async (web) => {
    keepPrivate(web);
    const link = await getService(web.strapi, 'addressLinks').byToken(tokenOf(web));
    const rejection = await consumeAddressSubmission(web.strapi, web.ctx, String(link.id));
    if (rejection) {
      web.ctx.set('Retry-After', String(retryAfterSeconds(rejection)));
      return errorPage(
        web.ctx,
        429,
        web.t('shop.limit.title'),
        web.t('shop.limit.tooMany', { count: retryAfterSeconds(rejection) }),
      );
    }
    // Empty fields are sent as such: a blank required field must say so, not fall back to a default.
    const body = formBody(web.ctx);
    const values = pickFilled(body, SUBMISSION_FIELDS);
    const input = Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f, typeof body[f] === 'string' ? body[f] : '']));
    if (!input.country) input.country = 'GB';
    let result;
    try {
      result = await getService(web.strapi, 'addressSubmissions').submit(link, input);
    } catch (error) {
      const errors = formErrors(error, web.ctx.state.gcLocale);
      if (!errors) throw error;
      return addressPage(web, { errors, values }, 400);
    }
    if (!result.ok) {
      web.ctx.set('Retry-After', String(result.retryAfter));
      return errorPage(web.ctx, 429, web.t('shop.address.tomorrowTitle'), web.t('shop.address.dailyCap'));
    }
    redirect(web.ctx, shopUrl(web.ctx, `/address/${tokenOf(web)}/?thanks=1`));
  }),
];
