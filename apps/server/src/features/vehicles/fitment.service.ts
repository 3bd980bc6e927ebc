import type { FitmentGroups, PartBody } from '@axle/contract';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { Invalid } from '../../domain/errors.ts';
import { fitments, vehicles } from './vehicles.table.ts';

// Fitment: which vehicles of the list a part fits (issue 16 #1), as the part page shows it and as
// an admin's form or an import writes it.

/** The vehicles a part fits as the part page groups them: by make, then model, then years. */
export function groupFitment(
  rows: readonly {
    id: string;
    make: string;
    model: string;
    yearFrom: number;
    yearTo: number;
    variant: string | null;
    note: string | null;
  }[],
): FitmentGroups {
  const groups: FitmentGroups = [];
  for (const { make, model, ...vehicle } of rows) {
    let byMake = groups[groups.length - 1];
    if (byMake?.make !== make) {
      byMake = { make, models: [] };
      groups.push(byMake);
    }
    let byModel = byMake.models[byMake.models.length - 1];
    if (byModel?.model !== model) {
      byModel = { model, vehicles: [] };
      byMake.models.push(byModel);
    }
    byModel.vehicles.push(vehicle);
  }
  return groups;
}

/** One page of the vehicles a part fits, ordered by make, model, first year and engine. */
export function fitmentPage(db: Db, partId: string, limit: number, offset: number) {
  return db
    .select({
      id: vehicles.id,
      make: vehicles.make,
      model: vehicles.model,
      yearFrom: vehicles.yearFrom,
      yearTo: vehicles.yearTo,
      variant: vehicles.variant,
      note: fitments.note,
    })
    .from(fitments)
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .where(eq(fitments.partId, partId))
    .orderBy(
      asc(vehicles.make),
      asc(vehicles.model),
      asc(vehicles.yearFrom),
      asc(vehicles.variant),
      asc(vehicles.id),
    )
    .limit(limit)
    .offset(offset);
}

/** How many vehicles a part fits. */
export async function fitmentCount(db: Db, partId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fitments).where(eq(fitments.partId, partId));
  return row?.n ?? 0;
}

/** The vehicles a part fits, a page at a time, and how many it fits in all. */
export async function listFitment(
  db: Db,
  partId: string,
  page: { limit: number; offset: number },
): Promise<{ groups: FitmentGroups; total: number }> {
  const [rows, total] = await Promise.all([
    fitmentPage(db, partId, page.limit, page.offset),
    fitmentCount(db, partId),
  ]);
  return { groups: groupFitment(rows), total };
}

/** Replaces the vehicles a part fits; a vehicle given twice is kept once, an unknown one is a 400. */
export async function replaceFitment(
  tx: Db | Tx,
  partId: string,
  given: NonNullable<PartBody['fitment']>,
): Promise<void> {
  const rows = [...new Map(given.map((f) => [f.vehicleId, f])).values()];
  if (rows.length > 0) {
    const [known] = await tx
      .select({ n: count() })
      .from(vehicles)
      .where(
        inArray(
          vehicles.id,
          rows.map((f) => f.vehicleId),
        ),
      );
    if ((known?.n ?? 0) !== rows.length)
      throw new Invalid('fitment names a vehicle that is not in the vehicle list');
  }
  await tx.delete(fitments).where(eq(fitments.partId, partId));
  for (let start = 0; start < rows.length; start += 500)
    await tx
      .insert(fitments)
      .values(
        rows
          .slice(start, start + 500)
          .map((f) => ({ partId, vehicleId: f.vehicleId, note: f.note || null })),
      );
}

/** The ids of the parts that fit a vehicle, as a sub-select (the search's vehicle filter). */
export function partsFitting(db: Db | Tx, vehicleId: string) {
  return db
    .select({ partId: fitments.partId })
    .from(fitments)
    .where(eq(fitments.vehicleId, vehicleId));
}
