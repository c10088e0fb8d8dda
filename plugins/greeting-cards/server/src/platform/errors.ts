// One error type with a code, mapped to HTTP in one place (respond.ts). Services throw these for
// expected business failures; anything else is a bug and becomes a logged 500. Their messages are
// codes with values (msg('error.max_length', { max: 500 })), written in the request's language where
// the response is (platform/http/respond.ts); a plain text (not ours) is sent as it is.
import { englishText, msg, type Text } from './i18n/format-message';

export { msg, type Text } from './i18n/format-message';

export type FieldErrors = Record<string, Text[]>;

export type ErrorCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'bad_request'
  | 'too_large'
  | 'too_many'
  | 'unavailable'
  | 'gone';

const STATUS: Record<ErrorCode, number> = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
  gone: 410,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly body: FieldErrors | { detail: Text },
    /** Seconds for the Retry-After header of a 429 (a daily limit: until the shop's midnight). */
    readonly retryAfter?: number,
  ) {
    super(
      'detail' in body && !Array.isArray(body.detail) ? englishText(body.detail) : `${code}: ${JSON.stringify(body)}`,
    );
    this.name = 'ApiError';
    this.status = STATUS[code];
  }
}

export const REQUIRED = msg('error.required');
export const NOT_FOUND = msg('error.not_found');
export const NO_CREDENTIALS = msg('error.no_credentials');

export const notFound = (detail: Text = NOT_FOUND) => new ApiError('not_found', { detail });
export const unauthorized = (detail: Text = NO_CREDENTIALS) => new ApiError('unauthorized', { detail });
export const forbidden = (detail: Text) => new ApiError('forbidden', { detail });
export const conflict = (detail: Text) => new ApiError('conflict', { detail });
export const badRequest = (detail: Text) => new ApiError('bad_request', { detail });
export const tooLarge = (detail: Text) => new ApiError('too_large', { detail });
export const gone = (detail: Text) => new ApiError('gone', { detail });
export const overLimit = (detail: Text, retryAfter: number) => new ApiError('too_many', { detail }, retryAfter);
export const unavailable = (detail: Text) => new ApiError('unavailable', { detail });
export const fieldError = (field: string, message: Text) => new ApiError('validation', { [field]: [message] });
export const fieldErrors = (errors: FieldErrors) => new ApiError('validation', errors);

/** Collects field errors while validating several fields, then throws them all at once. */
export class FieldErrorCollector {
  private readonly errors: FieldErrors = {};
  add(field: string, message: Text): void {
    (this.errors[field] ??= []).push(message);
  }
  has(field?: string): boolean {
    return field ? field in this.errors : Object.keys(this.errors).length > 0;
  }
  throwIfAny(): void {
    if (this.has()) throw fieldErrors(this.errors);
  }
}
