// A deterministic picture of every table of the shop, to prove that an attack changed nothing
// (or exactly what it was allowed to change). Tables are found in the schema, so a table added
// later is covered without touching this file.
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';

/** Rows of each table as JSON (keys sorted), the rows sorted, the tables by name. */
export type Snapshot = Record<string, string[]>;

type Row = Record<string, unknown>;
/** What happened to one table between two snapshots. */
export type TableChange = { added: Row[]; removed: Row[] };

/**
 * Tables that only count rows of others (kept by triggers, migration 0009): a change they follow
 * is seen in the table counted, so they would only repeat it.
 */
const derivedTables = new Set(['row_counts']);

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => !derivedTables.has(getTableName(table)))
  .sort((a, b) => getTableName(a).localeCompare(getTableName(b)));

/** Per table, the TypeScript name of each SQL column, so rows read like Drizzle's. */
const fieldNames = new Map<string, Map<string, string>>(
  tables.map((table) => [
    getTableName(table),
    new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key])),
  ]),
);

// One round trip for all tables (each table's rows as a JSON array): a snapshot costs a few ms. A
// function takes at most 100 arguments: the tables go in objects of 40, joined into one.
const TABLES_PER_OBJECT = 40;
const tableObjects = Array.from({ length: Math.ceil(tables.length / TABLES_PER_OBJECT) }, (_, i) =>
  tables.slice(i * TABLES_PER_OBJECT, (i + 1) * TABLES_PER_OBJECT),
).map(
  (chunk) =>
    `jsonb_build_object(${chunk
      .map((table) => {
        const name = getTableName(table);
        return `'${name}', (SELECT coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) FROM "${name}" t)`;
      })
      .join(', ')})`,
);
const snapshotQuery = sql.raw(`SELECT ${tableObjects.join(' || ')} AS snapshot`);

/**
 * Columns that only count rows of other tables (kept by triggers): a change they follow is seen in
 * the table counted, so they would only repeat it.
 */
const derived = new Set(['users.unpaid_orders']);

const stable = (table: string, row: Row) => {
  const names = fieldNames.get(table);
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(row)
        .filter(([column]) => !derived.has(`${table}.${column}`))
        .map(([column, value]) => [names?.get(column) ?? column, value] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
};

export async function snapshot(db: Db): Promise<Snapshot> {
  const result = (await db.execute(snapshotQuery)) as unknown as {
    rows: { snapshot: Record<string, Row[]> | string }[];
  };
  const raw = result.rows[0]?.snapshot;
  const byTable = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, Row[]>;
  const snap: Snapshot = {};
  for (const table of tables) {
    const name = getTableName(table);
    snap[name] = (byTable[name] ?? []).map((row) => stable(name, row)).sort();
  }
  return snap;
}

/** Tables whose rows differ, with the rows only in `after` (added) and only in `before` (removed). */
export function changes(before: Snapshot, after: Snapshot): Record<string, TableChange> {
  const result: Record<string, TableChange> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[name] ?? []);
    const is_ = new Set(after[name] ?? []);
    const added = [...is_].filter((row) => !was.has(row)).map((row) => JSON.parse(row) as Row);
    const removed = [...was].filter((row) => !is_.has(row)).map((row) => JSON.parse(row) as Row);
    if (added.length > 0 || removed.length > 0) result[name] = { added, removed };
  }
  return result;
}

/** Asserts that no row of any table changed since `before`. */
export async function expectUnchanged(db: Db, before: Snapshot): Promise<void> {
  expect(changes(before, await snapshot(db))).toEqual({});
}

/** The changes since `before`, for a test that expects some (and checks exactly which). */
export async function changedSince(db: Db, before: Snapshot): Promise<Record<string, TableChange>> {
  return changes(before, await snapshot(db));
}
