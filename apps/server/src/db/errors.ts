/**
 * True for PostgreSQL's unique violation (23505), as node-postgres or PGlite raise it, bare or
 * wrapped by Drizzle (whose error keeps the driver's as its `cause`).
 */
export function uniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** True for PostgreSQL's check violation (23514) of the constraint named `constraint`. */
export function checkViolation(error: unknown, constraint: string): boolean {
  const e = error as
    | { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
    | null
    | undefined;
  const raised = e?.code === '23514' ? e : e?.cause?.code === '23514' ? e.cause : undefined;
  return raised?.constraint === constraint;
}
