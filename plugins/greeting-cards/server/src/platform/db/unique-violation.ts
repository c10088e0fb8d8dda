/**
 * True when a database error is a unique-index violation: PostgreSQL 23505, SQLite's UNIQUE and
 * PRIMARY KEY constraints. Knex and Strapi wrap driver errors, so the cause chain is searched too.
 */
export function isUniqueViolation(error: unknown): boolean {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown; originalError?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
      return true;
    if (
      typeof e.message === 'string' &&
      /UNIQUE constraint failed|duplicate key value violates unique constraint/i.test(e.message)
    )
      return true;
    e = (e.cause ?? e.originalError) as typeof e;
  }
  return false;
}
