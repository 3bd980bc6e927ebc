// Orders' public entry: what other features use of it.
export { ORDERS_KEY } from './keys.ts';
