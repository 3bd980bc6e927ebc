// Use case: the shop's admin gives a company its own prices (issue 18 #5, #6): a fixed price per
// part and a percentage off per category, the whole list replaced in one transaction with the
// change in the audit log. Members pay them from the next line they price.
import type { CompanyPriceList, CompanyPriceListBody } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { adminCompanyById } from './company-accounts.service.ts';
import { priceListOf, replacePriceList } from './company-prices.service.ts';

export async function setPricesOfCompany(
  db: Db,
  admin: RequestUser,
  companyId: string,
  body: CompanyPriceListBody,
): Promise<CompanyPriceList> {
  return db.transaction(async (tx) => {
    const company = await adminCompanyById(tx, companyId);
    await replacePriceList(tx, companyId, body);
    await recordAdminAction(tx, admin, 'company-prices', company.legalName);
    return priceListOf(tx, companyId);
  });
}
