/**
 * The rules of the integrations' forms (issue 19), as they check input on the page (the server
 * checks the same again, and whether the URL's host is a public address). Loaded by each form once
 * it is shown (ADR 008); the forms, a chunk of their own fetched after the page, also take from
 * here the choices they offer and the contract's words around them, which live beside the schemas.
 */
export {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  apiKeyBody as apiKeyRules,
  apiKeyScopeLabels,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  webhookBody as webhookRules,
  webhookEventLabels,
} from '@axle/contract';
