// Accounts' public entry: what other features use of it.
export { accountsText } from './strings.ts';
