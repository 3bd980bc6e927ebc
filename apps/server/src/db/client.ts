import { join } from 'node:path';
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
