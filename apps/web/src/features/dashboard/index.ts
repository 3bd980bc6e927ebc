// The dashboard's public entry: what other features use of it.
export { dashboardText } from './strings.ts';
