import { z } from 'zod';
import {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEYS_MAX,
  integrationMessages,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
} from './integration-texts.ts';
import { cursorParam, limitParam } from './lists.ts';

// Integrations (issue 19): API keys for a buyer's purchasing system, and signed outgoing webhooks.

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
      /** The order's short number, as its buyer knows it (absent in events from before 2026-11). */
      number: z.number().int().optional(),
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
