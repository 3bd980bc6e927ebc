/**
 * True for PostgreSQL's unique violation (23505), as node-postgres or PGlite raise it, bare or
 * wrapped by Drizzle (whose error keeps the driver's as its `cause`).
 */
export function uniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
