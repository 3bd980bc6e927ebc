import { z } from 'zod';
import {
  FLEET_MILEAGE_MAX,
  FLEET_NAME_MAX,
  FLEET_PLATE_MAX,
  fleetMessages,
} from './fleet-texts.ts';
import { limitParam, pageParam } from './lists.ts';
import { VIN_PATTERN } from './texts.ts';

// A company's fleet (issue 32 #5): the vehicles its members keep parts for, each by its VIN,
// decoded offline into year, make, model and engine (and the vehicle of the shop's list, when the
// VIN tells which). A cart line and an order line may name the vehicle a part is for, so that each
// vehicle's history lists every part fitted to it. Another company's vehicles do not exist (404).

/** A vehicle of a company's fleet, as every fleet call answers it. */
export const fleetVehicle = z.object({
  _id: z.uuid(),
  vin: z.string(),
  plate: z.string().nullable(),
  name: z.string().nullable(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  /** The engine the VIN encodes, e.g. "1.8L 4-cyl"; null when it does not. */
  engine: z.string().nullable(),
  /** The vehicle of the shop's list it is (what "Fits my fleet" searches by); null when unknown. */
  vehicleId: z.uuid().nullable(),
  /** What people read: its name, else year, make and model; with its plate. */
  label: z.string(),
  /** Kilometres on the odometer when last written down; null when never. */
  mileageKm: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type FleetVehicle = z.infer<typeof fleetVehicle>;

export const fleetVehicleList = z.array(fleetVehicle);
export type FleetVehicleList = z.infer<typeof fleetVehicleList>;

const plate = z.string().trim().max(FLEET_PLATE_MAX, fleetMessages.plate);
const name = z.string().trim().max(FLEET_NAME_MAX, fleetMessages.name);
const mileageKm = z
  .number({ error: fleetMessages.mileage })
  .int(fleetMessages.mileage)
  .min(0, fleetMessages.mileage)
  .max(FLEET_MILEAGE_MAX, fleetMessages.mileage);
/** Empty text is none. */
const noneIfEmpty = <T extends z.ZodType<string>>(rule: T) =>
  rule.transform((value) => (value === '' ? null : value)).nullable();

const fleetFields = {
  plate: noneIfEmpty(plate).optional(),
  name: noneIfEmpty(name).optional(),
  mileageKm: mileageKm.nullable().optional(),
  /** Which vehicle of the list it is, among the engines its VIN's year, make and model have. */
  vehicleId: z.uuid({ error: fleetMessages.vehicleId }).nullable().optional(),
};

/** `POST /api/company/vehicles` */
export const addFleetVehicleBody = z.strictObject({
  vin: z.string().trim().toUpperCase().regex(VIN_PATTERN, fleetMessages.vin),
  ...fleetFields,
});
export type AddFleetVehicleBody = z.infer<typeof addFleetVehicleBody>;

/** `PUT /api/company/vehicles/{id}`: the fields given change, the others stay. */
export const updateFleetVehicleBody = z.strictObject(fleetFields);
export type UpdateFleetVehicleBody = z.infer<typeof updateFleetVehicleBody>;

export const fleetVehicleParams = z.object({
  id: z.uuid({ error: 'id must be a fleet vehicle id (a UUID)' }),
});

/** `GET /api/company/vehicles/{id}/history`: newest first, a page at a time. */
export const fleetHistoryQuery = z.strictObject({
  page: pageParam.optional(),
  limit: limitParam.optional(),
});

/** A part fitted to a fleet vehicle: an order line that named it. */
export const fleetHistoryEntry = z.object({
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  date: z.iso.datetime(),
  partId: z.uuid(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
});
export const fleetHistory = z.array(fleetHistoryEntry);
export type FleetHistory = z.infer<typeof fleetHistory>;
