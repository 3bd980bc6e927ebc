import {
  ANY_ENGINE,
  type VehicleChoice,
  type VehicleEnginesQuery,
  type VehicleMakesQuery,
  type VehicleModelsQuery,
} from '@axle/contract';
import { type AnyColumn, and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vehicles } from './vehicles.table.ts';

/** The model years the list covers, newest first. */
export async function listVehicleYears(db: Db): Promise<VehicleChoice[]> {
  const year = sql<number>`generate_series(${vehicles.yearFrom}, ${vehicles.yearTo})`;
  const rows = await db.selectDistinct({ year }).from(vehicles).orderBy(sql`1 desc`);
  return rows.map((row) => ({ name: String(row.year) }));
}

const builtIn = (year: number) => and(lte(vehicles.yearFrom, year), gte(vehicles.yearTo, year));

/** The makes with a model built in `year`, A to Z whatever their case ("Mazda", "MINI"). */
export async function listVehicleMakes(db: Db, query: VehicleMakesQuery): Promise<VehicleChoice[]> {
  const rows = await db
    .selectDistinct({ make: vehicles.make, key: sql`lower(${vehicles.make})` })
    .from(vehicles)
    .where(builtIn(query.year))
    .orderBy(sql`2`, asc(vehicles.make));
  return rows.map((row) => ({ name: row.make }));
}

/** The make's models built in `year`, A to Z. Makes and models match without regard to case. */
export async function listVehicleModels(
  db: Db,
  query: VehicleModelsQuery,
): Promise<VehicleChoice[]> {
  const rows = await db
    .selectDistinct({ model: vehicles.model, key: sql`lower(${vehicles.model})` })
    .from(vehicles)
    .where(and(sameText(vehicles.make, query.make), builtIn(query.year)))
    .orderBy(sql`2`, asc(vehicles.model));
  return rows.map((row) => ({ name: row.model }));
}

/**
 * The engines of the model in `year`, each naming its vehicle of the list by id; a vehicle whose
 * row names no engine is offered as ANY_ENGINE.
 */
export async function listVehicleEngines(
  db: Db,
  query: VehicleEnginesQuery,
): Promise<VehicleChoice[]> {
  const rows = await db
    .select({ id: vehicles.id, variant: vehicles.variant })
    .from(vehicles)
    .where(
      and(
        sameText(vehicles.make, query.make),
        sameText(vehicles.model, query.model),
        builtIn(query.year),
      ),
    )
    .orderBy(sql`${vehicles.variant} asc nulls first`);
  return rows.map((row) => ({ id: row.id, name: row.variant ?? ANY_ENGINE }));
}

/** The list spells makes and models as their makers do ("MINI", "Mercedes-Benz"); a user may not. */
function sameText(column: AnyColumn, value: string) {
  return eq(sql`lower(${column})`, value.toLowerCase());
}
