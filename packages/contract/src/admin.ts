import { z } from 'zod';
import { order } from './orders.ts';

/** SPEC §7 `GET /users`: an account as the All User table shows it; never credentials. */
export const adminUser = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin']).nullable(),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserList = z.array(adminUser);

export const userEmailParams = z.object({ email: z.string().trim().min(1).max(254) });
export const modifiedReply = z.object({ modifiedCount: z.number().int() });
export const deletedReply = z.object({ deletedCount: z.number().int() });

/** `PUT /manageorders/{id}`: 1 with the shipped order, or 0 when it was already shipped. */
export const shipOrderReply = z.object({
  modifiedCount: z.number().int(),
  order: order.optional(),
});

export const auditAction = z.enum([
  'make-admin',
  'remove-user',
  'ship-order',
  'delete-order',
  'add-part',
  'edit-part',
  'import-catalogue',
  'company-account',
  'settle-invoice',
  'company-prices',
  'add-warehouse',
  'edit-warehouse',
  'set-stock',
  'core-return',
  'set-reorder-point',
]);
export type AuditAction = z.infer<typeof auditAction>;

/** One admin action: who (the admin's e-mail, kept after removal), what, to what and when. */
export const auditEntry = z.object({
  _id: z.number().int(),
  adminEmail: z.string(),
  action: auditAction,
  target: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditLog = z.array(auditEntry);
