import { z } from 'zod';
import { fieldError, fieldErrors, msg } from '../errors';
import { zodMessage } from '../i18n/format-message';
import { zodToFieldErrors } from './respond';

/** Parses a JSON request body with a zod object schema; errors come back in the spec's field shape. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null) body = {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw fieldError('non_field_errors', msg('error.not_dictionary'));
  const result = schema.safeParse(body);
  if (!result.success) throw fieldErrors(zodToFieldErrors(result.error));
  return result.data;
}

/** A string field with the spec's messages (missing: "This field is required."). */
export const text = (max: number) =>
  z
    .string({ error: (issue) => zodMessage(issue.input === undefined ? 'error.required' : 'error.not_string') })
    .max(max, zodMessage('error.max_length', { max }));

export const boolean = () =>
  z.boolean({ error: (issue) => zodMessage(issue.input === undefined ? 'error.required' : 'error.not_boolean') });

/** A single query-string value: repeated parameters (?a=1&a=2) and nested ones count as invalid. */
export function queryValue(query: Record<string, unknown>, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  return typeof raw === 'string' ? raw : JSON.stringify(raw);
}

/** Checks an optional choice filter from the query string; unknown values are a 400 on that field. */
export function choiceFilter<T extends string>(
  query: Record<string, unknown>,
  name: string,
  choices: readonly T[],
): T | undefined {
  const value = queryValue(query, name);
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) throw fieldError(name, msg('error.invalid_choice', { value }));
  return value as T;
}
