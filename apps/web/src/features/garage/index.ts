// My garage's public entry: what other features use of it (the /parts filter, say).
export { GARAGE_KEY } from './api.ts';
export { type PickedVehicle, VehiclePicker } from './components/VehiclePicker.tsx';
export { type CurrentVehicle, useCurrentVehicle } from './useCurrentVehicle.ts';
