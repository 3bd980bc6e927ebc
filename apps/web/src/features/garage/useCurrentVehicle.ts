import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useAuth } from '../accounts/index.ts';
import { addToGarage, clearCurrent, GARAGE_KEY, garageQuery } from './api.ts';
import type { PickedVehicle } from './components/VehiclePicker.tsx';

/** A visitor's one vehicle, kept in this browser (every tab of it). */
export const VISITOR_VEHICLE_KEY = 'axle-vehicle';

export type CurrentVehicle = {
  /** The vehicle the shop filters by; null when there is none (or while it is loading). */
  vehicle: PickedVehicle | null;
  /** True until the vehicle is known. */
  loading: boolean;
  /** Makes this vehicle the current one (added to a signed-in customer's garage if need be). */
  setVehicle: (vehicle: PickedVehicle) => Promise<void>;
  /** No current vehicle: the shop stops filtering. A garage keeps its vehicles. */
  clearVehicle: () => Promise<void>;
};

const visitorListeners = new Set<() => void>();
let storedRaw: string | null = null;
let storedVehicle: PickedVehicle | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(VISITOR_VEHICLE_KEY);
  } catch {
    return null;
  }
}

/** The stored vehicle, the same object while the stored text is the same (useSyncExternalStore). */
function visitorVehicle(): PickedVehicle | null {
  const raw = readRaw();
  if (raw === storedRaw) return storedVehicle;
  storedRaw = raw;
  storedVehicle = parseVehicle(raw);
  return storedVehicle;
}

/** What another script or an older version left there is no vehicle. */
function parseVehicle(raw: string | null): PickedVehicle | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { vehicleId, year, name } = value as Record<string, unknown>;
    if (typeof vehicleId !== 'string' || typeof name !== 'string') return null;
    if (typeof year !== 'number' || !Number.isInteger(year)) return null;
    return { vehicleId, year, name };
  } catch {
    return null;
  }
}

function subscribeVisitor(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === VISITOR_VEHICLE_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  visitorListeners.add(onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    visitorListeners.delete(onChange);
  };
}

function storeVisitorVehicle(vehicle: PickedVehicle | null): void {
  try {
    if (vehicle) localStorage.setItem(VISITOR_VEHICLE_KEY, JSON.stringify(vehicle));
    else localStorage.removeItem(VISITOR_VEHICLE_KEY);
  } catch {
    // Storage refused (a private window's quota): the vehicle lasts as long as the page.
    storedRaw = vehicle ? JSON.stringify(vehicle) : null;
    storedVehicle = vehicle;
  }
  for (const listener of [...visitorListeners]) listener();
}

/**
 * The vehicle the shop filters by ("Fits your …"): a signed-in customer's current garage vehicle,
 * read and changed through the API; a visitor's one vehicle, kept in this browser.
 */
export function useCurrentVehicle(): CurrentVehicle {
  const auth = useAuth();
  const signedIn = auth.user !== null;
  const queryClient = useQueryClient();
  const garage = useQuery({ ...garageQuery(), enabled: signedIn });
  const visitor = useSyncExternalStore(subscribeVisitor, visitorVehicle, () => null);

  const current = garage.data?.find((entry) => entry.current);
  const vehicle = useMemo(() => {
    if (!signedIn) return visitor;
    return current
      ? { vehicleId: current.vehicleId, year: current.year, name: current.name }
      : null;
  }, [signedIn, visitor, current]);

  const setVehicle = useCallback(
    async (picked: PickedVehicle) => {
      if (!signedIn) return storeVisitorVehicle(picked);
      const list = await addToGarage({
        vehicleId: picked.vehicleId,
        year: picked.year,
        current: true,
      });
      queryClient.setQueryData(GARAGE_KEY, list);
    },
    [signedIn, queryClient],
  );

  const clearVehicle = useCallback(async () => {
    if (!signedIn) return storeVisitorVehicle(null);
    queryClient.setQueryData(GARAGE_KEY, await clearCurrent());
  }, [signedIn, queryClient]);

  return {
    vehicle,
    loading: auth.loading || (signedIn && garage.isPending),
    setVehicle,
    clearVehicle,
  };
}
