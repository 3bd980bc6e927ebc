import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { NotFound } from '../../domain/errors.ts';
import { restockExpectedOf } from '../warehouses/stock.service.ts';
import { parts } from './catalog.table.ts';
import { lowStockAlerts } from './reorder.table.ts';

// The parts running out (issue 33 #4): each part's reorder point, its own or twice its minimum
// order, and the parts below it, as migration 0033's trigger keeps them in `low_stock_alerts`.

/** A part's reorder point: its own, or twice its minimum order. */
const reorderPoint = sql<number>`coalesce(${parts.reorderPoint}, 2 * ${parts.minimumQuantity})`;

/** What a low part's row shows (`LowPart`). */
const lowPartColumns = {
  partId: parts.id,
  partNumber: parts.partNumber,
  name: parts.name,
  available: parts.availableQuantity,
  reorderPoint,
  defaultReorderPoint: sql<boolean>`${parts.reorderPoint} is null`,
  restockDate: restockExpectedOf(parts.id),
};

export type LowPart = {
  partId: string;
  partNumber: string;
  name: string;
  available: number;
  reorderPoint: number;
  defaultReorderPoint: boolean;
  restockDate: string | null;
};

/**
 * The parts below their reorder point, the emptiest first (stock as a share of the point, read from
 * the kept crossings' index), at most `limit`, with how many there are in all.
 */
export async function lowParts(db: Db, limit: number): Promise<{ rows: LowPart[]; total: number }> {
  const rows = await db
    .select(lowPartColumns)
    .from(lowStockAlerts)
    .innerJoin(parts, eq(parts.id, lowStockAlerts.partId))
    .orderBy(asc(lowStockAlerts.share), asc(lowStockAlerts.partId))
    .limit(limit);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(lowStockAlerts);
  return { rows, total: count?.total ?? 0 };
}

/**
 * The crossings not mailed yet (the oldest first, at most `max`), locked until the caller's
 * transaction ends (another instance's run skips them), with their parts.
 */
export async function unmailedLowParts(tx: Tx, max: number): Promise<LowPart[]> {
  const due = await tx
    .select({ partId: lowStockAlerts.partId })
    .from(lowStockAlerts)
    .where(isNull(lowStockAlerts.mailedAt))
    .orderBy(lowStockAlerts.crossedAt, lowStockAlerts.partId)
    .limit(max)
    .for('update', { skipLocked: true });
  return lowPartsByIds(
    tx,
    due.map((row) => row.partId),
  );
}

/** These crossings were mailed: the next mail names them only once they cross again. */
export async function markLowPartsMailed(tx: Tx, partIds: readonly string[]): Promise<void> {
  if (partIds.length === 0) return;
  await tx
    .update(lowStockAlerts)
    .set({ mailedAt: sql`now()` })
    .where(inArray(lowStockAlerts.partId, [...partIds]));
}

/** The low parts named by these ids (the daily mail's), in part-number order. */
export async function lowPartsByIds(db: Db | Tx, ids: readonly string[]): Promise<LowPart[]> {
  if (ids.length === 0) return [];
  return db
    .select(lowPartColumns)
    .from(parts)
    .where(inArray(parts.id, [...ids]))
    .orderBy(asc(parts.partNumber));
}

/** Sets a part's own reorder point, or forgets it (null: twice its minimum order). */
export async function setReorderPoint(
  tx: Db | Tx,
  partId: string,
  value: number | null,
): Promise<{ partNumber: string }> {
  const [row] = await tx
    .update(parts)
    .set({ reorderPoint: value })
    .where(eq(parts.id, partId))
    .returning({ partNumber: parts.partNumber });
  if (!row) throw new NotFound(`No part with id ${partId}`);
  return row;
}

/** Part numbers and names by id (a report's top parts). */
export async function partNames(
  db: Db | Tx,
  ids: readonly string[],
): Promise<Map<string, { partNumber: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: parts.id, partNumber: parts.partNumber, name: parts.name })
    .from(parts)
    .where(inArray(parts.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { partNumber: row.partNumber, name: row.name }]));
}
