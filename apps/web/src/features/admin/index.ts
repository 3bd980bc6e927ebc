// The admin pages' public entry: what the other admin tools (features/admin-companies) share.
export { AUDIT_LOG_KEY } from './api.ts';
export { EmailText } from './components/EmailText.tsx';
export { ListBody } from './components/ListBody.tsx';
export { ListTools } from './components/ListTools.tsx';
export { LoadFailed, Loading } from './components/LoadState.tsx';
