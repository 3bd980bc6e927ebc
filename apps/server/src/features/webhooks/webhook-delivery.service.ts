import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '@axle/contract';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addressRefusals,
  guardedLookup,
  hostOf,
  isPublicAddress,
  type WebhookNetwork,
} from './webhook-addresses.service.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.table.ts';

// Sends the outbox's deliveries (issue 19 #4), at least once each: a delivery stays pending until
// its endpoint answers 2xx, and is retried with exponential back-off until a day after its event,
// then marked failed. Everything is in the database, so a restart (or another instance) carries on
// where this one stopped; a delivery cut off mid-way is simply sent again (the event id lets the
// receiver skip a repeat). One delivery at a time reaches an endpoint: the worker that leases it
// (webhook_endpoints.lease_until) sends its due deliveries in order, the others pass it by.

export type RetrySchedule = {
  /** The wait after the first failure; each further failure doubles it, up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** After this long since the event, a failure is final. */
  giveUpAfterMs: number;
};

/** Events and their deliveries are kept 30 days (the dashboard's history), then deleted. */
export const DEFAULT_KEEP_MS = 30 * 24 * 60 * 60_000;
/** Events one prune deletes at most (with their deliveries): a short statement, repeated. */
const PRUNE_BATCH = 1_000;

export const defaultRetrySchedule: RetrySchedule = {
  firstMs: 30_000,
  maxMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

export type WebhookSender = {
  db: Db;
  network: WebhookNetwork;
  retry: RetrySchedule;
  /** How long events are kept once nothing waits to be sent for them (the deliveries' history). */
  keepMs: number;
  /** How long an endpoint has to answer. */
  timeoutMs: number;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
};

/** Longest an endpoint stays leased by one worker without a word from it (a crashed one's lapses). */
const LEASE_MS = 60_000;
/** When a lease taken or renewed now ends. */
const leaseEnd = sql`now() + ${`${LEASE_MS} milliseconds`}::interval`;
/** Endpoints one pass looks at, and deliveries it sends to one endpoint at most. */
const ENDPOINTS_PER_PASS = 20;
const DELIVERIES_PER_ENDPOINT = 50;

/** `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`, as Stripe signs its webhooks. */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The wait before attempt `attempts + 1`, given `attempts` failures so far (±10 %). */
export function backoffMs(retry: RetrySchedule, attempts: number): number {
  const base = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** One POST of `body` to `url`: 2xx is delivered; anything else (a redirect too) is a failure. */
function post(
  sender: WebhookSender,
  url: URL,
  body: string,
  headers: Record<string, string>,
): Promise<Outcome> {
  const host = hostOf(url);
  // An address in the URL is connected to without a lookup: it is checked here.
  if (!sender.network.allowPrivate && isIP(host) && !isPublicAddress(host))
    return Promise.resolve({ ok: false, status: null, error: addressRefusals.private(host) });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup(sender.network),
      signal: AbortSignal.timeout(sender.timeoutMs),
    });
    request.on('response', (response) => {
      // The answer's body is not read beyond what it takes to free the socket.
      response.resume();
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return resolve({ ok: true, status });
      const error =
        status >= 300 && status < 400
          ? `Redirect to ${response.headers.location ?? 'nowhere'} not followed`
          : `HTTP ${status}`;
      resolve({ ok: false, status, error });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.name === 'TimeoutError' || error.name === 'AbortError'
          ? `No answer within ${sender.timeoutMs / 1000} s`
          : error.code === 'EADDRNOTPUBLIC'
            ? error.message
            : `Could not connect (${error.code ?? error.message})`;
      resolve({ ok: false, status: null, error: message });
    });
    request.end(body);
  });
}

/** Leases an endpoint for this worker, or null when another holds it. */
async function lease(db: Db, endpointId: string) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ leaseUntil: leaseEnd })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        or(isNull(webhookEndpoints.leaseUntil), lt(webhookEndpoints.leaseUntil, sql`now()`)),
      ),
    )
    .returning({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
    });
  return row ?? null;
}

async function release(db: Db, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ leaseUntil: null })
    .where(eq(webhookEndpoints.id, endpointId));
}

const due = and(
  eq(webhookDeliveries.state, 'pending'),
  lte(webhookDeliveries.nextAttemptAt, sql`now()`),
);

