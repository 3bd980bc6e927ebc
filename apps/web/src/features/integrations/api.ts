/**
 * Calls of the integrations (issue 19): the customer's API keys and webhook endpoints, bearer, in
 * person only (a key cannot manage keys). The key and the signing secret come in the reply that
 * creates them, and never again.
 */
import type {
  ApiKey,
  ApiKeyBody,
  CreatedApiKey,
  CreatedWebhook,
  WebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
} from '@axle/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { fetchListPage, type ListPage } from '../../lib/list-page.ts';

/** The caller's API keys. */
export const API_KEYS_KEY = ['api-keys'] as const;
/** The caller's webhook endpoints, and each one's deliveries beneath. */
export const WEBHOOKS_KEY = ['webhooks'] as const;

/** GET /keys: the keys not revoked, newest first; each only by how it starts. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => api<ApiKey[]>('/keys', { signal }),
  });

/** POST /keys: a new key, in this reply only. */
export function createApiKey(body: ApiKeyBody) {
  return api<CreatedApiKey>('/keys', { method: 'POST', body });
}

/** DELETE /keys/{id}: the key stops working at once. */
export function revokeApiKey(id: string) {
  return api<null>(`/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** GET /webhooks: the endpoints, newest first, with deliveries waiting and the last one made. */
export const webhooksQuery = () =>
  queryOptions({
    queryKey: WEBHOOKS_KEY,
    queryFn: ({ signal }) => api<WebhookEndpoint[]>('/webhooks', { signal }),
  });

/** POST /webhooks: a new endpoint and its signing secret, in this reply only. */
export function createWebhook(body: WebhookBody) {
  return api<CreatedWebhook>('/webhooks', { method: 'POST', body });
}

/** DELETE /webhooks/{id}: nothing more is sent to it. */
export function deleteWebhook(id: string) {
  return api<null>(`/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deliveries per "Load more". */
export const DELIVERIES_PAGE = 20;

/**
 * GET /webhooks/{id}/deliveries: one endpoint's deliveries, newest first, a page at a time; "Load
 * more" asks for the next page where the `Link` header says it starts.
 */
export const deliveriesQuery = (endpointId: string) =>
  infiniteQueryOptions({
    queryKey: [...WEBHOOKS_KEY, endpointId, 'deliveries'],
    queryFn: ({ signal, pageParam }): Promise<ListPage<WebhookDelivery>> =>
      fetchListPage<WebhookDelivery>(`/webhooks/${encodeURIComponent(endpointId)}/deliveries`, {
        query: { limit: DELIVERIES_PAGE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
