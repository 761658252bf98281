/** PostgreSQL error codes the services turn into answers (same codes on PGlite and PostgreSQL). */
const UNIQUE_VIOLATION = '23505';
const UNDEFINED_TABLE = '42P01';

/** Whether a query failed on a unique index; `constraint` narrows it to one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: actual } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && (constraint === undefined || actual === constraint);
}

/**
 * Whether a query failed on a value PostgreSQL cannot take (class 22: a NUL byte in text, a number
 * out of range): the caller's input, so a 400 rather than a 500.
 */
export function isDataException(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && code.startsWith('22');
}

/** Whether a query named a table that does not exist (a month's partition not made, or dropped). */
export function isUndefinedTable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === UNDEFINED_TABLE;
}
