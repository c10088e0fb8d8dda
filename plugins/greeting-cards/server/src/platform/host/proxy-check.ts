import type { HostCheck } from './types';

// The session cookie is Secure when Koa says the request is (ctx.secure). Behind a proxy that ends
// TLS, Koa sees plain http unless the app trusts the proxy's X-Forwarded-Proto, and the cookie then
// goes out without Secure on an https shop. Strapi 5 takes that trust from `proxy: { koa: true }` in
// config/server; Strapi 4's `proxy: true` is silently ignored.

export interface ProxyFacts {
  publicUrl: string;
  /** Koa's app.proxy, as Strapi set it from config/server. */
  trustsProxy: boolean;
  /** config/server's `proxy` as written, to recognise the Strapi 4 form. */
  proxySetting: unknown;
}

const HOW = 'set `proxy: { koa: true }` in config/server.ts (this app: TRUST_PROXY=true)';

export function proxyCheck({ publicUrl, trustsProxy, proxySetting }: ProxyFacts): HostCheck {
  if (trustsProxy)
    return { ok: true, detail: 'Strapi trusts its proxy: X-Forwarded-Proto and X-Forwarded-For are read.' };
  if (proxySetting === true) {
    return {
      ok: false,
      detail: `config/server has \`proxy: true\`, which Strapi 5 does not read: the proxy is not trusted. Instead ${HOW}.`,
    };
  }
  if (!/^https:/i.test(publicUrl))
    return { ok: true, detail: 'The public URL is not https: no proxy trust is needed for secure cookies.' };
  return {
    ok: false,
    detail: `SERVICE_PUBLIC_URL is https but Strapi does not trust a proxy: if TLS ends at a proxy or load balancer, sign-in cookies go out without Secure and rate limits see the proxy's address. If so, ${HOW}.`,
  };
}
