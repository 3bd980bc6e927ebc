import { z } from 'zod';
import { cursorParam, limitParam } from './lists.ts';

// Integrations (issue 19): API keys for a buyer's purchasing system, and signed outgoing webhooks.

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

export const apiKeyBody = z.strictObject({
  name: z
    .string({ error: integrationMessages.keyName })
    .trim()
    .min(1, integrationMessages.keyName)
    .max(60, integrationMessages.keyName),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `scopes are ${API_KEY_SCOPES.join(', ')}` }), {
      error: integrationMessages.scopes,
    })
    .min(1, integrationMessages.scopes)
    .max(API_KEY_SCOPES.length, integrationMessages.scopes)
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyBody = z.input<typeof apiKeyBody>;

/** POST /api/keys: the key itself, shown this once (only its hash is kept). */
export const createdApiKey = z.object({
  id: z.uuid(),
  key: z.string().startsWith(API_KEY_PREFIX),
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** A key as GET /api/keys lists it: never the secret, only its first characters to recognise it. */
export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** `axk_` and the next few characters of the key. */
  start: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;
export const apiKeyList = z.array(apiKey).max(API_KEYS_MAX);

export const apiKeyParams = z.object({
  id: z.uuid({ error: 'id must be an API key id (a UUID)' }),
});

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

export const webhookBody = z.strictObject({
  url: z
    .string({ error: integrationMessages.url })
    .trim()
    .max(500, integrationMessages.url)
    .pipe(z.url({ protocol: /^https?$/, error: integrationMessages.url })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `events are ${WEBHOOK_EVENTS.join(', ')}` }), {
      error: integrationMessages.events,
    })
    .min(1, integrationMessages.events)
    .max(WEBHOOK_EVENTS.length, integrationMessages.events)
    .transform((events) => [...new Set(events)]),
});
export type WebhookBody = z.input<typeof webhookBody>;

/** POST /api/webhooks: the signing secret, shown this once. */
export const createdWebhook = z.object({ id: z.uuid(), secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const webhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.iso.datetime({ offset: true }),
  /** Deliveries still to be made (first tries and retries). */
  pending: z.number().int(),
  /** The last delivery that reached the endpoint, or failed for good. */
  lastDeliveryAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointList = z.array(webhookEndpoint).max(WEBHOOK_ENDPOINTS_MAX);

export const webhookParams = z.object({
  id: z.uuid({ error: 'id must be a webhook id (a UUID)' }),
});

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One event sent (or to be sent) to one endpoint, newest first. */
export const webhookDelivery = z.object({
  id: z.uuid(),
  eventId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  orderId: z.uuid(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The endpoint's last HTTP status, when it answered. */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt failed (a status, a refused address, a timeout). */
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryList = z.array(webhookDelivery);

export const webhookDeliveriesQuery = z.strictObject({
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

/**
 * What an endpoint receives: one event, its id stable across retries (a receiver may get one twice
 * and should skip an id it has seen), and the order as it was when the event happened.
 */
export const webhookPayload = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  createdAt: z.iso.datetime({ offset: true }),
  data: z.object({
    order: z.object({
      id: z.uuid(),
      /** unpaid, awaiting-approval, paid, shipped or cancelled. */
      state: z.string(),
      total: z.number(),
      purchaseOrder: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      lines: z.array(
        z.object({
          partId: z.uuid(),
          partNumber: z.string(),
          partName: z.string(),
          quantity: z.number().int(),
          unitPrice: z.number(),
        }),
      ),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;
