import {
  ANY_ENGINE,
  type VehicleChoice,
  type VehicleEnginesQuery,
  type VehicleMakesQuery,
  type VehicleModelsQuery,
  type VinDecoded,
} from '@axle/contract';
import { type AnyColumn, and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { VinDecoder } from '../../adapters/vin/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { Invalid, NotFound } from '../../domain/errors.ts';
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

export type Vehicle = typeof vehicles.$inferSelect;

/** The vehicles of the list with these ids (a garage's, say); an id of none is left out. */
export async function vehiclesById(db: Db, ids: readonly string[]): Promise<Vehicle[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(vehicles)
    .where(inArray(vehicles.id, [...ids]));
}

/** The list spells makes and models as their makers do ("MINI", "Mercedes-Benz"); a user may not. */
function sameText(column: AnyColumn, value: string) {
  return eq(sql`lower(${column})`, value.toLowerCase());
}

/**
 * What a VIN says (`GET /api/vehicles/vin/{vin}`), with the vehicle of the list it is: the only
 * engine of its year, make and model, or the one whose displacement and cylinders the VIN gives;
 * otherwise no vehicle, and the engines to choose from. A wrong check digit is Invalid; a VIN
 * vPIC knows no vehicle for is NotFound.
 */
export async function lookUpVin(db: Db, decoder: VinDecoder, vin: string): Promise<VinDecoded> {
  const decoded = await decoder.decode(vin);
  if (decoded.kind === 'bad-check-digit')
    throw new Invalid(
      `This VIN's check digit (its 9th character) does not match the rest${
        decoded.expected ? `: it should be ${decoded.expected}` : ''
      }. Check the VIN for a mistyped character`,
    );
  if (decoded.kind === 'unknown')
    throw new NotFound(
      'No vehicle is known for this VIN: choose the vehicle by year, make and model',
    );
  const engines = await listVehicleEngines(db, {
    year: decoded.year,
    make: decoded.make,
    model: decoded.model,
  });
  const { displacement, cylinders, model: engineModel } = decoded.engine ?? {};
  const litres = displacement ? `${Number(displacement).toFixed(1)}L` : undefined;
  const engine = litres ? `${litres}${cylinders ? ` ${cylinders}-cyl` : ''}` : null;
  const sameSize = engine
    ? engines.filter((choice) => choice.name === engine || choice.name.startsWith(`${engine} `))
    : [];
  const sameCode = engineModel
    ? sameSize.filter((choice) => choice.name.endsWith(` ${engineModel}`))
    : [];
  const vehicle = [engines, sameCode, sameSize].find((list) => list.length === 1)?.[0];
  return {
    vin: decoded.vin,
    year: decoded.year,
    make: decoded.make,
    model: decoded.model,
    engine: engine && engineModel ? `${engine} ${engineModel}` : engine,
    vehicle: vehicle ?? null,
    engines,
  };
}
