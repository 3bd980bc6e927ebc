// My garage's public entry: what other features use of it (the /parts filter, say).
import { lazy } from 'react';

export { GARAGE_KEY, garageQuery } from './api.ts';
export type { PickedVehicle } from './components/VehiclePicker.tsx';
export { type CurrentVehicle, useCurrentVehicle } from './useCurrentVehicle.ts';

/**
 * The vehicle picker in a chunk of its own, with the form library it brings (14 KB gzipped): the
 * pages that offer it (/parts, a part's form) show it on demand, inside a Suspense.
 */
export const VehiclePicker = /* @__PURE__ */ lazy(() =>
  import('./components/VehiclePicker.tsx').then((module) => ({ default: module.VehiclePicker })),
);
