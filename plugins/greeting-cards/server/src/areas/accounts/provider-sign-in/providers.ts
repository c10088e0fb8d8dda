import type { Core } from '@strapi/strapi';
import { getConfig } from '../../../platform/config/get-config';
import { publicShopUrl } from '../../../platform/mount/mount-points';

// The sign-in providers the host turned on in users-permissions (Settings → Users & Permissions →
// Providers), as the shop's buttons. users-permissions keeps them in its `grant` store: `enabled`,
// `key`, `secret` and `callback`, the page its /api/connect/<provider>/callback redirects to once the
// provider has answered. The shop can only finish a sign-in whose `callback` is its own
// /connect/<provider>/ page: boot sets that when the host left it empty (as users-permissions-links.ts
// does for the reset page), and a provider pointed elsewhere (the host's own front end) gets no button.

type Row = Record<string, unknown>;

export interface ShopProvider {
  name: string;
  label: string;
}

const LABELS: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  facebook: 'Facebook',
  discord: 'Discord',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  vk: 'VK',
  twitch: 'Twitch',
  reddit: 'Reddit',
  auth0: 'Auth0',
  cognito: 'Amazon Cognito',
  cas: 'CAS',
  patreon: 'Patreon',
  keycloak: 'Keycloak',
};

export const providerLabel = (name: string): string => LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1);

/** Provider names are users-permissions' registry keys: letters, digits, `-` and `_`. */
export const PROVIDER_NAME = /^[a-z0-9][a-z0-9_-]{0,40}$/i;

const grantStore = (strapi: Core.Strapi) => strapi.store({ type: 'plugin', name: 'users-permissions' });

export async function grantConfig(strapi: Core.Strapi): Promise<Record<string, Row>> {
  return (((await grantStore(strapi).get({ key: 'grant' })) as Record<string, Row> | null) ?? {}) as Record<
    string,
    Row
  >;
}

/** The shop's page a provider's sign-in lands on (absolute, as users-permissions redirects there). */
export const shopCallbackUrl = (strapi: Core.Strapi, name: string): string =>
  publicShopUrl(strapi, `/connect/${name}/`);

function landsInShop(strapi: Core.Strapi, name: string, callback: unknown): boolean {
  if (typeof callback !== 'string') return false;
  try {
    const wanted = new URL(shopCallbackUrl(strapi, name));
    const given = new URL(callback);
    return given.origin === wanted.origin && given.pathname === wanted.pathname;
  } catch {
    return false;
  }
}

const known = (strapi: Core.Strapi, name: string): boolean =>
  Boolean(strapi.plugin('users-permissions').service('providers-registry').get(name));

/** The enabled providers that land in this shop, in the store's order ("email" is the password form). */
export async function shopProviders(strapi: Core.Strapi): Promise<ShopProvider[]> {
  if (!getConfig(strapi).publicUrl) return [];
  const grant = await grantConfig(strapi);
  return Object.entries(grant)
    .filter(([name, config]) => name !== 'email' && PROVIDER_NAME.test(name) && config?.enabled === true)
    .filter(([name, config]) => landsInShop(strapi, name, config.callback) && known(strapi, name))
    .map(([name]) => ({ name, label: providerLabel(name) }));
}

export async function shopProvider(strapi: Core.Strapi, name: string): Promise<ShopProvider | null> {
  return (await shopProviders(strapi)).find((p) => p.name === name) ?? null;
}

const empty = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * In bootstrap: every provider whose `callback` the host left empty (or the shop set before, for a
 * changed public URL or base path) gets the shop's /connect/<provider>/ page.
 */
export async function pointProvidersAtShop(strapi: Core.Strapi): Promise<void> {
  if (!getConfig(strapi).storefrontEnabled || !getConfig(strapi).publicUrl) return;
  const grant = (await grantStore(strapi).get({ key: 'grant' })) as Record<string, Row> | null;
  if (!grant) return;
  const own = strapi.store({ type: 'plugin', name: 'greeting-cards' });
  const setBefore = ((await own.get({ key: 'provider-callbacks' })) as Record<string, string> | null) ?? {};
  const changed: Record<string, string> = {};
  for (const [name, config] of Object.entries(grant)) {
    if (name === 'email' || !PROVIDER_NAME.test(name) || !config || typeof config !== 'object') continue;
    const wanted = shopCallbackUrl(strapi, name);
    const current = config.callback;
    if ((empty(current) || current === setBefore[name]) && current !== wanted) changed[name] = wanted;
  }
  if (!Object.keys(changed).length) return;
  const next = { ...grant };
  for (const [name, url] of Object.entries(changed)) next[name] = { ...grant[name], callback: url };
  await grantStore(strapi).set({ key: 'grant', value: next });
  await own.set({ key: 'provider-callbacks', value: { ...setBefore, ...changed } });
}
