import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhook,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@axle/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  countWhere,
  type KeysetSort,
  keysetList,
  type Page,
  sortKeyText,
} from '../../db/paging.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Invalid, NotFound } from '../../domain/errors.ts';
import { lockAccount } from '../accounts/accounts.service.ts';
import { integrationOwner } from '../api-keys/api-keys.service.ts';
import { type WebhookNetwork, whyNotCallable } from './webhook-addresses.service.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.table.ts';

// Outgoing webhooks (issue 19 #4): a customer (for a company, an owner) names a URL and the order
// events it wants; the shop signs every delivery with the endpoint's secret, shown once. The
// events themselves are written by a trigger on orders (migration 0021); webhook-delivery.service.ts
// sends them.

/** Saves an endpoint once its URL is one the shop may call; answers its secret, this once. */
export async function createWebhook(
  db: Db,
  network: WebhookNetwork,
  caller: RequestUser,
  input: { url: string; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  const companyId = await integrationOwner(db, caller);
  const url = new URL(input.url);
  const refusal = await whyNotCallable(url, network);
  if (refusal) throw new Invalid(refusal);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  return db.transaction(async (tx) => {
    // The customer's row is locked, so two endpoints added at once both count the other.
    await lockAccount(tx, caller.id);
    const [held] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, caller.id));
    if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
      throw new Conflict(`You have ${WEBHOOK_ENDPOINTS_MAX} webhooks: delete one to add another`);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ userId: caller.id, companyId, url: url.toString(), events: input.events, secret })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('the new webhook was not returned');
    return { id: row.id, secret };
  });
}

/** The caller's endpoints, newest first, each with what waits and when one last went out. */
export async function listWebhooks(db: Db, caller: RequestUser): Promise<WebhookEndpoint[]> {
  const pending = sql<number>`(select count(*) from ${webhookDeliveries}
    where ${webhookDeliveries.endpointId} = ${webhookEndpoints.id}
      and ${webhookDeliveries.state} = 'pending')`.mapWith(Number);
  const lastDelivery =
    sql<Date | null>`(select max(${webhookDeliveries.deliveredAt}) from ${webhookDeliveries}
    where ${webhookDeliveries.endpointId} = ${webhookEndpoints.id}
      and ${webhookDeliveries.state} = 'delivered')`.mapWith((value) =>
      value === null ? null : new Date(value),
    );
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      createdAt: webhookEndpoints.createdAt,
      pending,
      lastDeliveryAt: lastDelivery,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, caller.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(WEBHOOK_ENDPOINTS_MAX);
  return rows.map((row) => ({
    ...row,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
  }));
}

/** The caller's endpoint, or a 404 (another customer's is not named). */
async function ownEndpoint(db: Db, caller: RequestUser, id: string): Promise<string> {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, caller.id)));
  if (!row) throw new NotFound('No such webhook');
  return row.id;
}

/** Deletes one of the caller's endpoints with what waited for it: nothing more is sent there. */
export async function deleteWebhook(db: Db, caller: RequestUser, id: string): Promise<void> {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, caller.id)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new NotFound('No such webhook');
}

const newestDeliveries: KeysetSort = {
  name: 'newest',
  key: webhookDeliveries.createdAt,
  type: 'timestamptz',
  direction: 'desc',
};

/** One page of an endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  caller: RequestUser,
  endpointId: string,
  query: WebhookDeliveriesQuery,
): Promise<Page<WebhookDelivery>> {
  const id = await ownEndpoint(db, caller, endpointId);
  const filter = eq(webhookDeliveries.endpointId, id);
  return keysetList({
    db,
    sort: newestDeliveries,
    id: webhookDeliveries.id,
    limit: query.limit,
    cursor: query.cursor,
    total: countWhere(webhookDeliveries, filter),
    rows: (page) =>
      db
        .select({
          id: webhookDeliveries.id,
          eventId: webhookDeliveries.eventId,
          event: webhookEvents.type,
          orderId: webhookEvents.orderId,
          state: webhookDeliveries.state,
          attempts: webhookDeliveries.attempts,
          lastStatus: webhookDeliveries.lastStatus,
          lastError: webhookDeliveries.lastError,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
          deliveredAt: webhookDeliveries.deliveredAt,
          createdAt: webhookDeliveries.createdAt,
          sortKey: sortKeyText(newestDeliveries),
          total: page.total,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(and(filter, page.after))
        .orderBy(page.orderBy)
        .limit(page.limit),
    toItem: (row) => ({
      id: row.id,
      eventId: row.eventId,
      event: row.event as WebhookEvent,
      orderId: row.orderId,
      state: row.state,
      attempts: row.attempts,
      lastStatus: row.lastStatus,
      lastError: row.lastError,
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }),
  });
}
