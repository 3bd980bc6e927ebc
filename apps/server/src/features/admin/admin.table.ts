import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { trigramIndex } from '../../db/trigram-index.ts';
import { users } from '../accounts/accounts.table.ts';

/**
 * Who did what, when, in the admin area. The admin's e-mail is copied so a row still says who
 * acted after that admin's account is removed (the id is then set to null).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    /** One of the contract's `auditAction`s: 'make-admin', 'remove-user', 'ship-order', … */
    action: text('action').notNull(),
    /** What it was done to: an e-mail, an order id or a part id. */
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The audit log's page (newest first), its filter by action and its search (admin.service.ts).
    index('admin_audit_log_created_at_id_idx').on(t.createdAt, t.id),
    index('admin_audit_log_action_idx').on(t.action, t.createdAt),
    trigramIndex(
      'admin_audit_log_search_trgm_idx',
      sql`lower(${t.adminEmail} || ' ' || ${t.target}) gin_trgm_ops`,
    ),
  ],
);
