// Integrations (issue 19): the words and limits of API keys and webhooks, without schemas, so a
// page can show them without loading zod (ADR 008). The schemas are in integrations.ts.

/** What an API key may do; a call a key's scopes do not name is refused (403). */
export const API_KEY_SCOPES = ['catalogue:read', 'orders:read', 'orders:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope allows, in the dashboard's words. */
export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'catalogue:read': 'Read the catalogue: parts, search, vehicles and your prices',
  'orders:read': 'Read your orders, invoices, cart and addresses',
  'orders:write': 'Fill the cart, check out and cancel orders',
};

/** Every key starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'axk_';
/** Keys one customer may hold at once (revoked ones aside). */
export const API_KEYS_MAX = 20;

export const integrationMessages = {
  keyName: 'Name is 1 to 60 characters',
  scopes: 'Choose at least one scope',
  url: 'URL must be an https address',
  events: 'Choose at least one event',
} as const;

/** The order events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.cancelled',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookEventLabels: Record<WebhookEvent, string> = {
  'order.placed': 'An order is placed',
  'order.paid': 'An order is paid (by card or on account)',
  'order.shipped': 'An order is shipped',
  'order.cancelled': 'An order is cancelled',
};

/** Endpoints one customer may have at once. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** The header that carries the signature: `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Axle-Signature';

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
