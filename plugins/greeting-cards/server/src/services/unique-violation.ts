/** True when a database error is a unique-index violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: any = error, depth = 0; e && depth < 4; e = e.cause ?? e.originalError, depth++) {
    if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
    if (typeof e.message === 'string' && /UNIQUE constraint failed|duplicate key value violates unique constraint/i.test(e.message)) return true;
  }
  return false;
}
