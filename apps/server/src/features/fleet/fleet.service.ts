import {
  type AddFleetVehicleBody,
  FLEET_VEHICLES_MAX,
  type FleetHistory,
  type FleetVehicle,
  fleetMessages,
  LIST_PAGE_MAX,
  type UpdateFleetVehicleBody,
  type VinDecoded,
} from '@axle/contract';
import { and, count, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { VinDecoder } from '../../adapters/vin/vin-decoder.ts';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { Page } from '../../db/paging.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Invalid, NotFound } from '../../domain/errors.ts';
import { companyIdOf, requireMembership } from '../companies/companies.service.ts';
import { lookUpVin } from '../vehicles/vehicles.service.ts';
import { fleetVehicles } from './fleet.table.ts';

// A company's fleet (issue 32 #5): every call works on the caller's company's vehicles only, found
// by the caller's membership on the server; another company's vehicle is a 404, as one that does
// not exist. Any member keeps the fleet (buyers fit the parts).

type Row = typeof fleetVehicles.$inferSelect;

function toVehicle(row: Row): FleetVehicle {
  return {
    _id: row.id,
    vin: row.vin,
    plate: row.plate,
    name: row.name,
    year: row.year,
    make: row.make,
    model: row.model,
    engine: row.engine,
    vehicleId: row.vehicleId,
    label: row.label,
    mileageKm: row.mileageKm,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What people read of a vehicle: its name, else year, make and model; with its plate. */
function labelOf(row: Pick<Row, 'name' | 'year' | 'make' | 'model' | 'plate'>): string {
  const called = row.name ?? `${row.year} ${row.make} ${row.model}`;
  return row.plate ? `${called} (${row.plate})` : called;
}

/** The caller's company's vehicles, newest first. */
export async function listFleet(db: Db, caller: RequestUser): Promise<FleetVehicle[]> {
  const { companyId } = await requireMembership(db, caller);
  const rows = await db
    .select()
    .from(fleetVehicles)
    .where(eq(fleetVehicles.companyId, companyId))
    .orderBy(desc(fleetVehicles.createdAt), desc(fleetVehicles.id))
    .limit(FLEET_VEHICLES_MAX);
  return rows.map(toVehicle);
}

/** One vehicle of the caller's company; any other id is a 404. */
async function ownVehicle(db: Db | Tx, caller: RequestUser, id: string): Promise<Row> {
  const { companyId } = await requireMembership(db, caller);
  const [row] = await db
    .select()
    .from(fleetVehicles)
    .where(and(eq(fleetVehicles.id, id), eq(fleetVehicles.companyId, companyId)));
  if (!row) throw new NotFound(fleetMessages.notFound);
  return row;
}

export async function getFleetVehicle(
  db: Db,
  caller: RequestUser,
  id: string,
): Promise<FleetVehicle> {
  return toVehicle(await ownVehicle(db, caller, id));
}

/**
 * The vehicle of the list a VIN is: the one the body chose among its engines, else the one the
 * VIN tells (null when it does not).
 */
function listVehicleOf(decoded: VinDecoded, chosen: string | null | undefined): string | null {
  if (chosen === undefined || chosen === null) return decoded.vehicle?.id ?? null;
  if (!decoded.engines.some((engine) => engine.id === chosen))
    throw new Invalid(fleetMessages.notThisModel);
  return chosen;
}

/**
 * Adds a vehicle to the caller's company's fleet by its VIN, decoded offline: a VIN whose check
 * digit is wrong, or that no vehicle is known for, is a 400; the same VIN twice a 409.
 */
export async function addFleetVehicle(
  db: Db,
  decoder: VinDecoder,
  caller: RequestUser,
  body: AddFleetVehicleBody,
): Promise<FleetVehicle> {
  const { companyId } = await requireMembership(db, caller);
  const decoded = await lookUpVin(db, decoder, body.vin).catch((error: unknown) => {
    // Unknown to the decoder: the person typed a VIN that names no vehicle (a 400, not a 404).
    if (error instanceof NotFound) throw new Invalid(error.message);
    throw error;
  });
  const described = {
    vin: decoded.vin,
    year: decoded.year,
    make: decoded.make,
    model: decoded.model,
    engine: decoded.engine,
    plate: body.plate ?? null,
    name: body.name ?? null,
  };
  return db.transaction(async (tx) => {
    // One company's additions take turns, so that two at once cannot pass the bound together.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`fleet:${companyId}`}, 0))`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(fleetVehicles)
      .where(eq(fleetVehicles.companyId, companyId));
    if ((held?.n ?? 0) >= FLEET_VEHICLES_MAX) throw new Conflict(fleetMessages.full);
    const [row] = await tx
      .insert(fleetVehicles)
      .values({
        ...described,
        companyId,
        vehicleId: listVehicleOf(decoded, body.vehicleId),
        label: labelOf(described),
        mileageKm: body.mileageKm ?? null,
      })
      .returning()
      .catch((error: unknown) => {
        if (uniqueViolation(error)) throw new Conflict(fleetMessages.taken);
        throw error;
      });
    if (!row) throw new Error('the new vehicle was not returned');
    return toVehicle(row);
  });
}

/** Changes a vehicle's plate, name, mileage or which vehicle of the list it is. */
export async function updateFleetVehicle(
  db: Db,
  decoder: VinDecoder,
  caller: RequestUser,
  id: string,
  body: UpdateFleetVehicleBody,
): Promise<FleetVehicle> {
  const row = await ownVehicle(db, caller, id);
  const next = {
    plate: body.plate === undefined ? row.plate : body.plate,
    name: body.name === undefined ? row.name : body.name,
    mileageKm: body.mileageKm === undefined ? row.mileageKm : body.mileageKm,
    vehicleId:
      body.vehicleId === undefined
        ? row.vehicleId
        : body.vehicleId === null
          ? null
          : listVehicleOf(await lookUpVin(db, decoder, row.vin), body.vehicleId),
  };
  const [updated] = await db
    .update(fleetVehicles)
    .set({ ...next, label: labelOf({ ...row, ...next }), updatedAt: new Date() })
    .where(and(eq(fleetVehicles.id, id), eq(fleetVehicles.companyId, row.companyId)))
    .returning();
  if (!updated) throw new NotFound(fleetMessages.notFound);
  return toVehicle(updated);
}

/**
 * Takes a vehicle out of the fleet. Cart lines that named it name none; order lines keep what it
 * was called, and leave its history.
 */
export async function removeFleetVehicle(db: Db, caller: RequestUser, id: string): Promise<void> {
  const row = await ownVehicle(db, caller, id);
  await db.delete(fleetVehicles).where(eq(fleetVehicles.id, row.id));
}

/**
 * Every part ordered for a vehicle of the caller's company, newest first, a page at a time:
 * the order lines that named it, of orders not cancelled.
 */
export async function fleetVehicleHistory(
  db: Db,
  caller: RequestUser,
  id: string,
  page: { page?: number | undefined; limit?: number | undefined },
): Promise<Page<FleetHistory[number]>> {
  const row = await ownVehicle(db, caller, id);
  const limit = page.limit ?? LIST_PAGE_MAX;
  const offset = ((page.page ?? 1) - 1) * limit;
  const result = (await db.execute(sql`
    select o.id as "orderId", o.number as "orderNumber", o.created_at as date,
           l.part_id as "partId", l.part_number as "partNumber", l.part_name as name, l.quantity,
           count(*) over () as total
      from order_lines l join orders o on o.id = l.order_id
     where l.vehicle_id = ${row.id} and o.company_id = ${row.companyId} and o.cancelled_at is null
     order by o.created_at desc, o.id desc, l.position
     limit ${limit} offset ${offset}`)) as unknown as {
    rows: (Omit<FleetHistory[number], 'date'> & { date: Date | string; total: number | string })[];
  };
  return {
    rows: result.rows.map(({ total: _, ...entry }) => ({
      ...entry,
      orderNumber: Number(entry.orderNumber),
      date: new Date(entry.date).toISOString(),
    })),
    total: Number(result.rows[0]?.total ?? 0),
  };
}

/**
 * What the vehicle `vehicleId` is called, as one SQL value, when it is of the company the customer
 * `userId` belongs to now (null otherwise: a line of a vehicle of a company they have left names
 * none).
 */
export function fleetVehicleLabel(vehicleId: SQLWrapper, userId: SQLWrapper): SQL {
  return sql`(select fv.label from ${fleetVehicles} fv
    where fv.id = ${vehicleId} and fv.company_id = ${companyIdOf(userId)})`;
}

/**
 * The caller's company's vehicle `id`, as a cart line names it: a 404 unless it is one of theirs
 * (a vehicle of another company, or of the company the caller has left, cannot be named).
 */
export async function fleetVehicleForLine(
  db: Db | Tx,
  caller: RequestUser,
  id: string,
): Promise<{ id: string; label: string }> {
  const row = await ownVehicle(db, caller, id);
  return { id: row.id, label: row.label };
}
