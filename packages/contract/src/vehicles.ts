import { z } from 'zod';
import { VIN_PATTERN } from './texts.ts';

// ANY_ENGINE (the engine choice of a vehicle whose list row names none) lives in texts.ts: the
// picker shows it before any schema loads.
export { ANY_ENGINE } from './texts.ts';

// The vehicle picker's cascading choices (issue 16 #2): year → make → model → engine, from the
// shop's vehicle list (NHTSA vPIC, 1995 to now). Each answers `{ id?, name }` items; an engine
// names one vehicle of the list, whose id a garage or a fitment refers to.

/** A model year the list covers. */
export const vehicleYearParam = z.coerce
  .number({ error: 'year must be a year, e.g. 2015' })
  .int('year must be a whole year, e.g. 2015')
  .min(1900, 'year must be from 1900 to 2999')
  .max(2999, 'year must be from 1900 to 2999');

const vehicleNameParam = (what: string) =>
  z.string().trim().min(1, `${what} is required`).max(60, `${what} is at most 60 characters`);

export const vehicleMakesQuery = z.strictObject({ year: vehicleYearParam });
export const vehicleModelsQuery = vehicleMakesQuery.extend({ make: vehicleNameParam('make') });
export const vehicleEnginesQuery = vehicleModelsQuery.extend({ model: vehicleNameParam('model') });
export type VehicleMakesQuery = z.infer<typeof vehicleMakesQuery>;
export type VehicleModelsQuery = z.infer<typeof vehicleModelsQuery>;
export type VehicleEnginesQuery = z.infer<typeof vehicleEnginesQuery>;

/** One choice of the picker: a year, make or model by its name; an engine with its vehicle's id. */
export const vehicleChoice = z.object({
  id: z.uuid().optional(),
  name: z.string(),
});
export const vehicleChoices = z.array(vehicleChoice);
export type VehicleChoice = z.infer<typeof vehicleChoice>;

/**
 * A VIN: 17 letters and digits, never I, O or Q (they read as 1 and 0), any case. Its check digit
 * (the 9th character) is checked by the server, against the rest of the VIN.
 */
export const vinParams = z.object({
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(VIN_PATTERN, 'a VIN is 17 letters and digits, without I, O or Q'),
});

/**
 * What a VIN says: its model year, make and model (and engine, when the VIN encodes it); the
 * vehicle of the shop's list it is, when the list tells (one engine, or the engine the VIN names),
 * and the engines of the list to choose from otherwise.
 */
export const vinDecoded = z.object({
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  engine: z.string().nullable(),
  vehicle: vehicleChoice.nullable(),
  engines: vehicleChoices,
});
export type VinDecoded = z.infer<typeof vinDecoded>;

/**
 * A cart or order line's vehicle of a company's fleet (issue 32 #5): its id and what people read;
 * an order line keeps the label of a vehicle since taken out of the fleet (its id then null).
 */
export const lineVehicle = z.object({ id: z.uuid().nullable(), label: z.string() });
export type LineVehicle = z.infer<typeof lineVehicle>;
