// The fake server of the integrations' page tests: the customer's API keys, webhook endpoints and
// their deliveries as the API keeps them, and the calls it got. Only tests use it.
import type {
  ApiKey,
  ApiKeyBody,
  WebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
} from '@axle/contract';
import { jsonReply, stubApi } from '../../lib/test-api.ts';

type Call = { method: string; path: string; query: string; body: unknown };

export const NEW_KEY = 'axk_3fA9c2Zq8LmN4pR7sT1vW6xY0bD5eG2h';
export const NEW_SECRET = 'whsec_9Jk2Lm4Np6Qr8St0Uv2Wx4Yz6Ab8Cd0E';
export const KEY_ID = '11111111-1111-4111-8111-111111111111';
export const ENDPOINT_ID = '22222222-2222-4222-8222-222222222222';
const NEW_ID = '33333333-3333-4333-8333-333333333333';

/** A key as GET /api/keys lists it. */
export const purchasingKey: ApiKey = {
  id: KEY_ID,
  name: 'Purchasing system',
  scopes: ['catalogue:read', 'orders:read'],
  start: 'axk_7hT2kQ',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsedAt: '2025-03-02T09:30:00.000Z',
};

export const endpoint: WebhookEndpoint = {
  id: ENDPOINT_ID,
  url: 'https://erp.fleet.test/axle',
  events: ['order.placed', 'order.shipped'],
  createdAt: '2025-03-01T10:00:00.000Z',
  pending: 1,
  lastDeliveryAt: '2025-03-03T08:00:00.000Z',
};

/** The endpoint's `n`th delivery (0: the newest). */
export function delivery(n: number, fields: Partial<WebhookDelivery> = {}): WebhookDelivery {
  const id = `4444444${n}-4444-4444-8444-444444444444`;
  return {
    id,
    eventId: `evt_${n}`,
    event: 'order.placed',
    orderId: `5555555${n}-5555-4555-8555-555555555555`,
    state: 'delivered',
    attempts: 1,
    lastStatus: 200,
    lastError: null,
    nextAttemptAt: null,
    deliveredAt: '2025-03-03T08:00:00.000Z',
    createdAt: '2025-03-03T08:00:00.000Z',
    ...fields,
  };
}

/** What the fake server keeps; each test starts from `resetServer`. */
export const server = {
  calls: [] as Call[],
  toasts: [] as string[],
  keys: [] as ApiKey[],
  endpoints: [] as WebhookEndpoint[],
  deliveries: [] as WebhookDelivery[],
  /** Deliveries per page the fake server answers. */
  pageSize: 20,
  /** A refusal of the next POST, as the server words it. */
  refuse: null as { status: number; message: string } | null,
};

const refusal = (status: number, message: string) =>
  jsonReply(status, { error: { code: 'refused', message } });

function deliveriesPage(query: URLSearchParams): Response {
  const start = Number(query.get('cursor') ?? 0);
  const end = start + server.pageSize;
  const headers: Record<string, string> = { 'X-Total-Count': String(server.deliveries.length) };
  if (end < server.deliveries.length)
    headers.Link = `</api/webhooks/${ENDPOINT_ID}/deliveries?limit=20&cursor=${end}>; rel="next"`;
  return jsonReply(200, server.deliveries.slice(start, end), headers);
}

function answer({ method, path, query, body }: Call): Response {
  const key = /^\/api\/keys\/([^/]+)$/.exec(path)?.[1];
  const hook = /^\/api\/webhooks\/([^/]+)$/.exec(path)?.[1];
  const refused = method === 'POST' ? server.refuse : null;
  if (refused) return refusal(refused.status, refused.message);
  if (path === '/api/keys' && method === 'GET') return jsonReply(200, server.keys);
  if (path === '/api/keys' && method === 'POST') {
    const { name, scopes } = body as ApiKeyBody;
    server.keys = [
      {
        id: NEW_ID,
        name,
        scopes,
        start: NEW_KEY.slice(0, 10),
        createdAt: '2025-03-04T10:00:00.000Z',
        lastUsedAt: null,
      },
      ...server.keys,
    ];
    return jsonReply(201, { id: NEW_ID, key: NEW_KEY });
  }
  if (key && method === 'DELETE') {
    server.keys = server.keys.filter((entry) => entry.id !== key);
    return new Response(null, { status: 204 });
  }
  if (path === '/api/webhooks' && method === 'GET') return jsonReply(200, server.endpoints);
  if (path === '/api/webhooks' && method === 'POST') {
    const { url, events } = body as WebhookBody;
    if (!url.startsWith('https://'))
      return refusal(400, 'The URL must be an https address of a public host');
    server.endpoints = [
      {
        id: NEW_ID,
        url,
        events,
        createdAt: '2025-03-04T10:00:00.000Z',
        pending: 0,
        lastDeliveryAt: null,
      },
      ...server.endpoints,
    ];
    return jsonReply(201, { id: NEW_ID, secret: NEW_SECRET });
  }
  if (hook && method === 'DELETE') {
    server.endpoints = server.endpoints.filter((entry) => entry.id !== hook);
    return new Response(null, { status: 204 });
  }
  if (path === `/api/webhooks/${ENDPOINT_ID}/deliveries` && method === 'GET')
    return deliveriesPage(new URLSearchParams(query));
  return refusal(404, `no ${method} ${path}`);
}

export function resetServer() {
  server.calls = [];
  server.toasts = [];
  server.keys = [];
  server.endpoints = [];
  server.deliveries = [];
  server.pageSize = 20;
  server.refuse = null;
  stubApi((url, init = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    server.calls.push(call);
    return answer(call);
  });
}

/** The calls of one method (and path), without their query. */
export const sent = (method: string, path?: string) =>
  server.calls
    .filter((call) => call.method === method && (path === undefined || call.path === path))
    .map(({ method, path, body }) => ({ method, path, body }));
