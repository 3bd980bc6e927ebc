import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { companies } from '../companies/companies.table.ts';

/**
 * A customer's API key (issue 19 #3), for their own purchasing system: only the SHA-256 of the key
 * is kept (the key is 32 random bytes, so a plain hash is enough), with its first characters to
 * recognise it by. A key made by a company's owner is the company's: it works while its maker is
 * still an owner of that company (`company_id`), and for nobody else.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull().unique('api_keys_token_hash_key'),
    start: text('start').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // A customer's live keys, newest first (GET /api/keys and the cap on how many).
    index('api_keys_user_id_created_at_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.revokedAt} is null`),
  ],
);
