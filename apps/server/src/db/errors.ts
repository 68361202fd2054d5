/** Engine error codes, recognised here so that no module needs to know them. */

/** A unique constraint refused the write (SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * The disk (or the database's storage) is full: SQLite SQLITE_FULL, a file write's ENOSPC or EDQUOT (a
 * quota), PostgreSQL 53100 disk_full. Looks through `cause` chains, since some layers wrap the error.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; depth < 5; depth++) {
    if (typeof current !== 'object' || current === null) return false;
    const code = (current as { code?: unknown }).code;
    if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A foreign key refused the write: the row it names is gone (SQLite SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
