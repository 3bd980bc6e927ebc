import { inArray, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowCounts } from './row-counts.table.ts';

/** The counts the triggers of migration 0009 keep (see `rowCounts`). */
export type CountName =
  | 'parts'
  | 'users'
  | 'admins'
  | 'reviews'
  | 'review_ratings'
  | 'audit'
  | 'orders:unpaid'
  | 'orders:paid'
  | 'orders:shipped'
  | 'orders:cancelled';

/**
 * The kept counts of `names`, each the sum of its shards (0 when none was ever written): one
 * small index range, however many rows the tables hold.
 */
export async function keptCounts<Name extends CountName>(
  db: Db,
  names: readonly Name[],
): Promise<Record<Name, number>> {
  const rows = await db
    .select({ name: rowCounts.name, n: sql<number>`sum(${rowCounts.n})`.mapWith(Number) })
    .from(rowCounts)
    .where(inArray(rowCounts.name, [...names]))
    .groupBy(rowCounts.name);
  const counts = Object.fromEntries(names.map((name) => [name, 0])) as Record<Name, number>;
  for (const row of rows) counts[row.name as Name] = row.n;
  return counts;
}

/**
 * The kept count of `names` (summed) as a value a statement selects beside its rows (PostgreSQL
 * runs it once per statement): a page and its total in one round trip instead of two.
 */
export const keptCount = (...names: CountName[]) =>
  sql<number>`(select coalesce(sum(${rowCounts.n}), 0) from ${rowCounts} where ${inArray(rowCounts.name, names)})`.mapWith(
    Number,
  );
