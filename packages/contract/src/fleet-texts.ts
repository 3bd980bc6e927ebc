// Words and limits of a company's fleet (issue 32 #5), apart from its schemas (ADR 008).

/** How many vehicles a company's fleet holds at most. */
export const FLEET_VEHICLES_MAX = 1000;
export const FLEET_PLATE_MAX = 20;
export const FLEET_NAME_MAX = 60;
export const FLEET_MILEAGE_MAX = 5_000_000;

export const fleetMessages = {
  vin: 'A VIN is 17 letters and digits, without I, O or Q',
  plate: `A plate is at most ${FLEET_PLATE_MAX} characters`,
  name: `A name is at most ${FLEET_NAME_MAX} characters`,
  mileage: `Mileage is a whole number of kilometres from 0 to ${FLEET_MILEAGE_MAX.toLocaleString('en')}`,
  vehicleId: 'vehicleId must be the id of a vehicle of the list',
  notFound: 'No vehicle of your company’s fleet has this id',
  taken: 'This VIN is already in your company’s fleet',
  full: `A fleet holds at most ${FLEET_VEHICLES_MAX.toLocaleString('en')} vehicles: remove one first`,
  notThisModel: 'Choose one of the engines listed for this VIN’s year, make and model',
  noCompany: 'Fleets belong to companies: create or join one first',
} as const;
