import { z } from 'zod';
import { addressFields } from './addresses.ts';
import {
  approvalStates,
  COMPANY_MEMBERS_MAX,
  COMPANY_PRICES_MAX,
  CREDIT_LIMIT_MAX,
  companyMessages,
  companyRoles,
  DECISION_NOTE_MAX,
  DEFAULT_TERMS_DAYS,
  PRICE_LOOKUP_MAX,
  SPENDING_LIMIT_MAX,
  TERMS_DAYS_MAX,
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

/** A company's payment on account, as the shop's admin set it, and how much of it is used. */
export const companyAccount = z.object({
  onAccount: z.boolean(),
  /** Dollars the company may owe at once on open invoices. */
  creditLimit: z.number(),
  /** Days after its invoice an order on account is due. */
  termsDays: z.number().int(),
  /** Dollars owed now: the open invoices on account. */
  creditUsed: z.number(),
});
export type CompanyAccount = z.infer<typeof companyAccount>;

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
  account: companyAccount,
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

// The shop's admin and companies (issue 18 #4-#6).

/** GET /api/admin/companies: searched by legal name or tax id, newest first. */
export const adminCompaniesQuery = z.strictObject({
  q: z.string().trim().max(100, 'q is at most 100 characters').optional(),
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});
export type AdminCompaniesQuery = z.infer<typeof adminCompaniesQuery>;

export const adminCompany = z.object({
  _id: z.uuid(),
  legalName: z.string(),
  taxId: z.string(),
  billingAddress: companyAddress,
  memberCount: z.number().int(),
  account: companyAccount,
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminCompany = z.infer<typeof adminCompany>;
export const adminCompanyList = z.array(adminCompany);

/** One company for the admin: its people too. */
export const adminCompanyDetail = adminCompany.extend({
  members: z.array(companyMember).max(COMPANY_MEMBERS_MAX),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetail>;

export const companyIdParams = z.object({
  id: z.uuid({ error: 'id must be a company id (a UUID)' }),
});

/** PUT /api/admin/companies/{id}/account: whether it pays on account, up to what, on what terms. */
export const companyAccountBody = z.strictObject({
  onAccount: z.boolean({ error: 'onAccount is true or false' }),
  creditLimit: z
    .number({ error: companyMessages.creditLimit })
    .min(0, companyMessages.creditLimit)
    .max(CREDIT_LIMIT_MAX, companyMessages.creditLimit)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: companyMessages.creditLimit,
    }),
  termsDays: z
    .number({ error: companyMessages.termsDays })
    .int(companyMessages.termsDays)
    .min(0, companyMessages.termsDays)
    .max(TERMS_DAYS_MAX, companyMessages.termsDays)
    .default(DEFAULT_TERMS_DAYS),
});
export type CompanyAccountBody = z.infer<typeof companyAccountBody>;

/** POST /api/admin/orders/{id}/settle: the admin records the payment of an invoice on account. */
export const settleBody = z.strictObject({
  reference: z
    .string({ error: companyMessages.reference })
    .trim()
    .min(1, companyMessages.reference)
    .max(80, companyMessages.reference),
});

/** GET /api/admin/invoices/overdue: open invoices on account past their due date, oldest due first. */
export const overdueQuery = z.strictObject({
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});
export type OverdueQuery = z.infer<typeof overdueQuery>;

// A company's own prices (issue 18 #5).

/** A part's price and volume tiers as one buyer pays them (a company member: its price list applied). */
export const partPrice = z.object({
  partId: z.uuid(),
  price: z.number(),
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
});
export type PartPrice = z.infer<typeof partPrice>;
export const partPriceList = z.array(partPrice);

/** GET /api/company/prices?ids=…: the caller's prices of these parts (comma-separated ids). */
export const partPricesQuery = z.strictObject({
  ids: z
    .string({ error: 'ids is a comma-separated list of part ids' })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'ids is a comma-separated list of part ids' }))
        .max(PRICE_LOOKUP_MAX, `ids names at most ${PRICE_LOOKUP_MAX} parts`),
    ),
});

const money = (message: string) =>
  z
    .number({ error: message })
    .min(0.01, message)
    .max(999_999.99, message)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { message });

/** PUT /api/admin/companies/{id}/prices: the company's whole price list, replaced. */
export const companyPriceListBody = z.strictObject({
  categories: z
    .array(
      z.strictObject({
        categoryId: z.uuid({ error: 'categoryId must be a category id (a UUID)' }),
        percentOff: z
          .number({ error: companyMessages.percentOff })
          .gt(0, companyMessages.percentOff)
          .max(99, companyMessages.percentOff),
      }),
    )
    .max(COMPANY_PRICES_MAX),
  parts: z
    .array(
      z.strictObject({
        partNumber: z.string().trim().min(1).max(40),
        price: money(companyMessages.fixedPrice),
      }),
    )
    .max(COMPANY_PRICES_MAX),
});
export type CompanyPriceListBody = z.infer<typeof companyPriceListBody>;

export const companyPriceList = z.object({
  categories: z.array(z.object({ categoryId: z.uuid(), name: z.string(), percentOff: z.number() })),
  parts: z.array(
    z.object({ partId: z.uuid(), partNumber: z.string(), name: z.string(), price: z.number() }),
  ),
});
export type CompanyPriceList = z.infer<typeof companyPriceList>;
