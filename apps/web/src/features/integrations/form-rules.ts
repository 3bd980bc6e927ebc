/**
 * The rules of the integrations' forms (issue 19), as they check input on the page (the server
 * checks the same again, and whether the URL's host is a public address). Loaded by each form once
 * it is shown (ADR 008).
 */
export { apiKeyBody as apiKeyRules, webhookBody as webhookRules } from '@axle/contract';
