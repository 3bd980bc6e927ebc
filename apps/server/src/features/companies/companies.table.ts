import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { trigramIndex } from '../../db/trigram-index.ts';
import { users } from '../accounts/accounts.table.ts';
import { categories, parts } from '../catalog/catalog.table.ts';

/**
 * A business that buys through several people (issue 18): its legal name, tax/VAT id and billing
 * address (printed on its invoices). Its ship-to addresses are the addresses rows that carry its id.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legalName: text('legal_name').notNull(),
    taxId: text('tax_id').notNull(),
    billingLine1: text('billing_line1').notNull(),
    billingLine2: text('billing_line2'),
    billingCity: text('billing_city').notNull(),
    billingPostalCode: text('billing_postal_code').notNull(),
    billingCountry: text('billing_country').notNull(),
    /**
     * Payment on account (issue 18 #4), as the shop's admin allows it: orders are invoiced and
     * shipped without a card, due `termsDays` after the invoice, while what is owed stays within
     * the credit limit (cents).
     */
    onAccount: boolean('on_account').notNull().default(false),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    /**
     * What the company owes on open invoices on account, kept exactly: an order charged to the
     * account adds its total and its recorded payment takes it off, both under a lock of this row.
     */
    creditUsedCents: bigint('credit_used_cents', { mode: 'number' }).notNull().default(0),
    termsDays: integer('terms_days').notNull().default(30),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_credit_limit', sql`${t.creditLimitCents} >= 0`),
    check('companies_credit_used', sql`${t.creditUsedCents} >= 0`),
    check('companies_terms_days', sql`${t.termsDays} between 0 and 365`),
    // The admin's Companies page searches legal names and tax ids.
    trigramIndex(
      'companies_search_trgm_idx',
      sql`lower(${t.legalName} || ' ' || ${t.taxId}) gin_trgm_ops`,
    ),
    index('companies_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The people of a company: a person belongs to at most one (the primary key), as an owner or a
 * buyer, with a spending limit per order in cents (null: none) above which their orders wait for
 * an owner's approval.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'buyer'] }).notNull(),
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_members_company_id_joined_at_idx').on(t.companyId, t.joinedAt),
    check('company_members_role', sql`${t.role} in ('owner', 'buyer')`),
    check(
      'company_members_limit',
      sql`${t.spendingLimitCents} is null or ${t.spendingLimitCents} >= 0`,
    ),
  ],
);

/**
 * An owner's invitation to join the company, e-mailed as a single-use link that works for
 * INVITATION_DAYS; only the token's hash is stored.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique('company_invitations_token_hash_key'),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'buyer'] }).notNull(),
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_invitations_company_id_idx').on(t.companyId, t.createdAt),
    check('company_invitations_role', sql`${t.role} in ('owner', 'buyer')`),
  ],
);

/**
 * A company's own price list (issue 18 #5), set by the shop's admin: a fixed price per part, and
 * a percentage off per category (in basis points: 1250 is 12.5 %), which holds for the categories
 * below it too unless one of them has its own. The server prices every line of the company's
 * members with it (`companyUnitPriceCents`).
 */
export const companyPartPrices = pgTable(
  'company_part_prices',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.partId] }),
    index('company_part_prices_part_id_idx').on(t.partId),
    check('company_part_prices_positive', sql`${t.priceCents} > 0`),
  ],
);

export const companyCategoryDiscounts = pgTable(
  'company_category_discounts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    basisPoints: integer('basis_points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.categoryId] }),
    index('company_category_discounts_category_id_idx').on(t.categoryId),
    check('company_category_discounts_range', sql`${t.basisPoints} between 1 and 9900`),
  ],
);
