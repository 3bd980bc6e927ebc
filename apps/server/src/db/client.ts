import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type ChangeFeed, embeddedChangeFeed, postgresChangeFeed } from './changes.ts';
import { migrateEmbedded, migratePostgres } from './migrate.ts';
import * as schema from './schema.ts';

/** The shop's database, whichever engine is behind it. Services take this as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;
export type DatabaseKind = 'embedded' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Committed changes to the cached tables, from any instance (see changes.ts). */
  changes: ChangeFeed;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Extensions the migrations use; PGlite loads them explicitly, a PostgreSQL server has them. */
export const pgliteExtensions = { pg_trgm, unaccent };

export function embeddedDatabase(client: PGlite): Database {
  const changes = embeddedChangeFeed(client);
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'embedded',
    changes,
    migrate: () => migrateEmbedded(client),
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

/**
 * The embedded database's postgresql.conf, written at every start (PGlite replaces the file with
 * it): initdb's own settings, but 32 MB of shared buffers instead of 128 MB. PGlite runs inside
 * the shop's process, so its buffers count in the server's memory, and the files it reads stay in
 * the system's page cache anyway: measured on 50,000 parts, the server's RSS went from 344 to
 * 211 MB with no slower queries (docs/PERFORMANCE.md). WAL kept below 256 MB on disk.
 */
const EMBEDDED_POSTGRESQL_CONF = `max_connections = 100
shared_buffers = 32MB
dynamic_shared_memory_type = posix
max_wal_size = 256MB
min_wal_size = 80MB
log_file_mode = 0640
log_timezone = UTC
autovacuum_worker_slots = 16
datestyle = 'iso, mdy'
timezone = UTC
lc_messages = C
lc_monetary = C
lc_numeric = C
lc_time = C
default_text_search_config = 'pg_catalog.english'
`;

export async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  const client = await PGlite.create(join(dataDir, 'pgdata'), {
    extensions: pgliteExtensions,
    postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
  });
  return embeddedDatabase(client);
}

/** Where the database client reports connections it lost (the server's pino logger). */
export type DatabaseLog = { warn(obj: object, msg: string): void };

/** How long a request waits for a connection to the PostgreSQL server. */
export const CONNECT_TIMEOUT_MS = 2_000;

/**
 * How long a query runs before the pool asks the server, on a connection of its own, whether it
 * answers at all; and how long that question waits. A query of a server that has stopped
 * answering (a network partition, a host frozen) ends within about two seconds; a query that is
 * merely slow runs on, and is asked about again each second.
 */
export const QUERY_WATCH_MS = 1_000;
export const PROBE_TIMEOUT_MS = 1_000;

/**
 * Whether the server at `url` answers a query within PROBE_TIMEOUT_MS, on a new connection (the
 * pool's may all be busy). A refusal from the server itself (too many connections, a shutdown
 * under way) is an answer; silence or a connection that cannot be made is not. Questions asked
 * while one is under way share its answer.
 */
function serverProbe(url: string): () => Promise<boolean> {
  let asking: Promise<boolean> | undefined;
  const ask = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      return typeof (error as { severity?: unknown }).severity === 'string';
    } finally {
      // Not awaited: ending a connection to a server that does not answer would wait for it.
      (client as unknown as { connection: { stream: Duplex } }).connection.stream.destroy();
    }
  };
  return () => {
    asking ??= ask().finally(() => {
      asking = undefined;
    });
    return asking;
  };
}

/**
 * node-postgres's client, its queries watched (issue 34 #3): one still running after
 * QUERY_WATCH_MS makes the pool ask whether the server answers at all; if not, the connection is
 * cut, so the query fails as a lost connection (a 503 with Retry-After) and the pool opens a new
 * one once the server is back, instead of the request hanging for as long as the server is silent.
 */
function watchedClient(answering: () => Promise<boolean>): typeof pg.Client {
  return class WatchedClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads.
    override query(...args: any[]): any {
      let timer: NodeJS.Timeout | undefined;
      let running = true;
      const done = () => {
        running = false;
        clearTimeout(timer);
      };
      const watch = () => {
        timer = setTimeout(async () => {
          if (await answering()) {
            if (running) watch();
          } else if (running) {
            (this as unknown as { connection: { stream: Duplex } }).connection.stream.destroy();
          }
        }, QUERY_WATCH_MS);
        timer.unref();
      };
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...results: unknown[]) => {
          done();
          callback(...results);
        };
      }
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      const result = (super.query as (...a: any[]) => any)(...args);
      if (typeof callback !== 'function') {
        if (typeof result?.then !== 'function') return result; // a cursor or a stream: not watched
        result.then(done, done);
      }
      if (running) watch();
      return result;
    }
  };
}

/** A PostgreSQL server's database; without `log`, lost connections are dropped silently. */
export function openPostgresDatabase(
  url: string,
  options: { max?: number; log?: DatabaseLog } = {},
): Database {
  const { log } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // While the server is away a request waits at most this for a connection, then is answered
    // 503 with Retry-After (issue 34 #3) rather than hanging; the pool reconnects by itself.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    Client: watchedClient(serverProbe(url)),
  });
  // An idle connection can be closed by the server (restart, failover, admin). The pool drops
  // it and the next query opens a new one; without this listener the process would crash.
  pool.on('error', (error) => log?.warn({ err: error }, 'idle PostgreSQL connection lost'));
  const changes = postgresChangeFeed(url, (error) =>
    log?.warn({ err: error }, 'change feed connection lost'),
  );
  return {
    db: drizzleNodePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    changes,
    migrate: () => migratePostgres(url),
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}
