import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextChange } from '../../test/changes.ts';
import { type FaultProxy, postgresFaultProxy } from '../../test/fault-proxy.ts';
import { openTestDatabase, testDatabaseKind } from '../../test/test-app.ts';
import { CHANGES_CHANNEL, postgresChangeFeed } from './changes.ts';

// The change feed on PostgreSQL: one LISTEN connection of its own, which comes back by itself
// when the server drops it, and then says that anything may have changed meanwhile.
describe.skipIf(testDatabaseKind !== 'postgres')('the PostgreSQL change feed', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('reports a committed change to a cached table, and nothing for a rolled-back one', async () => {
    const seen: (string | null)[] = [];
    const stop = await database.changes.subscribe((table) => seen.push(table));
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE parts SET name = name WHERE false`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const heard = await nextChange(database, 'parts');
    await database.db.execute(sql`UPDATE parts SET name = name WHERE false`);
    await heard();
    expect(seen).toEqual(['parts']);
    stop();
  });

  it('reconnects when its connection is dropped, and says anything may have changed', async () => {
    const reconnected = await nextChange(database, null);
    // node-postgres's result (this test runs on PostgreSQL only).
    const killed = (await database.db.execute(sql`
      SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
      WHERE datname = current_database() AND query = ${`LISTEN ${CHANGES_CHANNEL}`}`)) as unknown as {
      rows: { ended: boolean }[];
    };
    expect(killed.rows.map((row) => row.ended)).toEqual([true]);
    await reconnected();
    const heard = await nextChange(database, 'reviews');
    await database.db.execute(sql`UPDATE reviews SET comment = comment WHERE false`);
    await heard();
  });

  it('gives up on a reconnection the server never answers, and tries again (issue 34 #3)', async () => {
    let proxy: FaultProxy | undefined;
    let feed: ReturnType<typeof postgresChangeFeed> | undefined;
    try {
      const through = await postgresFaultProxy(database.url ?? '');
      proxy = through.proxy;
      feed = postgresChangeFeed(through.url);
      let reconnected = () => {};
      const back = new Promise<void>((resolve) => {
        reconnected = resolve;
      });
      await feed.subscribe((table) => {
        if (table === null) reconnected();
      });
      // The connection is cut, and its first reconnection meets a server that never answers: its
      // start-up message is lost, so even once the server is back that connection would wait for
      // PostgreSQL's own minute before failing.
      proxy.set('refuse');
      proxy.set('hang');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      proxy.set('pass');
      const started = Date.now();
      await back;
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await feed?.close();
      await proxy?.close();
    }
  }, 15_000);
});
