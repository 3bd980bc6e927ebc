import { count, sql } from 'drizzle-orm';
import { vehicles } from '../../../features/vehicles/vehicles.table.ts';
import type { Db } from '../../client.ts';
import vehicleList from './vehicles.json' with { type: 'json' };

/** A row of the vehicle list as the seed's data file holds it. */
export type VehicleListRow = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  variant: string | null;
};

const INSERT_BATCH = 1000;

/**
 * Loads the vehicle list into an empty table (at every start: a table that holds vehicles is left
 * as it is, so garages and fitment keep their ids). Answers how many rows it inserted.
 */
export async function loadVehicleList(db: Db, list: readonly VehicleListRow[]): Promise<number> {
  return db.transaction(async (tx) => {
    // One loader at a time, also across instances starting together.
    await tx.execute(sql`LOCK TABLE ${vehicles} IN SHARE ROW EXCLUSIVE MODE`);
    const [held] = await tx.select({ n: count() }).from(vehicles);
    if ((held?.n ?? 0) > 0) return 0;
    for (let start = 0; start < list.length; start += INSERT_BATCH)
      await tx.insert(vehicles).values(list.slice(start, start + INSERT_BATCH));
    return list.length;
  });
}

/**
 * The shop's vehicle list (vehicles.json, see build-vehicle-list.mjs) into an empty vehicles
 * table: at every start, on every database, as the catalogue's reference data, not demo data.
 */
export function loadVehicles(db: Db): Promise<number> {
  return loadVehicleList(db, vehicleList);
}
