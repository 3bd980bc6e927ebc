// The integrations' public entry (issue 19): their query keys, for what refreshes or clears them.
// Its pages (API keys, Webhooks) are routes of their own, loaded by the router.
export { API_KEYS_KEY, WEBHOOKS_KEY } from './api.ts';
