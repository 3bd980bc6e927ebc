// Accounts' public entry: what other features use of it.
export { useAuth } from './AuthProvider.tsx';
export { accountsText } from './strings.ts';
