// Waiting for the change notifications an instance hears (db/changes.ts), without timers.
import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL } from '../src/db/changes.ts';
import type { Database } from '../src/db/client.ts';

/**
 * Starts listening to `database`'s feed; the function it returns resolves once a notification about
 * `table` has arrived since (`null`: the feed's "anything may have changed").
 */
export async function nextChange(
  database: Database,
  table: string | null,
): Promise<() => Promise<void>> {
  let heard: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = await database.changes.subscribe((payload) => {
    if (payload === table) heard();
  });
  return async () => {
    await arrived;
    stop();
  };
}

/**
 * Returns once `database`'s feed has heard every change notified so far. On PostgreSQL a
 * notification (of this instance's own writes too) arrives a moment after the write, in commit
 * order: hearing a marker sent now means every earlier one has been handled.
 */
export async function caughtUp(database: Database): Promise<void> {
  const marker = `marker ${Math.random()}`;
  const heard = await nextChange(database, marker);
  await database.db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${marker})`);
  await heard();
}
