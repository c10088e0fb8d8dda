// Spec routes live at /api/<path> (prefix '' on each route: a router-level prefix is ignored).
// Auth is done by our own `requireUser` so anonymous callers get the spec's 401 body, not Strapi's 403.
// A path declared without a trailing slash matches both `/x` and `/x/`.
// A path that carries a secret (a link's token) declares it by the parameter's name, `:token`, `:secret`
// or `:signed_file` (platform/http/secret-urls.ts SECRET_PARAMS): the access log masks those, nothing else.
export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  handler: string;
  config: { auth: false; prefix: ''; policies: unknown[]; middlewares: unknown[] };
}

// Every spec route checks the CSRF token of cookie-authenticated writes (platform/web/csrf.ts) on the route the
// router picked (so /API/cards/ is checked like /api/cards/), then refuses NUL characters up front
// (see platform/http/nul-bytes.ts).
export function route(method: RouteDef['method'], path: string, handler: string): RouteDef {
  return {
    method,
    path,
    handler,
    config: {
      auth: false,
      prefix: '',
      policies: [],
      middlewares: ['plugin::greeting-cards.csrf', 'plugin::greeting-cards.nul-bytes'],
    },
  };
}
