import { ApiError } from '../../platform/errors';
import { getConfig } from '../../platform/config/get-config';
import { localizeErrorBody } from '../../platform/i18n/error-messages';
import { query } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { renderPage } from '../../platform/web/render';
import { clearSessionCookie } from '../../platform/web/session';
import { privateRoute, type PrivateContext } from '../../platform/web/web-route';
import { requireFreshCredential } from './fresh-credential';
import { exportAccount } from './data-export/export-service';
import { deleteAccount } from './deletion/deletion-service';
import { cardsNotSent, type WaitingCard } from './deletion/waiting-cards';
import { sendZip } from './data-controller';
import { shopProvider } from './provider-sign-in/providers';

// /account/export/ and /account/delete/ (issue 42 items 4 and 5). Both ask for the current password
// (fresh-credential.ts); a wrong one, or a day's exports used up, re-renders the form with the error.

type Errors = Record<string, string[]>;

/** Whether the page asks for the password, or else which provider to sign in with again (fresh-credential.ts). */
async function credentialAsked({ strapi, user }: PrivateContext) {
  const row = await query(strapi, UID.user).findOne({ where: { id: user.id }, select: ['id', 'password', 'provider'] });
  if (row?.password) return { needsPassword: true, freshProvider: null };
  return { needsPassword: false, freshProvider: await shopProvider(strapi, String(row?.provider ?? '')) };
}

/** An ApiError of a form (400, 429) as the view's errors, in the page's language; anything else is thrown on. */
function formErrors(web: PrivateContext, error: unknown): { errors: Errors; status: number } {
  if (!(error instanceof ApiError) || ![400, 429].includes(error.status)) throw error;
  const body = localizeErrorBody(error.body, web.ctx.state.gcLocale) as Record<string, unknown>;
  const errors: Errors = {};
  for (const [field, value] of Object.entries(body))
    errors[field === 'detail' ? 'non_field_errors' : field] = (Array.isArray(value) ? value : [value]).map(String);
  return { errors, status: error.status };
}

async function exportPage(web: PrivateContext, errors: Errors | null = null, status = 200) {
  renderPage(
    web.ctx,
    'account-export',
    {
      title: web.t('shop.accountData.exportTitle'),
      limit: getConfig(web.strapi).accountExportsPerDay,
      ...(await credentialAsked(web)),
      errors,
    },
    status,
  );
}

async function deletePage(web: PrivateContext, errors: Errors | null = null, status = 200) {
  const methods: Record<string, string> = {
    ecard: web.t('shop.accountData.method.ecard'),
    post: web.t('shop.accountData.method.post'),
    print: web.t('shop.accountData.method.print'),
  };
  const label = (c: WaitingCard) => ({ ...c, method_label: methods[c.delivery_method] ?? c.delivery_method });
  const cards = await cardsNotSent(web.strapi, web.user.id);
  const waiting = cards.waiting.map(label);
  const inProduction = cards.inProduction.map(label);
  renderPage(
    web.ctx,
    'account-delete',
    {
      title: web.t('shop.accountData.deleteTitle'),
      years: getConfig(web.strapi).accountingRetentionYears,
      ...(await credentialAsked(web)),
      waiting,
      inProduction,
      errors,
    },
    status,
  );
}

export const dataPageRoutes = [
  privateRoute('GET', '/account/export/', (web) => exportPage(web)),
  privateRoute('POST', '/account/export/', async (web) => {
    try {
      await requireFreshCredential(web.strapi, web.ctx, web.user.id);
      sendZip(web.ctx, await exportAccount(web.strapi, web.user.id));
    } catch (error) {
      const { errors, status } = formErrors(web, error);
      await exportPage(web, errors, status);
    }
  }),

  privateRoute('GET', '/account/delete/', (web) => deletePage(web)),
  privateRoute('POST', '/account/delete/', async (web) => {
    const body = web.ctx.request.body && typeof web.ctx.request.body === 'object' ? web.ctx.request.body : {};
    try {
      await requireFreshCredential(web.strapi, web.ctx, web.user.id);
    } catch (error) {
      const { errors, status } = formErrors(web, error);
      return deletePage(web, errors, status);
    }
    if (body.confirm !== 'yes') return deletePage(web, { confirm: [web.t('shop.accountData.confirmRequired')] }, 400);
    await deleteAccount(web.strapi, web.user.id, 'shopper');
    clearSessionCookie(web.ctx);
    // The page after is a signed-out one: no account menu for an account that is gone.
    web.ctx.state.gcUser = null;
    renderPage(web.ctx, 'account-deleted', { title: web.t('shop.accountData.deletedTitle') });
  }),
];
