import {
  type AdminCompaniesQuery,
  type AdminCompany,
  type AdminCompanyDetail,
  type CompanyAccountBody,
  companyMessages,
} from '@axle/contract';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  countWhere,
  type KeysetSort,
  keysetList,
  matchesEveryWord,
  type Page,
  sortKeyText,
} from '../../db/paging.ts';
import { Conflict, NotFound } from '../../domain/errors.ts';
import { accountOf, billingAddressOf, type CompanyRow, membersOf } from './companies.service.ts';
import { companies, companyMembers } from './companies.table.ts';

// Payment on account (issue 18 #4) and the shop's admin of companies (#6).

/**
 * Charges an order's total to its company's account, in the caller's transaction: the company's
 * row stays locked until it ends, so concurrent checkouts on every instance take turns and what is
 * owed never exceeds the credit limit. A company that does not pay on account, or whose account
 * has too little left, gets a 409 and nothing changes. Says how many days the invoice is due in.
 */
export async function chargeAccount(
  tx: Tx,
  companyId: string,
  totalCents: number,
): Promise<{ termsDays: number }> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!row?.onAccount) throw new Conflict(companyMessages.notOnAccount);
  const left = row.creditLimitCents - row.creditUsedCents;
  if (totalCents > left)
    throw new Conflict(companyMessages.creditExceeded((Math.max(0, left) / 100).toFixed(2)));
  await tx
    .update(companies)
    .set({ creditUsedCents: sql`${companies.creditUsedCents} + ${totalCents}` })
    .where(eq(companies.id, companyId));
  return { termsDays: row.termsDays };
}

/** A payment of an invoice on account was recorded: what the company owes goes down by it. */
export async function creditAccount(tx: Tx, companyId: string, totalCents: number): Promise<void> {
  await tx
    .update(companies)
    .set({ creditUsedCents: sql`greatest(${companies.creditUsedCents} - ${totalCents}, 0)` })
    .where(eq(companies.id, companyId));
}

function toAdminCompany(row: CompanyRow & { memberCount: number }): AdminCompany {
  return {
    _id: row.id,
    legalName: row.legalName,
    taxId: row.taxId,
    billingAddress: billingAddressOf(row),
    memberCount: row.memberCount,
    account: accountOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

const memberCount = sql<number>`(select count(*) from ${companyMembers}
  where ${companyMembers.companyId} = ${companies.id})`.mapWith(Number);

const newestCompanies: KeysetSort = {
  name: 'newest',
  key: companies.createdAt,
  type: 'timestamptz',
  direction: 'desc',
};

/** The admin's Companies page: newest first, searched by legal name or tax id (every word). */
export async function listCompanies(
  db: Db,
  query: AdminCompaniesQuery,
): Promise<Page<AdminCompany>> {
  const filter: SQL | undefined = matchesEveryWord(
    sql`lower(${companies.legalName} || ' ' || ${companies.taxId})`,
    query.q,
  );
  return keysetList({
    db,
    sort: newestCompanies,
    id: companies.id,
    limit: query.limit,
    cursor: query.cursor,
    total: countWhere(companies, filter),
    rows: (page) =>
      db
        .select({
          ...getTableColumns(companies),
          memberCount,
          sortKey: sortKeyText(newestCompanies),
          total: page.total,
        })
        .from(companies)
        .where(and(filter, page.after))
        .orderBy(page.orderBy)
        .limit(page.limit),
    toItem: (row) => toAdminCompany(row),
  });
}

/** One company for the admin, with its people; an unknown id is a 404. */
export async function adminCompanyById(db: Db | Tx, id: string): Promise<AdminCompanyDetail> {
  const [row] = await db
    .select({ ...getTableColumns(companies), memberCount })
    .from(companies)
    .where(eq(companies.id, id));
  if (!row) throw new NotFound(companyMessages.noCompany);
  return { ...toAdminCompany(row), members: await membersOf(db, id) };
}

/** The admin sets whether a company pays on account, its credit limit and terms (in the caller's transaction). */
export async function setCompanyAccount(
  tx: Tx,
  id: string,
  body: CompanyAccountBody,
): Promise<void> {
  const [row] = await tx
    .update(companies)
    .set({
      onAccount: body.onAccount,
      creditLimitCents: Math.round(body.creditLimit * 100),
      termsDays: body.termsDays,
    })
    .where(eq(companies.id, id))
    .returning({ id: companies.id });
  if (!row) throw new NotFound(companyMessages.noCompany);
}
