// Use case: the shop's admin allows a company to pay on account, with a credit limit and terms, or
// stops it (issue 18 #4, #6). In one transaction the company changes and the audit log says so.
import type { AdminCompanyDetail, CompanyAccountBody } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { adminCompanyById, setCompanyAccount } from './company-accounts.service.ts';

export async function setAccountOfCompany(
  db: Db,
  admin: RequestUser,
  companyId: string,
  body: CompanyAccountBody,
): Promise<AdminCompanyDetail> {
  return db.transaction(async (tx) => {
    await setCompanyAccount(tx, companyId, body);
    const company = await adminCompanyById(tx, companyId);
    await recordAdminAction(tx, admin, 'company-account', company.legalName);
    return company;
  });
}
