import { z } from 'zod';
import { vehicleYearParam } from './vehicles.ts';

// My garage (issue 16 #3): a customer's vehicles of the shop's list, each in one model year, one
// of them current (the shop filters by it until it is cleared). Visitors keep one in the browser.

/** A vehicle of a garage as the API answers it. */
export const garageVehicle = z.object({
  vehicleId: z.uuid(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  /** The engine, e.g. "1.8L 4-cyl 2ZR-FE"; null when the list names none for this vehicle. */
  variant: z.string().nullable(),
  /** e.g. "2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE" */
  name: z.string(),
  current: z.boolean(),
});
export type GarageVehicle = z.infer<typeof garageVehicle>;

/** The whole garage, the current vehicle first, then the newest. Every call of it answers this. */
export const garageList = z.array(garageVehicle);
export type GarageList = z.infer<typeof garageList>;

const garageVehicleId = z.uuid('vehicleId must be the id of a vehicle of the list');

/** Which vehicle of a garage: a vehicle of the list in one model year. */
export const garageVehicleKey = z.strictObject({
  vehicleId: garageVehicleId,
  year: z
    .number({ error: 'year must be a year, e.g. 2015' })
    .int('year must be a whole year, e.g. 2015')
    .min(1900, 'year must be from 1900 to 2999')
    .max(2999, 'year must be from 1900 to 2999'),
});
export type GarageVehicleKey = z.infer<typeof garageVehicleKey>;

/**
 * `POST /api/garage`: adds a vehicle in a year of its range (the server checks the range).
 * `current: true` makes it the current one; the first vehicle of a garage is current anyway.
 */
export const addGarageVehicleBody = garageVehicleKey.extend({ current: z.boolean().optional() });
export type AddGarageVehicleBody = z.infer<typeof addGarageVehicleBody>;

/** `DELETE /api/garage/{vehicleId}/{year}` */
export const garageVehicleParams = z.object({
  vehicleId: garageVehicleId,
  year: vehicleYearParam,
});
