// Same-origin JSON calls to the service's /api/ routes. The session cookie authenticates them; the
// CSRF token printed in the page's <head> goes with every call that changes something.

import { t } from './i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(ApiError.describe(status, body));
  }

  /** A readable message from the spec's error shapes ({"detail"} or {"field": ["message"]}). */
  static describe(status: number, body: unknown): string {
    if (body && typeof body === 'object') {
      const record = body as Record<string, unknown>;
      if (typeof record.detail === 'string') return record.detail;
      const parts = Object.entries(record).map(
        ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`,
      );
      if (parts.length) return parts.join('; ');
    }
    return t('editor.error.server', { status });
  }
}

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

// The host may mount the API and the shop elsewhere (SERVICE_API_PREFIX, SERVICE_STOREFRONT_BASE_PATH):
// the layout prints both, and every path the editor builds goes through these two.
/** An API path of the spec (`/cards/1/`) as mounted (`/api/cards/1/`). */
export const apiUrl = (path: string): string => `${meta('gc-api-prefix') || '/api'}${path}`;
/** A storefront path (`/cart/`) under the shop's base path (`/shop/cart/`). */
export const shopUrl = (path: string): string => `${meta('gc-base-path')}${path}`;

export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { detail: text.slice(0, 200) };
  }
  if (!res.ok) throw new ApiError(res.status, parsed);
  return parsed as T;
}
