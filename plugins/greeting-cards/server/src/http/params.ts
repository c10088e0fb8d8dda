import { ApiError, notFound } from './errors';
import type { Ctx } from './respond';

/** A numeric id from the path; anything else cannot name an object, so it is 404 like a missing one. */
export function idParam(ctx: Ctx, name = 'id'): number {
  const raw = String(ctx.params?.[name] ?? '');
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** The JSON body as an object; a list, a string or nothing at all is a 400, not a crash. */
export function objectBody(ctx: Ctx): Record<string, unknown> {
  const body = ctx.request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError('validation', { non_field_errors: ['Invalid data. Expected a JSON object.'] });
  }
  return body as Record<string, unknown>;
}