/** The endpoint's oldest due delivery, with its event. */
async function nextDue(db: Db, endpointId: string) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      eventId: webhookEvents.id,
      type: webhookEvents.type,
      payload: webhookEvents.payload,
      createdAt: webhookEvents.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), due))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.createdAt))
    .limit(1);
  return row ?? null;
}

/** Sends an endpoint's due deliveries in order; stops at its first failure. How many went out. */
async function deliverTo(
  sender: WebhookSender,
  endpoint: { id: string; url: string; secret: string },
): Promise<number> {
  const { db, retry } = sender;
  let sent = 0;
  for (let n = 0; n < DELIVERIES_PER_ENDPOINT; n++) {
    const delivery = await nextDue(db, endpoint.id);
    if (!delivery) break;
    const body = JSON.stringify({
      id: delivery.eventId,
      type: delivery.type,
      createdAt: delivery.createdAt.toISOString(),
      data: { order: delivery.payload },
    });
    const at = new Date();
    const outcome = await post(sender, new URL(endpoint.url), body, {
      'content-type': 'application/json',
      'user-agent': 'Axle-Webhooks/1.0',
      'axle-event-id': delivery.eventId,
      [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signature(endpoint.secret, body, at),
    });
    const attempts = delivery.attempts + 1;
    if (outcome.ok) {
      await db
        .update(webhookDeliveries)
        .set({
          state: 'delivered',
          attempts,
          lastStatus: outcome.status,
          lastError: null,
          deliveredAt: new Date(),
          nextAttemptAt: null,
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      sent += 1;
      // Still ours: the lease is renewed with every delivery.
      await db
        .update(webhookEndpoints)
        .set({ leaseUntil: leaseEnd })
        .where(eq(webhookEndpoints.id, endpoint.id));
      continue;
    }
    const final = Date.now() - delivery.createdAt.getTime() >= retry.giveUpAfterMs;
    const retryAt = new Date(Date.now() + backoffMs(retry, attempts));
    await db
      .update(webhookDeliveries)
      .set({
        state: final ? 'failed' : 'pending',
        attempts,
        lastStatus: outcome.status,
        lastError: outcome.error,
        nextAttemptAt: final ? null : retryAt,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    // The endpoint is not taking deliveries now: the rest that are due wait as long, so a dead
    // endpoint costs one attempt per back-off, not one per event.
    if (!final)
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: retryAt })
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), due));
    sender.log.warn(
      { webhookEndpointId: endpoint.id, deliveryId: delivery.id, attempts, error: outcome.error },
      final ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
    );
    break;
  }
  return sent;
}

/**
 * One pass: every endpoint with deliveries due that no other worker holds is leased, sent its due
 * deliveries in order, and released. Says how many deliveries went out.
 */
export async function deliverDueWebhooks(sender: WebhookSender): Promise<number> {
  const { db } = sender;
  const endpoints = await db
    .selectDistinct({ id: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(due)
    .limit(ENDPOINTS_PER_PASS);
  let sent = 0;
  for (const { id } of endpoints) {
    const endpoint = await lease(db, id);
    if (!endpoint) continue;
    try {
      sent += await deliverTo(sender, endpoint);
    } finally {
      await release(db, id);
    }
  }
  return sent;
}

/**
 * Deletes events older than `keepMs` for which nothing is pending any more, with their deliveries
 * (a delivery is pending for a day at most), a batch at a time: the outbox and the deliveries'
 * history stay as large as a month of events, whatever the shop's age. Says how many went.
 */
export async function pruneWebhookHistory(sender: WebhookSender): Promise<number> {
  const cutoff = new Date(Date.now() - sender.keepMs);
  let pruned = 0;
  for (;;) {
    const old = sender.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          lt(webhookEvents.createdAt, cutoff),
          sql`not exists (select 1 from ${webhookDeliveries}
            where ${webhookDeliveries.eventId} = ${webhookEvents.id}
              and ${webhookDeliveries.state} = 'pending')`,
        ),
      )
      .orderBy(asc(webhookEvents.createdAt))
      .limit(PRUNE_BATCH);
    const gone = await sender.db
      .delete(webhookEvents)
      .where(sql`${webhookEvents.id} in (${old})`)
      .returning({ id: webhookEvents.id });
    pruned += gone.length;
    if (gone.length < PRUNE_BATCH) return pruned;
  }
}
