type DriverError = { code?: string; constraint?: string };

/**
 * The driver's error if `error` is PostgreSQL's error `code` (an SQLSTATE), as node-postgres or
 * PGlite raise it, bare or wrapped by Drizzle (whose error keeps the driver's as its `cause`).
 */
function raisedAs(error: unknown, code: string): DriverError | undefined {
  const e = error as (DriverError & { cause?: DriverError }) | null | undefined;
  return e?.code === code ? e : e?.cause?.code === code ? e.cause : undefined;
}

/** True for PostgreSQL's unique violation (23505). */
export function uniqueViolation(error: unknown): boolean {
  return raisedAs(error, '23505') !== undefined;
}

/** True for PostgreSQL's check violation (23514) of the constraint named `constraint`. */
export function checkViolation(error: unknown, constraint: string): boolean {
  return raisedAs(error, '23514')?.constraint === constraint;
}
