import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { companies } from '../companies/companies.table.ts';

/**
 * Saved ship-to addresses (issue 17 #3), chosen at checkout: a customer's own, or, once they
 * belong to a company, the company's (`companyId`: every member's addresses are the company's,
 * issue 18). At most one default per customer on their own or per company.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('addresses_company_id_created_at_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.companyId} is not null`),
    uniqueIndex('addresses_one_default_idx')
      .on(sql`coalesce(${t.companyId}, ${t.userId})`)
      .where(sql`${t.isDefault}`),
  ],
);
