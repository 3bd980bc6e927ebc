// The catalogue's public entry: what other features use of it.
export { ITEMS_KEY } from './keys.ts';
export { catalogStrings } from './strings.ts';
