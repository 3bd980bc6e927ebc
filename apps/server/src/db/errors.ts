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

/**
 * How PostgreSQL says it cannot serve just now: too_many_connections, admin_shutdown,
 * crash_shutdown, cannot_connect_now, connection exceptions.
 */
const UNAVAILABLE_STATES = new Set([
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** A socket's own failures: the database's only when a query met them (Drizzle's error wraps it). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
/** node-postgres's words for a lost or refused connection. */
const POOL_WORDS =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `error` says the database cannot be reached just now (a restart, a failover, the
 * network), bare or wrapped by Drizzle (its error keeps the driver's as `cause`): the request may
 * be tried again (issue 34 #3), unlike a refusal of the query itself. A socket error counts only
 * when a query met it, so a payment provider out of reach is not taken for the database.
 */
export function databaseUnreachable(error: unknown): boolean {
  type Link = { code?: unknown; message?: unknown; cause?: unknown; query?: unknown };
  let current = error as Link | undefined;
  let query = false;
  for (let depth = 0; current && depth < 4; depth += 1) {
    query ||= typeof current.query === 'string';
    const code = typeof current.code === 'string' ? current.code : '';
    if (UNAVAILABLE_STATES.has(code)) return true;
    if (query && SOCKET_CODES.has(code)) return true;
    if (typeof current.message === 'string' && POOL_WORDS.test(current.message)) return true;
    current = current.cause as Link | undefined;
  }
  return false;
}

/** PostgreSQL's disk_full (53100), and the system's "no space left" and "disk quota exceeded". */
const NO_ROOM_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);

/**
 * True when a write failed for want of room on the disk (issue 34 #5): the database's (PostgreSQL
 * or PGlite refusing to grow a table) or a file's, bare or as a wrapped error's `cause`. Nothing
 * was written; the same write may succeed once space is freed.
 */
export function diskFull(error: unknown): boolean {
  type Link = { code?: unknown; cause?: unknown };
  let current = error as Link | undefined;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (typeof current.code === 'string' && NO_ROOM_CODES.has(current.code)) return true;
    current = current.cause as Link | undefined;
  }
  return false;
}
