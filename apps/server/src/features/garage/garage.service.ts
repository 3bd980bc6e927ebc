import {
  type AddGarageVehicleBody,
  GARAGE_VEHICLES_MAX,
  type GarageList,
  type GarageVehicleKey,
  garageMessages,
  vehicleName,
} from '@axle/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Invalid, NotFound } from '../../domain/errors.ts';
import { vehiclesById } from '../vehicles/vehicles.service.ts';
import { garageVehicles } from './garage.table.ts';

// My garage (issue 16 #3): every call works on the caller's own rows only; nobody, an admin
// included, reads or changes another customer's garage.

const ownRows = (caller: RequestUser) => eq(garageVehicles.userId, caller.id);
const oneRow = (caller: RequestUser, key: GarageVehicleKey) =>
  and(
    ownRows(caller),
    eq(garageVehicles.vehicleId, key.vehicleId),
    eq(garageVehicles.year, key.year),
  );

/** The caller's vehicles: the current one first, then the newest. */
export async function listGarage(db: Db, caller: RequestUser): Promise<GarageList> {
  const rows = await db
    .select()
    .from(garageVehicles)
    .where(ownRows(caller))
    .orderBy(
      desc(garageVehicles.current),
      desc(garageVehicles.createdAt),
      garageVehicles.vehicleId,
      garageVehicles.year,
    );
  const byId = new Map(
    (await vehiclesById(db, [...new Set(rows.map((row) => row.vehicleId))])).map((vehicle) => [
      vehicle.id,
      vehicle,
    ]),
  );
  return rows.flatMap((row) => {
    const vehicle = byId.get(row.vehicleId);
    if (!vehicle) return [];
    const shown = { year: row.year, make: vehicle.make, model: vehicle.model };
    return [
      {
        vehicleId: row.vehicleId,
        ...shown,
        variant: vehicle.variant,
        name: vehicleName({ ...shown, variant: vehicle.variant }),
        current: row.current,
      },
    ];
  });
}

/**
 * One customer's garage calls take turns (a lock per customer, for this transaction): two adds at
 * once can neither both pass the size bound nor both become current.
 */
async function inTurn<T>(db: Db, caller: RequestUser, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`garage:${caller.id}`}, 0))`,
    );
    return work(tx);
  });
}

async function clearCurrentIn(tx: Tx, caller: RequestUser): Promise<void> {
  await tx
    .update(garageVehicles)
    .set({ current: false })
    .where(and(ownRows(caller), eq(garageVehicles.current, true)));
}

/**
 * Adds a vehicle of the list, in a model year of its range, to the caller's garage. The same
 * vehicle and year again adds nothing. `current: true` makes it the current one (the previous
 * one stops being current); the first vehicle of a garage is current unless the body says
 * otherwise. Answers the garage and whether the vehicle was new to it.
 */
export async function addToGarage(
  db: Db,
  caller: RequestUser,
  input: AddGarageVehicleBody,
): Promise<{ added: boolean; garage: GarageList }> {
  const [vehicle] = await vehiclesById(db, [input.vehicleId]);
  if (!vehicle) throw new Invalid(garageMessages.unknownVehicle);
  if (input.year < vehicle.yearFrom || input.year > vehicle.yearTo)
    throw new Invalid(
      garageMessages.yearOutOfRange(vehicle, vehicle.yearFrom, vehicle.yearTo, input.year),
    );
  return inTurn(db, caller, async (tx) => {
    const [existing] = await tx
      .select({ current: garageVehicles.current })
      .from(garageVehicles)
      .where(oneRow(caller, input));
    if (existing) {
      if (input.current && !existing.current) {
        await clearCurrentIn(tx, caller);
        await tx.update(garageVehicles).set({ current: true }).where(oneRow(caller, input));
      }
      return { added: false, garage: await listGarage(tx, caller) };
    }
    const [held] = await tx.select({ n: count() }).from(garageVehicles).where(ownRows(caller));
    const size = held?.n ?? 0;
    if (size >= GARAGE_VEHICLES_MAX) throw new Conflict(garageMessages.full);
    const current = input.current ?? size === 0;
    if (current) await clearCurrentIn(tx, caller);
    await tx.insert(garageVehicles).values({
      userId: caller.id,
      vehicleId: input.vehicleId,
      year: input.year,
      current,
    });
    return { added: true, garage: await listGarage(tx, caller) };
  });
}

/** Makes a vehicle of the caller's garage the current one; NotFound when it is not there. */
export async function makeCurrent(
  db: Db,
  caller: RequestUser,
  key: GarageVehicleKey,
): Promise<GarageList> {
  return inTurn(db, caller, async (tx) => {
    const [row] = await tx
      .select({ current: garageVehicles.current })
      .from(garageVehicles)
      .where(oneRow(caller, key));
    if (!row) throw new NotFound(garageMessages.notInGarage);
    if (!row.current) {
      await clearCurrentIn(tx, caller);
      await tx.update(garageVehicles).set({ current: true }).where(oneRow(caller, key));
    }
    return listGarage(tx, caller);
  });
}

/** No vehicle of the caller's garage is current any more: the shop stops filtering by one. */
export async function clearCurrent(db: Db, caller: RequestUser): Promise<GarageList> {
  return inTurn(db, caller, async (tx) => {
    await clearCurrentIn(tx, caller);
    return listGarage(tx, caller);
  });
}

/** Removes a vehicle from the caller's garage; NotFound when it is not there. */
export async function removeFromGarage(
  db: Db,
  caller: RequestUser,
  key: GarageVehicleKey,
): Promise<GarageList> {
  return inTurn(db, caller, async (tx) => {
    const removed = await tx
      .delete(garageVehicles)
      .where(oneRow(caller, key))
      .returning({ vehicleId: garageVehicles.vehicleId });
    if (removed.length === 0) throw new NotFound(garageMessages.notInGarage);
    return listGarage(tx, caller);
  });
}
