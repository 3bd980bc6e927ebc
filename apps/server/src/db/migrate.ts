import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import type { Db } from './client.ts';

/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 4_242_001;

export async function migrateEmbedded(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
}

/**
 * Several instances may start at once against one server: the first one to take the advisory
 * lock migrates, the others wait for it and then find nothing left to apply.
 */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

/** How many migrations this release ships (its journal's entries), read once. */
let shipped: number | undefined;
function shippedMigrations(): number {
  shipped ??= (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  return shipped;
}

/**
 * How many of this release's migrations the database has not run (readiness: an instance started
 * before its database was replaced or restored would serve a schema it does not know).
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number }[] };
  return Math.max(0, shippedMigrations() - (result.rows[0]?.applied ?? 0));
}
