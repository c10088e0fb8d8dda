import http from 'http';
import crypto from 'crypto';
import type { AddressInfo } from 'net';
import type { Core } from '@strapi/strapi';

// A small OAuth 2 provider on 127.0.0.1 for the "Continue with …" tests (issue 42 item 6): an
// authorize endpoint that approves at once as `identity` (a real provider would ask the person first)
// and redirects back with a code and the caller's state, a token endpoint that swaps a code once for an
// access token (checking the client's id, secret and redirect_uri), and a userinfo endpoint.
// `installFakeProvider` makes users-permissions know it as a provider: an entry in its providers
// registry (the profile code, as its built-in providers have) and in its `grant` store (the endpoints,
// keys and the page to land on), as a host adding a custom provider would.

export interface FakeIdentity {
  email: string;
  email_verified: boolean;
  preferred_username?: string;
}

export interface FakeOAuth {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorizations sign in as. */
  identity: FakeIdentity;
  /** Authorize requests seen (their query), in order. */
  authorizations: Array<Record<string, string>>;
  /** Codes swapped at the token endpoint, and token requests refused. */
  tokenExchanges: number;
  refusedTokenRequests: number;
  close(): Promise<void>;
}

export async function startFakeOAuth(): Promise<FakeOAuth> {
  const codes = new Map<string, { identity: FakeIdentity; redirectUri: string }>();
  const tokens = new Map<string, FakeIdentity>();
  const fake: Omit<FakeOAuth, 'url' | 'close'> = {
    clientId: 'shop-client',
    clientSecret: crypto.randomBytes(12).toString('hex'),
    identity: { email: 'someone@example.test', email_verified: true },
    authorizations: [],
    tokenExchanges: 0,
    refusedTokenRequests: 0,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = Object.fromEntries(url.searchParams);
      fake.authorizations.push(q);
      if (q.client_id !== fake.clientId || q.response_type !== 'code' || !q.redirect_uri) {
        return json(400, { error: 'invalid_request' });
      }
      const code = crypto.randomBytes(16).toString('hex');
      codes.set(code, { identity: { ...fake.identity }, redirectUri: q.redirect_uri });
      const back = new URL(q.redirect_uri);
      back.searchParams.set('code', code);
      if (q.state) back.searchParams.set('state', q.state);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (
          !grant ||
          form.get('grant_type') !== 'authorization_code' ||
          form.get('client_id') !== fake.clientId ||
          form.get('client_secret') !== fake.clientSecret ||
          form.get('redirect_uri') !== grant.redirectUri
        ) {
          fake.refusedTokenRequests += 1;
          return json(400, { error: 'invalid_grant' });
        }
        fake.tokenExchanges += 1;
        const token = crypto.randomBytes(16).toString('hex');
        tokens.set(token, grant.identity);
        json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      });
      return undefined;
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const identity = tokens.get(token);
      if (!identity) return json(401, { error: 'invalid_token' });
      return json(200, identity);
    }
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeOAuth;
}

/**
 * Makes users-permissions know the fake as provider `name`, enabled, landing on `callback` (the
 * shop's /connect/<name>/ page unless a test says otherwise). Its profile code refuses an unverified
 * address, as users-permissions' built-in providers do.
 */
export async function installFakeProvider(
  strapi: Core.Strapi,
  fake: FakeOAuth,
  name: string,
  callback: string,
): Promise<void> {
  strapi
    .plugin('users-permissions')
    .service('providers-registry')
    .add(name, {
      enabled: true,
      icon: '',
      grantConfig: {},
      async authCallback({ accessToken }: { accessToken: string }) {
        const res = await fetch(`${fake.url}/userinfo`, { headers: { Authorization: `Bearer ${accessToken}` } });
        if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
        const body = (await res.json()) as FakeIdentity;
        if (body.email_verified !== true) throw new Error('Email not verified by the provider');
        return { username: body.preferred_username ?? body.email.split('@')[0], email: body.email };
      },
    });
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const grant = ((await store.get({ key: 'grant' })) as Record<string, unknown>) ?? {};
  await store.set({
    key: 'grant',
    value: {
      ...grant,
      [name]: {
        enabled: true,
        icon: '',
        key: fake.clientId,
        secret: fake.clientSecret,
        callback,
        oauth: 2,
        authorize_url: `${fake.url}/authorize`,
        access_url: `${fake.url}/token`,
        scope: ['openid', 'email'],
      },
    },
  });
}
