import { z } from 'zod';
import { addressFields } from './addresses.ts';
import {
  approvalStates,
  COMPANY_MEMBERS_MAX,
  companyMessages,
  companyRoles,
  DECISION_NOTE_MAX,
  SPENDING_LIMIT_MAX,
} from './company-texts.ts';
import { cursorParam, limitParam } from './lists.ts';
import { loginEmail } from './rules.ts';

// Company accounts (issue 18, PRODUCT §8): a customer creates a company and becomes its owner;
// owners invite buyers by e-mail, set roles and spending limits, and approve orders above a limit.

const role = z.enum(companyRoles, { error: companyMessages.role });

/** Dollars per order, or null for no limit; cents are kept exactly. */
const spendingLimit = z
  .number({ error: companyMessages.spendingLimit })
  .min(0, companyMessages.spendingLimit)
  .max(SPENDING_LIMIT_MAX, companyMessages.spendingLimit)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: companyMessages.spendingLimit,
  })
  .nullable();

export const companyBody = z.strictObject({
  legalName: z
    .string({ error: companyMessages.legalName })
    .trim()
    .min(1, companyMessages.legalName)
    .max(120, companyMessages.legalName),
  taxId: z
    .string({ error: companyMessages.taxId })
    .trim()
    .min(2, companyMessages.taxId)
    .max(30, companyMessages.taxId)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]*$/, companyMessages.taxId),
  billingAddress: addressFields,
});
export type CompanyBody = z.infer<typeof companyBody>;

export const companyAddress = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

export const companyMember = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role,
  /** Dollars per order above which the member's orders wait for an owner's approval; null: none. */
  spendingLimit: z.number().nullable(),
  joinedAt: z.iso.datetime({ offset: true }),
});
export type CompanyMember = z.infer<typeof companyMember>;

/** An invitation still waiting to be accepted (the link itself is only ever e-mailed). */
export const companyInvitation = z.object({
  _id: z.uuid(),
  email: z.string(),
  role,
  spendingLimit: z.number().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CompanyInvitation = z.infer<typeof companyInvitation>;

export const company = z.object({
  _id: z.uuid(),
  legalName: z.string(),
  taxId: z.string(),
  billingAddress: companyAddress,
  /** The caller's own role in it. */
  role,
  members: z.array(companyMember).max(COMPANY_MEMBERS_MAX),
  /** Waiting invitations: owners see them, buyers get an empty list. */
  invitations: z.array(companyInvitation).max(COMPANY_MEMBERS_MAX),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Company = z.infer<typeof company>;

export const invitationBody = z.strictObject({
  email: loginEmail,
  role,
  spendingLimit: spendingLimit.default(null),
});
export type InvitationBody = z.infer<typeof invitationBody>;

export const acceptInvitationBody = z.strictObject({
  token: z.string({ error: companyMessages.token }).trim().min(20, companyMessages.token).max(200),
});

export const memberBody = z.strictObject({ role, spendingLimit });
export type MemberBody = z.infer<typeof memberBody>;

export const memberParams = z.object({
  userId: z.uuid({ error: 'userId must be a member id (a UUID)' }),
});
export const invitationParams = z.object({
  id: z.uuid({ error: 'id must be an invitation id (a UUID)' }),
});

/** GET /api/company/orders: every order of the company, newest first, with who placed it. */
export const companyOrdersQuery = z.strictObject({
  state: z.enum(['all', 'awaiting', 'cancelled']).optional(),
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});
export type CompanyOrdersQuery = z.infer<typeof companyOrdersQuery>;

export const approveBody = z
  .strictObject({
    note: z
      .string({ error: companyMessages.note })
      .trim()
      .max(DECISION_NOTE_MAX, companyMessages.note)
      .optional(),
  })
  .nullish();
export const rejectBody = z.strictObject({
  note: z
    .string({ error: companyMessages.rejectNote })
    .trim()
    .min(1, companyMessages.rejectNote)
    .max(DECISION_NOTE_MAX, companyMessages.rejectNote),
});

export const approvalState = z.enum(approvalStates);
