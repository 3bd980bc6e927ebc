// A company's own prices (issue 18 #5): the shop's admin gives a company a fixed price per part
// or a percentage off per category; the server applies them to every line a member orders (the
// purchase form, the cart, checkout), and members see their prices everywhere.
import {
  COMPANY_PRICES_MAX,
  type CompanyPriceList,
  type CompanyPriceListBody,
  companyMessages,
  numberKey,
  type PartPrice,
} from '@axle/contract';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { Invalid } from '../../domain/errors.ts';
import { categoryNames, partsByNumberKeys, shownParts } from '../catalog/catalog.service.ts';
import { type Pricing, tierPrices } from '../catalog/stock.service.ts';
import { companyCategoryDiscounts, companyPartPrices } from './companies.table.ts';

/**
 * What a unit costs a member of the company whose id `companyId` evaluates to (null: nobody's,
 * the price stays): its fixed price for the part if it has one (never above the volume price), or
 * else the volume price less the percentage off of the part's category or the nearest category
 * above it that has one. One SQL expression, for the statements that price and reserve.
 */
export function companyPricing(companyId: SQLWrapper | string): Pricing {
  return (part, base) => sql<number>`(case when ${companyId}::uuid is null then ${base} else (
    select case when fixed.price_cents is not null then least(${base}, fixed.price_cents)
      else round(${base} * (10000 - coalesce(off.basis_points, 0)) / 10000.0)::int end
    from (select (select cp.price_cents from ${companyPartPrices} cp
                    where cp.company_id = ${companyId}::uuid and cp.part_id = ${part.id}) as price_cents
         ) fixed,
         (select (select d.basis_points
                    from jsonb_array_elements(coalesce(${part.categoryPath}, '[]'::jsonb))
                           with ordinality as step(node, n)
                    join ${companyCategoryDiscounts} d
                      on d.company_id = ${companyId}::uuid and d.category_id = (step.node ->> 'id')::uuid
                    order by step.n desc limit 1) as basis_points
         ) off) end)`;
}

/**
 * A member's prices of these parts (at most a page of them), as the catalogue shows a part's
 * price and volume tiers: the company's applied to each.
 */
export async function pricesForCompany(
  db: Db,
  companyId: string,
  partIds: readonly string[],
): Promise<PartPrice[]> {
  return tierPrices(db, partIds, companyPricing(companyId));
}

/** A company's price list, as the admin sees and edits it. */
export async function priceListOf(db: Db | Tx, companyId: string): Promise<CompanyPriceList> {
  const off = await db
    .select()
    .from(companyCategoryDiscounts)
    .where(eq(companyCategoryDiscounts.companyId, companyId))
    .limit(COMPANY_PRICES_MAX);
  const fixed = await db
    .select()
    .from(companyPartPrices)
    .where(eq(companyPartPrices.companyId, companyId))
    .limit(COMPANY_PRICES_MAX);
  const names = await categoryNames(
    db,
    off.map((row) => row.categoryId),
  );
  const shown = new Map(
    (
      await shownParts(
        db,
        fixed.map((row) => row.partId),
      )
    ).map((part) => [part._id, part]),
  );
  return {
    categories: off
      .map((row) => ({
        categoryId: row.categoryId,
        name: names.get(row.categoryId) ?? '',
        percentOff: row.basisPoints / 100,
      }))
      .sort((x, y) => x.name.localeCompare(y.name)),
    parts: fixed
      .map((row) => ({
        partId: row.partId,
        partNumber: shown.get(row.partId)?.partNumber ?? '',
        name: shown.get(row.partId)?.name ?? '',
        price: row.priceCents / 100,
      }))
      .sort((x, y) => x.partNumber.localeCompare(y.partNumber)),
  };
}

/**
 * Replaces a company's price list, in the caller's transaction. Part numbers are read in any
 * spelling; an unknown one, or an unknown category, is a 400 that names it and changes nothing.
 */
export async function replacePriceList(
  tx: Tx,
  companyId: string,
  body: CompanyPriceListBody,
): Promise<void> {
  const found = await partsByNumberKeys(
    tx,
    body.parts.map((line) => numberKey(line.partNumber)),
  );
  const byKey = new Map([...found].map(([key, part]) => [key, part._id]));
  const unknown = body.parts.filter((line) => !byKey.has(numberKey(line.partNumber)));
  if (unknown.length > 0)
    throw new Invalid(companyMessages.unknownParts(unknown.map((line) => line.partNumber)));
  await tx.delete(companyPartPrices).where(eq(companyPartPrices.companyId, companyId));
  await tx
    .delete(companyCategoryDiscounts)
    .where(eq(companyCategoryDiscounts.companyId, companyId));
  const fixed = new Map(
    body.parts.map((line) => [byKey.get(numberKey(line.partNumber)) ?? '', line.price]),
  );
  if (fixed.size > 0)
    await tx.insert(companyPartPrices).values(
      [...fixed].map(([partId, price]) => ({
        companyId,
        partId,
        priceCents: Math.round(price * 100),
      })),
    );
  const off = new Map(body.categories.map((line) => [line.categoryId, line.percentOff]));
  if (off.size === 0) return;
  try {
    await tx.insert(companyCategoryDiscounts).values(
      [...off].map(([categoryId, percentOff]) => ({
        companyId,
        categoryId,
        basisPoints: Math.round(percentOff * 100),
      })),
    );
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '23503')
      throw new Invalid(companyMessages.unknownCategory);
    throw error;
  }
}
