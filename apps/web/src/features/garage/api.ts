/**
 * Calls of the vehicle picker (the list's cascading choices and the VIN lookup, public) and of
 * My garage (bearer, the caller's own garage; every call answers the garage as it now is).
 */
import type {
  AddGarageVehicleBody,
  GarageList,
  GarageVehicleKey,
  VehicleChoice,
  VinDecoded,
} from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const VEHICLES_KEY = ['vehicles'] as const;
/** The signed-in customer's garage. */
export const GARAGE_KEY = ['garage'] as const;

/** The list changes only with a release: its choices stay fresh for the visit. */
const LIST_STALE_MS = 60 * 60_000;

const choices = (path: string, query: Record<string, string | number> = {}) =>
  queryOptions({
    queryKey: [...VEHICLES_KEY, path, query],
    queryFn: ({ signal }) =>
      api<VehicleChoice[]>(`/vehicles/${path}`, { query, signal, bearer: false }),
    staleTime: LIST_STALE_MS,
  });

export const vehicleYearsQuery = () => choices('years');
export const vehicleMakesQuery = (year: number) => choices('makes', { year });
export const vehicleModelsQuery = (year: number, make: string) => choices('models', { year, make });
export const vehicleEnginesQuery = (year: number, make: string, model: string) =>
  choices('engines', { year, make, model });

/** GET /vehicles/vin/{vin}: what the VIN says, and the list's vehicle it is when the list tells. */
export function lookUpVin(vin: string) {
  return api<VinDecoded>(`/vehicles/vin/${encodeURIComponent(vin)}`, { bearer: false });
}

export const garageQuery = () =>
  queryOptions({
    queryKey: GARAGE_KEY,
    queryFn: ({ signal }) => api<GarageList>('/garage', { signal }),
  });

export function addToGarage(body: AddGarageVehicleBody) {
  return api<GarageList>('/garage', { method: 'POST', body });
}

export function makeCurrent(key: GarageVehicleKey) {
  return api<GarageList>('/garage/current', { method: 'PUT', body: key });
}

export function clearCurrent() {
  return api<GarageList>('/garage/current', { method: 'DELETE' });
}

export function removeFromGarage(key: GarageVehicleKey) {
  return api<GarageList>(`/garage/${encodeURIComponent(key.vehicleId)}/${key.year}`, {
    method: 'DELETE',
  });
}
