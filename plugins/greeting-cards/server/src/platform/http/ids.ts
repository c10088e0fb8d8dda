import { notFound } from '../errors';

// Largest id a PostgreSQL integer column holds: anything bigger could only fail in the database.
const MAX_ID = 2_147_483_647;

/** A numeric id from a path segment; anything that cannot be an id is simply "not found". */
export function parseId(raw: unknown): number {
  const text = String(raw ?? '');
  if (!/^\d{1,10}$/.test(text)) throw notFound();
  const id = Number(text);
  if (id < 1 || id > MAX_ID) throw notFound();
  return id;
}
