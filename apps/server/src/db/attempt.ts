// The attempt a request makes under an Idempotency-Key (http/idempotency.ts claims the key), as
// the database's writes see it: whatever commits the attempt's work marks its key WORK_DONE in the
// same transaction, so that a retry is never done twice — even when the database goes away
// between the commit and the keeping of the reply, or the process dies there (issue 34 #3).
// Transactions are marked for every caller (markCommittedWork); a write of a single statement
// adds `attemptDone` as one of its CTEs with `attemptParams()` among its values.
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { idempotencyKeys } from './idempotency.table.ts';

/** A key held by the call running: its caller, the key and the lock that makes it this call's. */
export type Attempt = { userId: string; key: string; lockedUntil: Date };

/**
 * `status` of a key whose call's work has committed but whose reply is not kept (yet): a retry is
 * told the work was done instead of doing it again.
 */
export const WORK_DONE = 0;

const running = new AsyncLocalStorage<Attempt>();

/** Runs `work` (the route's handler) as the attempt's. */
export function runAttempt(attempt: Attempt, work: () => void): void {
  running.run(attempt, work);
}

/** The key still held by this attempt, and still running: nobody has settled or taken it over. */
function stillRunning(attempt: { userId: unknown; key: unknown; lockedUntil: unknown }) {
  return and(
    sql`${idempotencyKeys.userId} = ${attempt.userId}`,
    sql`${idempotencyKeys.key} = ${attempt.key}`,
    sql`${idempotencyKeys.lockedUntil} = ${attempt.lockedUntil}`,
    isNull(idempotencyKeys.status),
  );
}

const marked = new WeakSet<Db>();

/**
 * Makes every transaction of `db` that commits during an attempt mark its key WORK_DONE, in one
 * UPDATE just before the commit (nothing outside an attempt). Once per database, however many
 * apps share it.
 */
export function markCommittedWork(db: Db): void {
  if (marked.has(db)) return;
  marked.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const result = await work(tx);
      const attempt = running.getStore();
      if (attempt)
        await tx
          .update(idempotencyKeys)
          .set({ status: WORK_DONE })
          .where(stillRunning({ ...attempt, lockedUntil: attempt.lockedUntil.toISOString() }));
      return result;
    }, config)) as Db['transaction'];
}

/**
 * A CTE for a prepared statement that writes an attempt's work on its own: it marks the attempt's
 * key WORK_DONE when the statement commits (nothing without an attempt: its values are null).
 */
export function attemptDone(db: Db) {
  return db.$with('attempt_done').as(
    db
      .update(idempotencyKeys)
      .set({ status: WORK_DONE })
      .where(
        stillRunning({
          userId: sql`${sql.placeholder('attemptUser')}::uuid`,
          key: sql.placeholder('attemptKey'),
          lockedUntil: sql`${sql.placeholder('attemptLockedUntil')}::timestamptz`,
        }),
      )
      .returning({ key: idempotencyKeys.key }),
  );
}

/** The values of `attemptDone`'s placeholders for the attempt running (nulls outside one). */
export function attemptParams() {
  const attempt = running.getStore();
  return {
    attemptUser: attempt?.userId ?? null,
    attemptKey: attempt?.key ?? null,
    attemptLockedUntil: attempt?.lockedUntil.toISOString() ?? null,
  };
}
