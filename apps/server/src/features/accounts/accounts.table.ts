import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { trigramIndex } from '../../db/trigram-index.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    img: text('img'),
    /** 'admin', or null for a customer (SPEC §3: role 'admin' or absent). */
    role: text('role'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The first sign-in provider: 'password' or 'google.com'. */
    providerId: text('provider_id').notNull(),
    /**
     * How many of the user's orders are neither paid nor cancelled, kept by a trigger on orders
     * (migration 0006) for whatever writes them: placing an order checks it against the cap.
     */
    unpaidOrders: integer('unpaid_orders').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // All User's sorts and search (features/accounts/accounts.service.ts listAccounts).
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    // The few admins, found without reading the customers.
    index('users_admins_idx').on(t.createdAt, t.id).where(sql`${t.role} = 'admin'`),
    index('users_name_lower_id_idx').on(sql`lower(${t.name})`, t.id),
    index('users_email_lower_id_idx').on(sql`lower(${t.email})`, t.id),
    trigramIndex('users_search_trgm_idx', sql`lower(${t.name} || ' ' || ${t.email}) gin_trgm_ops`),
  ],
);

/** Password credentials, apart from the user row so no user query can leak a hash by accident. */
export const credentials = pgTable('credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Links to outside identity providers (Google through OpenID Connect): provider + subject. */
export const identities = pgTable(
  'identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('identities_user_id_idx').on(t.userId),
  ],
);

/** A signed-in device. Revoking it ends its refresh tokens and its access tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens, stored hashed; a rotated token is kept (usedAt set) to detect reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Single-use e-mailed links: password reset and e-mail verification, stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password-reset', 'verify-email'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_id_idx').on(t.userId)],
);
