// The one way our print-provider clients talk HTTP: plain fetch, JSON both ways, a timeout, and errors
// that say which provider and call failed without echoing the API key.

export class ProviderHttpError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer came (network error, timeout, dropped connection). */
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ProviderHttpError';
  }
}

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

export interface ProviderHttp {
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderAnswer>;
}

/** A client for one provider: `headers` carry its authentication on every call. */
export function providerHttp(
  provider: string,
  base: string,
  headers: Record<string, string>,
  timeoutMs = 30_000,
): ProviderHttp {
  return {
    async request(method, path, body) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // No answer: the provider may or may not have acted. Callers retry with the same idempotency key.
        throw new ProviderHttpError(`${provider} ${method} ${path}: no answer (${(error as Error).message})`, 0, null);
      }
      const text = await response.text().catch(() => '');
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text.slice(0, 500);
      }
      return { status: response.status, body: parsed };
    },
  };
}

/**
 * The body of a 2xx answer, read as the provider's documented shape `T` (every field optional: callers
 * check what they use); throws otherwise, with the provider's message when it gave one.
 */
export function expectOk<T>(provider: string, what: string, answer: ProviderAnswer): T | null {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T | null;
  const detail = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '').slice(0, 500);
  throw new ProviderHttpError(`${provider} ${what} answered ${answer.status}: ${detail}`, answer.status, answer.body);
}

/** "Ada Lovelace King" as Gelato's first and last name (everything after the first word is the last name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first ?? '', lastName: rest.join(' ') };
}
