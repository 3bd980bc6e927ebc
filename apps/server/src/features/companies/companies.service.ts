import {
  COMPANY_MEMBERS_MAX,
  type Company,
  type CompanyAccount,
  type CompanyBody,
  type CompanyInvitation,
  type CompanyRole,
  companyMessages,
  type MemberBody,
} from '@axle/contract';
import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNull,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.ts';
import { accountsByIds } from '../accounts/accounts.service.ts';
import { shareAddressesWithCompany } from '../addresses/addresses.service.ts';
import { companies, companyInvitations, companyMembers } from './companies.table.ts';

// Company accounts (issue 18 #1): a customer creates a company and becomes its owner; owners
// invite people by a single-use e-mailed link, set each member's role and spending limit, and
// remove members. A person belongs to at most one company (company_members' primary key). Every
// call works on the caller's own company only: another company's members, invitations and orders
// are never named.

/** The caller's place in a company: which, as what, and up to how much an order needs no approval. */
export type Membership = {
  companyId: string;
  role: CompanyRole;
  /** Cents per order; null: no limit (owners never need approval). */
  spendingLimitCents: number | null;
};

export const toCents = (dollars: number | null) =>
  dollars === null ? null : Math.round(dollars * 100);
export const toDollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** Whether `userId` (an SQL value) is still an owner of `companyId`: an SQL condition. */
export function isOwnerOf(userId: SQLWrapper, companyId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${companyMembers}
    where ${companyMembers.userId} = ${userId}
      and ${companyMembers.companyId} = ${companyId}
      and ${companyMembers.role} = 'owner')`;
}

/** The id of the company `userId` belongs to, as an SQL value (null when they buy on their own). */
export function companyIdOf(userId: SQLWrapper | string): SQL {
  return sql`(select ${companyMembers.companyId} from ${companyMembers}
    where ${companyMembers.userId} = ${userId})`;
}

/** The caller's company membership, or null when they buy on their own. */
export async function membershipOf(db: Db | Tx, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      spendingLimitCents: companyMembers.spendingLimitCents,
    })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return row ?? null;
}

/** A membership as a checkout reads it: with whether the company pays on account (issue 18 #4). */
export type OrderingMembership = Membership & { onAccount: boolean };

/**
 * The membership of the customer `userId` names, as one SQL value (JSON, an `OrderingMembership`;
 * null when they buy on their own) for a use case's statement such as the checkout's first.
 */
export function membershipValue(userId: SQLWrapper): SQL {
  return sql`(select json_build_object('companyId', m.company_id, 'role', m.role,
      'spendingLimitCents', m.spending_limit_cents, 'onAccount', c.on_account)
    from ${companyMembers} m join ${companies} c on c.id = m.company_id where m.user_id = ${userId})`;
}

/**
 * The membership of a customer as a common table expression (`company_id`, `role`,
 * `spending_limit_cents`; no row when they buy on their own), for one-statement writes such as
 * the purchase form's order.
 */
export function membershipCte(db: Db | Tx, userId: Placeholder) {
  return db.$with('membership').as(
    db
      .select({
        companyId: sql<string>`${companyMembers.companyId}`.as('company_id'),
        role: sql<string>`${companyMembers.role}`.as('role'),
        spendingLimitCents: sql<number | null>`${companyMembers.spendingLimitCents}`.as(
          'spending_limit_cents',
        ),
      })
      .from(companyMembers)
      .where(eq(companyMembers.userId, userId)),
  );
}

/** The caller's membership; a customer on their own gets a 404 that says so. */
export async function requireMembership(db: Db | Tx, caller: RequestUser): Promise<Membership> {
  const membership = await membershipOf(db, caller.id);
  if (!membership) throw new NotFound(companyMessages.none);
  return membership;
}

/** The caller's membership as an owner; a buyer gets a 403. */
export async function requireOwner(db: Db | Tx, caller: RequestUser): Promise<Membership> {
  const membership = await requireMembership(db, caller);
  if (membership.role !== 'owner') throw new Forbidden(companyMessages.ownersOnly);
  return membership;
}

/** A company's people take turns at changes to who belongs and who owns (bounds and last owner). */
export async function lockCompany(tx: Tx, companyId: string) {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
}

/** Those who approve a company's orders: its owners, with their e-mail addresses. */
export async function ownersOf(
  db: Db | Tx,
  companyId: string,
): Promise<{ id: string; name: string; email: string }[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')));
  return accountsByIds(
    db,
    rows.map((row) => row.userId),
  );
}

/** What an invoice says of the company that bought: legal name, tax id and billing address. */
export type CompanyDetails = {
  legalName: string;
  taxId: string;
  billingAddress: string[];
};

export async function companyDetails(
  db: Db | Tx,
  companyId: string,
): Promise<CompanyDetails | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) return null;
  return {
    legalName: row.legalName,
    taxId: row.taxId,
    billingAddress: [
      row.billingLine1,
      row.billingLine2,
      `${row.billingPostalCode} ${row.billingCity}`,
      row.billingCountry,
    ].filter((line): line is string => Boolean(line)),
  };
}

/** The legal names of these companies, by id (an orders file names each order's company). */
export async function legalNamesOf(
  db: Db | Tx,
  companyIds: readonly string[],
): Promise<Map<string, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, legalName: companies.legalName })
    .from(companies)
    .where(inArray(companies.id, [...companyIds]));
  return new Map(rows.map((row) => [row.id, row.legalName]));
}

export const pendingInvitations = (companyId: string, at: Date) =>
  and(
    eq(companyInvitations.companyId, companyId),
    isNull(companyInvitations.acceptedAt),
    isNull(companyInvitations.revokedAt),
    gt(companyInvitations.expiresAt, at),
  );

export function toInvitation(row: typeof companyInvitations.$inferSelect): CompanyInvitation {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    spendingLimit: toDollars(row.spendingLimitCents),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The caller's company, or null when they buy on their own: the ordinary answer for most
 * customers, so not an error (pages ask it to know whether to show a member's prices).
 */
export async function findCompany(
  db: Db | Tx,
  caller: RequestUser,
  at: Date,
): Promise<Company | null> {
  const membership = await membershipOf(db, caller.id);
  return membership ? companyOf(db, membership, at) : null;
}

/** The caller's company with its members (and, for owners, the invitations still waiting). */
export async function getCompany(db: Db | Tx, caller: RequestUser, at: Date): Promise<Company> {
  return companyOf(db, await requireMembership(db, caller), at);
}

/** A member's company as they see it: an owner sees the invitations still waiting too. */
async function companyOf(db: Db | Tx, membership: Membership, at: Date): Promise<Company> {
  const [row] = await db.select().from(companies).where(eq(companies.id, membership.companyId));
  if (!row) throw new NotFound(companyMessages.none);
  const invitations =
    membership.role === 'owner'
      ? await db
          .select()
          .from(companyInvitations)
          .where(pendingInvitations(row.id, at))
          .orderBy(asc(companyInvitations.createdAt))
          .limit(COMPANY_MEMBERS_MAX)
      : [];
  return {
    _id: row.id,
    legalName: row.legalName,
    taxId: row.taxId,
    billingAddress: billingAddressOf(row),
    role: membership.role,
    members: await membersOf(db, row.id),
    invitations: invitations.map(toInvitation),
    account: accountOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export type CompanyRow = typeof companies.$inferSelect;

export function accountOf(row: CompanyRow): CompanyAccount {
  return {
    onAccount: row.onAccount,
    creditLimit: row.creditLimitCents / 100,
    termsDays: row.termsDays,
    creditUsed: row.creditUsedCents / 100,
  };
}

export const billingAddressOf = (row: CompanyRow) => ({
  line1: row.billingLine1,
  line2: row.billingLine2,
  city: row.billingCity,
  postalCode: row.billingPostalCode,
  country: row.billingCountry,
});

/** A company's people, the earliest first, with their names and e-mail addresses. */
export async function membersOf(db: Db | Tx, companyId: string) {
  const members = await db
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.joinedAt), asc(companyMembers.userId))
    .limit(COMPANY_MEMBERS_MAX);
  const ids = members.map((member) => member.userId);
  const people = new Map((await accountsByIds(db, ids)).map((a) => [a.id, a]));
  return members.map((member) => ({
    userId: member.userId,
    name: people.get(member.userId)?.name ?? '',
    email: people.get(member.userId)?.email ?? '',
    role: member.role,
    spendingLimit: toDollars(member.spendingLimitCents),
    joinedAt: member.joinedAt.toISOString(),
  }));
}

/**
 * Creates a company with the caller as its owner; their ship-to addresses become the company's.
 * Someone who already belongs to a company gets a 409.
 */
export async function createCompany(
  db: Db,
  caller: RequestUser,
  body: CompanyBody,
  at: Date,
): Promise<Company> {
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        legalName: body.legalName,
        taxId: body.taxId,
        billingLine1: body.billingAddress.line1,
        billingLine2: body.billingAddress.line2 ?? null,
        billingCity: body.billingAddress.city,
        billingPostalCode: body.billingAddress.postalCode,
        billingCountry: body.billingAddress.country,
      })
      .returning({ id: companies.id });
    if (!company) throw new Error('the new company was not returned');
    await join(tx, caller.id, company.id, { role: 'owner', spendingLimitCents: null });
  });
  return getCompany(db, caller, at);
}

/** Makes a person a member (409 if they belong to a company already); their addresses follow. */
export async function join(
  tx: Tx,
  userId: string,
  companyId: string,
  as: { role: CompanyRole; spendingLimitCents: number | null },
) {
  const [joined] = await tx
    .insert(companyMembers)
    .values({ userId, companyId, ...as })
    .onConflictDoNothing()
    .returning({ userId: companyMembers.userId });
  if (!joined) throw new Conflict(companyMessages.already);
  await shareAddressesWithCompany(tx, userId, companyId);
}

/** A member of the caller's company (locked until the transaction ends); anyone else is a 404. */
async function memberOfCompany(tx: Tx, companyId: string, userId: string) {
  const [member] = await tx
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .for('update');
  if (!member) throw new NotFound(companyMessages.noMember);
  return member;
}

/** Whether the company keeps an owner besides `userId`. */
async function hasOtherOwner(tx: Tx, companyId: string, userId: string): Promise<boolean> {
  const [other] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.role, 'owner'),
        sql`${companyMembers.userId} <> ${userId}`,
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** An owner sets a member's role and spending limit; the last owner stays an owner. */
export async function updateMember(
  db: Db,
  caller: RequestUser,
  userId: string,
  body: MemberBody,
  at: Date,
): Promise<Company> {
  await db.transaction(async (tx) => {
    const { companyId } = await requireOwner(tx, caller);
    await lockCompany(tx, companyId);
    const member = await memberOfCompany(tx, companyId, userId);
    if (
      member.role === 'owner' &&
      body.role !== 'owner' &&
      !(await hasOtherOwner(tx, companyId, userId))
    )
      throw new Conflict(companyMessages.lastOwner);
    await tx
      .update(companyMembers)
      .set({
        role: body.role,
        spendingLimitCents: body.role === 'owner' ? null : toCents(body.spendingLimit),
      })
      .where(eq(companyMembers.userId, userId));
  });
  return getCompany(db, caller, at);
}

/**
 * An owner removes a member, or a member leaves (their own id). The addresses they saved stay the
 * company's, and so do their orders; the last owner cannot go.
 */
export async function removeMember(
  db: Db,
  caller: RequestUser,
  userId: string,
): Promise<{ deletedCount: number }> {
  return db.transaction(async (tx) => {
    const membership = await requireMembership(tx, caller);
    if (userId !== caller.id && membership.role !== 'owner')
      throw new Forbidden(companyMessages.ownersOnly);
    await lockCompany(tx, membership.companyId);
    const member = await memberOfCompany(tx, membership.companyId, userId);
    if (member.role === 'owner' && !(await hasOtherOwner(tx, membership.companyId, userId)))
      throw new Conflict(companyMessages.lastOwner);
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    return { deletedCount: 1 };
  });
}
