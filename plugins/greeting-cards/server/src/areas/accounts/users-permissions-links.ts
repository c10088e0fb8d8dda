import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { getConfig } from '../../platform/config/get-config';
import { publicShopUrl } from '../../platform/mount/mount-points';
import type { Ctx } from '../../platform/http/respond';
import { watchIssuedResetCodes } from './password-reset/issued-codes';
import { codeState } from './password-reset/password-reset';
import { pointProvidersAtShop } from './provider-sign-in/providers';

// users-permissions' own API flows, pointed at the shop:
// - its reset e-mail (POST /api/auth/forgot-password) links to `email_reset_password`, and its
//   confirmation link (GET /api/auth/email-confirmation) redirects to `email_confirmation_redirection`.
//   When the host left either empty, boot sets it to the shop's page (/reset-password/, /login/): a
//   host's own value is never replaced; the same for each sign-in provider's `callback`
//   (provider-sign-in/providers.ts);
// - its POST /api/auth/reset-password refuses a code older than an hour, as the shop's page does
//   (password-reset/issued-codes.ts notes when its own codes were made).

type Row = Record<string, unknown>;
const empty = (value: unknown) => typeof value !== 'string' || value.trim() === '';

const FIELDS = {
  email_reset_password: '/reset-password/',
  email_confirmation_redirection: '/login/?confirmed=1',
} as const;

/**
 * In bootstrap. A value the shop set itself (noted in the plugin's store) follows a changed public
 * URL or base path; a value the host typed stays.
 */
export async function linkUsersPermissionsToShop(strapi: Core.Strapi): Promise<void> {
  watchIssuedResetCodes(strapi);
  await pointProvidersAtShop(strapi);
  if (!getConfig(strapi).storefrontEnabled || !getConfig(strapi).publicUrl) return;
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const own = strapi.store({ type: 'plugin', name: 'greeting-cards' });
  const advanced = ((await store.get({ key: 'advanced' })) as Row | null) ?? null;
  if (!advanced) return;
  const setBefore = ((await own.get({ key: 'users-permissions-links' })) as Row | null) ?? {};
  const changes: Row = {};
  for (const [field, path] of Object.entries(FIELDS)) {
    const current = advanced[field];
    const wanted = publicShopUrl(strapi, path);
    if ((empty(current) || current === setBefore[field]) && current !== wanted) changes[field] = wanted;
  }
  if (!Object.keys(changes).length) return;
  await store.set({ key: 'advanced', value: { ...advanced, ...changes } });
  await own.set({ key: 'users-permissions-links', value: { ...setBefore, ...changes } });
}

const OURS = Symbol.for('greeting-cards.reset-code-expiry');

interface RouteInput {
  method: string;
  path: string;
  config?: { middlewares?: unknown[] };
}

/** In register: POST /api/auth/reset-password checks the code's age first. */
export function expireUsersPermissionsResetCodes(strapi: Core.Strapi): void {
  const plugin = strapi.plugin('users-permissions') as unknown as
    { routes?: Record<string, { routes?: RouteInput[] }> } | undefined;
  const route = plugin?.routes?.['content-api']?.routes?.find(
    (r) => r.method === 'POST' && r.path === '/auth/reset-password',
  );
  if (!route) return;
  const middleware = Object.assign(
    async (ctx: Ctx, next: () => Promise<unknown>) => {
      const code = (ctx.request.body as Row | undefined)?.code;
      if (typeof code === 'string' && code && (await codeState(strapi, code)).state === 'expired')
        throw new errors.ValidationError('This reset code has expired. Ask for a new one.');
      return next();
    },
    { [OURS]: true },
  );
  const others = (route.config?.middlewares ?? []).filter((m) => !(typeof m === 'function' && OURS in m));
  route.config = { ...route.config, middlewares: [...others, middleware] };
}
