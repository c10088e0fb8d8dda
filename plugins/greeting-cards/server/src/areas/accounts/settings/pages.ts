import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../platform/http/respond';
import { ApiError } from '../../../platform/errors';
import { getService } from '../../../platform/get-service';
import { authAttempt } from '../../../platform/http/auth-rate-limit';
import { formBody, formErrors } from '../../../platform/web/form-input';
import { renderPage } from '../../../platform/web/render';
import { setSessionCookie } from '../../../platform/web/session';
import { rememberLocale } from '../../../platform/web/locale';
import { isLocale, LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '../../../platform/i18n/locales';
import {
  privateRoute,
  publicRoute,
  redirect,
  shopUrl,
  type PrivateContext,
  type WebContext,
  type WebRouteDef,
} from '../../../platform/web/web-route';
import { accountView } from './account-view';
import { changeAttemptKey } from './controller';
import { CONSENT_TOPICS, CONSENT_WORDING } from './preferences';
import { updateAccount, type AccountInput } from './update-account';

// /account/: four small forms (name and language, e-mail address, password, e-mail choices), each
// posting to its own URL and calling the same use case as PATCH /api/me/account/. Success redirects
// back with a note (?done=...); a refusal re-renders the page with the form's errors.

type Form = 'profile' | 'email' | 'password' | 'prefs';
const DONE_TOASTS: Record<Form, string> = {
  profile: 'shop.accountPage.saved',
  email: 'shop.accountPage.emailSent',
  password: 'shop.accountPage.passwordChanged',
  prefs: 'shop.accountPage.prefsSaved',
};

async function showAccount(
  web: PrivateContext,
  extra: { form?: Form; errors?: Record<string, string[]>; values?: Record<string, unknown> } = {},
  status?: number,
) {
  const { ctx, strapi, user, t } = web;
  const locale = ctx.state.gcLocale as Locale;
  const account = await accountView(strapi, user, locale);
  const done = String(ctx.query.done ?? '') as Form;
  const toast =
    !extra.errors && done in DONE_TOASTS
      ? {
          kind: 'success' as const,
          text: t(DONE_TOASTS[done], { email: account.pending_email ?? '' }),
        }
      : null;
  renderPage(
    ctx,
    'account',
    {
      title: t('shop.accountPage.title'),
      account,
      languages: SUPPORTED_LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] })),
      topics: CONSENT_TOPICS.map((topic) => ({ topic, label: t(CONSENT_WORDING[topic]) })),
      form: extra.form ?? null,
      errors: extra.errors ?? null,
      values: extra.values ?? {},
      toast,
      noindex: true,
    },
    status,
  );
}

function inputOf(form: Form, body: Record<string, unknown>): AccountInput {
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : '');
  if (form === 'profile') return { display_name: text('display_name'), locale: text('locale') };
  if (form === 'email') return { email: text('email'), current_password: text('current_password') };
  if (form === 'password') return { current_password: text('current_password'), new_password: text('new_password') };
  // An unticked box is not sent: saving the form answers every kind of e-mail.
  return { preferences: Object.fromEntries(CONSENT_TOPICS.map((topic) => [topic, body[`pref_${topic}`] === 'on'])) };
}

function accountForm(form: Form): WebRouteDef {
  return privateRoute('POST', `/account/${form === 'prefs' ? 'preferences' : form}/`, async (web) => {
    const { ctx, strapi, user } = web;
    const body = formBody(ctx);
    const locale = ctx.state.gcLocale as Locale;
    try {
      const change = await updateAccount(strapi, user, inputOf(form, body), {
        locale,
        source: 'web',
        attempt: () => authAttempt(strapi, ctx, changeAttemptKey(user.id)),
      });
      if (change.jwt) setSessionCookie(ctx, change.jwt);
      if (form === 'profile' && isLocale(body.locale)) rememberLocale(strapi, ctx, body.locale);
      redirect(ctx, shopUrl(ctx, `/account/?done=${form}`));
    } catch (error) {
      const errors = formErrors(error, locale);
      if (!errors) throw error;
      if (error instanceof ApiError && error.retryAfter !== undefined) ctx.set('Retry-After', String(error.retryAfter));
      const values =
        form === 'profile' || form === 'email' ? { display_name: body.display_name, email: body.email } : {};
      await showAccount(web, { form, errors, values }, error instanceof ApiError ? error.status : 400);
    }
  });
}

async function linkPage(web: WebContext, outcome: 'ask' | 'changed' | 'invalid' | 'taken', email: string | null) {
  const { ctx, t } = web;
  if (outcome === 'ask')
    return renderPage(ctx, 'account-email-confirm', {
      title: t('shop.accountPage.confirmTitle'),
      email,
      action: ctx.path,
      noindex: true,
    });
  const texts = {
    changed: ['shop.accountPage.confirmedTitle', t('shop.accountPage.confirmedText', { email: email ?? '' }), 200],
    invalid: ['shop.accountPage.invalidTitle', t('shop.accountPage.invalidText'), 404],
    taken: ['shop.accountPage.invalidTitle', t('shop.accountPage.takenText'), 409],
  } as const;
  const [title, message, status] = texts[outcome];
  renderPage(ctx, 'error', { title: t(title), heading: t(title), message, noindex: true }, status);
}

const emailChanges = (strapi: Core.Strapi) => getService(strapi, 'emailChange');
const tokenOf = (ctx: Ctx) => String(ctx.params.token ?? '');

export const accountSettingsRoutes: WebRouteDef[] = [
  privateRoute('GET', '/account/', (web) => showAccount(web)),
  accountForm('profile'),
  accountForm('email'),
  accountForm('password'),
  accountForm('prefs'),
  // An e-mail link opens a page with a button: mail scanners that open links must not make the change.
  publicRoute('GET', '/account/email/:token/', async (web) => {
    const email = await emailChanges(web.strapi).peek(tokenOf(web.ctx));
    await linkPage(web, email ? 'ask' : 'invalid', email);
  }),
  publicRoute('POST', '/account/email/:token/', async (web) => {
    const outcome = await emailChanges(web.strapi).confirm(tokenOf(web.ctx), web.ctx.state.gcLocale as Locale);
    await linkPage(web, outcome.status, outcome.status === 'changed' ? outcome.email : null);
  }),
];
