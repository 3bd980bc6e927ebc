import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The offline sandbox provider's own records: what Stripe would keep on its side. The shop's
 * view of each intent is in `payments`; this table stands in for the provider.
 */
export const sandboxIntents = pgTable(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: uuid('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_intents_client_secret_idx').on(t.clientSecret),
    uniqueIndex('sandbox_intents_idempotency_key_idx').on(t.idempotencyKey),
    index('sandbox_intents_order_id_idx').on(t.orderId),
  ],
);

/** The sandbox's refunds of succeeded intents: never more in all than the intent's amount. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => sandboxIntents.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_key_idx').on(t.idempotencyKey),
    index('sandbox_refunds_intent_id_idx').on(t.intentId),
  ],
);
