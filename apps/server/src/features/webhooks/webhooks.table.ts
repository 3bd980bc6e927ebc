import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { companies } from '../companies/companies.table.ts';

/**
 * Where a customer's system wants to hear of their orders (issue 19 #4): an https URL, the events
 * it takes, and the secret its deliveries are signed with (kept as it is: signing needs it). One
 * made by a company's owner hears of every order of the company while its maker is an owner.
 * `lease_until` is how one delivery at a time reaches an endpoint across instances: the worker that
 * leased it delivers, the others pass it by until the lease ends (a crashed worker's lapses).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_user_id_idx').on(t.userId, t.createdAt),
    index('webhook_endpoints_company_id_idx')
      .on(t.companyId)
      .where(sql`${t.companyId} is not null`),
  ],
);

/**
 * The outbox: an order event, written by a trigger on `orders` in the same transaction as the
 * change (migration 0021), only when some endpoint takes it. `payload` is the order as it was
 * when the transaction committed.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    orderId: uuid('order_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_created_at_idx').on(t.createdAt)],
);

/**
 * One event to one endpoint: pending until the endpoint answers 2xx (delivered) or a day of
 * retries with exponential back-off has passed (failed).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_deliveries_state', sql`${t.state} in ('pending', 'delivered', 'failed')`),
    // An endpoint's deliveries, newest first (its page on the dashboard).
    index('webhook_deliveries_endpoint_id_created_at_idx').on(t.endpointId, t.createdAt, t.id),
    // What is due, for the worker: across endpoints, and an endpoint's next (and how many wait).
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_endpoint_due_idx')
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_event_id_idx').on(t.eventId),
  ],
);
