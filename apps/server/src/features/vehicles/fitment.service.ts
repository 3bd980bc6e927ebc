import type { FitmentGroups, FitmentPattern, PartBody } from '@axle/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
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

/** The ids of the parts that fit any of these vehicles, as a sub-select (the search's filter). */
export function partsFitting(db: Db | Tx, vehicleIds: readonly string[]) {
  return db
    .select({ partId: fitments.partId })
    .from(fitments)
    .where(
      vehicleIds.length === 1
        ? eq(fitments.vehicleId, vehicleIds[0] ?? '')
        : inArray(fitments.vehicleId, [...vehicleIds]),
    );
}

/** A vehicle of the list as an import names it and an export writes it. */
type ListedVehicle = {
  id: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  variant: string | null;
};

/**
 * Finds the vehicles a catalogue file's fitment cell names (`FitmentPattern`, contract), from the
 * whole list read once (a few thousand rows) rather than a query per cell.
 */
export async function vehicleFinder(
  db: Db | Tx,
): Promise<(pattern: FitmentPattern) => ListedVehicle[]> {
  const byModel = new Map<string, ListedVehicle[]>();
  for (const vehicle of await db.select().from(vehicles)) {
    const key = `${vehicle.make.toLowerCase()}\n${vehicle.model.toLowerCase()}`;
    const list = byModel.get(key) ?? [];
    list.push(vehicle);
    byModel.set(key, list);
  }
  return (pattern) =>
    (byModel.get(`${pattern.make.toLowerCase()}\n${pattern.model.toLowerCase()}`) ?? []).filter(
      (vehicle) =>
        ('cover' in pattern.years
          ? vehicle.yearFrom <= pattern.years.cover && pattern.years.cover <= vehicle.yearTo
          : vehicle.yearFrom === pattern.years.from && vehicle.yearTo === pattern.years.to) &&
        (pattern.variant === undefined ||
          (vehicle.variant?.toLowerCase() ?? null) === (pattern.variant?.toLowerCase() ?? null)),
    );
}

/**
 * Sets the vehicles each part fits, for many parts in two statements (an import's batch): the
 * vehicles no longer given are removed, the new ones added, and those kept keep their note.
 */
export async function setFitmentOfParts(
  tx: Db | Tx,
  partIds: readonly string[],
  rows: readonly { partId: string; vehicleId: string }[],
): Promise<void> {
  if (partIds.length === 0) return;
  const pairs = rows.map((row) => ({ part_id: row.partId, vehicle_id: row.vehicleId }));
  const given = sql`json_to_recordset(${JSON.stringify(pairs)}::json) AS g(part_id uuid, vehicle_id uuid)`;
  await tx.execute(sql`
    DELETE FROM ${fitments} f
     WHERE f.part_id = any(${sql.param(partIds)}::uuid[])
       AND NOT EXISTS (SELECT 1 FROM ${given} WHERE g.part_id = f.part_id AND g.vehicle_id = f.vehicle_id)`);
  if (rows.length > 0)
    await tx.execute(sql`
      INSERT INTO ${fitments} (part_id, vehicle_id) SELECT g.part_id, g.vehicle_id FROM ${given}
      ON CONFLICT DO NOTHING`);
}

/** The vehicles each of these parts fits, for an export: by part, then make, model and years. */
export function fittedVehiclesOf(db: Db | Tx, partIds: readonly string[]) {
  return db
    .select({
      partId: fitments.partId,
      make: vehicles.make,
      model: vehicles.model,
      yearFrom: vehicles.yearFrom,
      yearTo: vehicles.yearTo,
      variant: vehicles.variant,
    })
    .from(fitments)
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .where(inArray(fitments.partId, [...partIds]))
    .orderBy(
      asc(fitments.partId),
      asc(vehicles.make),
      asc(vehicles.model),
      asc(vehicles.yearFrom),
      asc(vehicles.variant),
    );
}
