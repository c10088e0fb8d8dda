import * as React from 'react';
import { attemptTokenRefresh, useAuth } from '@strapi/strapi/admin';

// The plugin's admin routes answer errors in the spec's shape ({"detail"} or {"field": ["message"]}).
// Strapi's fetch client turns those into a bare "Unknown Server Error" and cannot return a POST's image,
// so this small client calls fetch itself with the admin's token, keeps the server's message for the
// person at the screen, and on a 401 lets Strapi refresh the token once before giving up.

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string[]> = {},
    /** Set when the words are this client's own (no message from the server): the page translates them. */
    readonly fallback?: 'forbidden' | 'not-found' | 'status' | 'unreachable',
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

function messageOf(status: number, body: unknown): AdminApiError {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === 'string') return new AdminApiError(record.detail, status);
    const strapiError = record.error as { message?: unknown } | undefined;
    if (strapiError && typeof strapiError.message === 'string') return new AdminApiError(strapiError.message, status);
    const fields: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(record)) {
      if (Array.isArray(value)) fields[key] = value.map(String);
    }
    const first = Object.entries(fields)[0];
    if (first) return new AdminApiError(`${first[0]}: ${first[1].join(' ')}`, status, fields);
  }
  if (status === 403) return new AdminApiError('Your role does not allow this.', status, {}, 'forbidden');
  if (status === 404) return new AdminApiError('Not found.', status, {}, 'not-found');
  return new AdminApiError(`The server answered ${status}.`, status, {}, 'status');
}

function parse(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text.slice(0, 200) };
  }
}

export type Query = Record<string, string | number | undefined>;

function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const API_BASE = '/greeting-cards/admin';

export interface AdminApi {
  getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T>;
  postJson<T>(path: string, body?: unknown): Promise<T>;
  putJson<T>(path: string, body: unknown): Promise<T>;
  /** A multipart POST (file uploads); the browser sets the content type with its boundary. */
  postForm<T>(path: string, form: FormData): Promise<T>;
  postForBlob(path: string, body: unknown): Promise<Blob>;
}

function backendUrl(): string {
  const strapiGlobal = (window as unknown as { strapi?: { backendURL?: string } }).strapi;
  return strapiGlobal?.backendURL ?? '';
}

export function useAdminApi(): AdminApi {
  const token = useAuth('GreetingCards', (state) => state.token);
  return React.useMemo<AdminApi>(() => {
    async function send(
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      payload?: unknown,
      signal?: AbortSignal,
    ): Promise<Response> {
      const call = (bearer: string | null) =>
        fetch(backendUrl() + API_BASE + path, {
          method,
          signal,
          credentials: 'include',
          headers: {
            Accept: 'application/json, image/png',
            ...(payload === undefined || payload instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
            ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
          },
          body: payload === undefined || payload instanceof FormData ? payload : JSON.stringify(payload),
        });
      const first = await call(token);
      if (first.status !== 401) return first;
      const renewed = await attemptTokenRefresh(token).catch(() => null);
      return renewed ? call(renewed) : first;
    }
    async function json<T>(response: Response): Promise<T> {
      const body = parse(await response.text());
      if (!response.ok) throw messageOf(response.status, body);
      return body as T;
    }
    return {
      async getJson<T>(path: string, query?: Query, signal?: AbortSignal) {
        return json<T>(await send('GET', withQuery(path, query), undefined, signal));
      },
      async postJson<T>(path: string, payload: unknown = {}) {
        return json<T>(await send('POST', path, payload));
      },
      async putJson<T>(path: string, payload: unknown) {
        return json<T>(await send('PUT', path, payload));
      },
      async postForm<T>(path: string, form: FormData) {
        return json<T>(await send('POST', path, form));
      },
      async postForBlob(path: string, payload: unknown) {
        const response = await send('POST', path, payload);
        if (!response.ok) throw messageOf(response.status, parse(await response.text()));
        return response.blob();
      },
    };
  }, [token]);
}
