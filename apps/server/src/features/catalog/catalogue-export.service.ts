import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueCsvColumn,
  formatBrandNumbers,
  formatFitmentVehicle,
  formatPriceTiers,
  neutraliseCell,
  stockColumn,
} from '@axle/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fittedVehiclesOf } from '../vehicles/fitment.service.ts';
import { stockOfParts, warehouseCodes } from '../warehouses/stock.service.ts';
import { brands, categories, partPriceTiers, partReferences, parts } from './catalog.table.ts';
import { csvLine } from './csv.service.ts';

/** Parts read per statement: the export holds one page at a time, never the catalogue. */
const PAGE = 1000;

const groupBy = <T extends { partId: string }>(rows: readonly T[]) => {
  const byPart = new Map<string, T[]>();
  for (const row of rows) {
    const list = byPart.get(row.partId) ?? [];
    list.push(row);
    byPart.set(row.partId, list);
  }
  return byPart;
};

/**
 * The catalogue as a CSV file (issue 16 #7), a page of parts at a time in part number order (keyset on the number's key), in the
 * import's columns and cell formats: imported again, it changes nothing. A cell a spreadsheet
 * would run as a formula is neutralised (`neutraliseCell`), which the import undoes. After the
 * catalogue's columns, one per warehouse gives what it holds (`stock:DHK`).
 */
export async function* catalogueCsv(db: Db): AsyncGenerator<string> {
  // One column per warehouse (issue 32 #2), in the shop's order.
  const places = await warehouseCodes(db);
  yield csvLine([...CATALOGUE_CSV_COLUMNS, ...places.map((place) => stockColumn(place.code))]);
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select({
        id: parts.id,
        key: parts.partNumberKey,
        partNumber: parts.partNumber,
        name: parts.name,
        description: parts.description,
        img: parts.img,
        priceCents: parts.priceCents,
        availableQuantity: parts.availableQuantity,
        minimumQuantity: parts.minimumQuantity,
        brand: brands.name,
        category: categories.slug,
        supersededBy: sql<
          string | null
        >`(select r.part_number from ${parts} r where r.id = ${parts.supersededBy})`,
      })
      .from(parts)
      .leftJoin(brands, eq(brands.id, parts.brandId))
      .leftJoin(categories, eq(categories.id, parts.categoryId))
      // In part number order, by the unique index on the number's key: its operator class
      // (text_pattern_ops) orders by bytes, with ~>~ and ~<~ rather than the collation's > and <.
      .where(after === undefined ? undefined : sql`${parts.partNumberKey} ~>~ ${after}`)
      .orderBy(sql`${parts.partNumberKey} USING ~<~`)
      .limit(PAGE);
    const last = page[page.length - 1];
    if (!last) return;
    after = last.key;
    const ids = page.map((part) => part.id);
    const [references, tiers, fitted, stock] = await Promise.all([
      db
        .select({
          partId: partReferences.partId,
          brand: partReferences.brand,
          number: partReferences.number,
        })
        .from(partReferences)
        .where(and(inArray(partReferences.partId, ids), eq(partReferences.kind, 'oe')))
        .orderBy(asc(partReferences.partId), asc(partReferences.brand), asc(partReferences.number)),
      db
        .select({
          partId: partPriceTiers.partId,
          minQuantity: partPriceTiers.minQuantity,
          priceCents: partPriceTiers.priceCents,
        })
        .from(partPriceTiers)
        .where(inArray(partPriceTiers.partId, ids))
        .orderBy(asc(partPriceTiers.partId), asc(partPriceTiers.minQuantity)),
      fittedVehiclesOf(db, ids),
      stockOfParts(db, ids),
    ]);
    const held = new Map(stock.map((row) => [`${row.partId} ${row.warehouseId}`, row.quantity]));
    const oeOf = groupBy(references);
    const tiersOf = groupBy(tiers);
    const fitmentOf = groupBy(fitted);
    let text = '';
    for (const part of page) {
      const cells: Record<CatalogueCsvColumn, string> = {
        partNumber: part.partNumber,
        name: part.name,
        description: part.description,
        brand: part.brand ?? '',
        category: part.category ?? '',
        price: (part.priceCents / 100).toFixed(2),
        priceTiers: formatPriceTiers(
          (tiersOf.get(part.id) ?? []).map((tier) => ({
            minQuantity: tier.minQuantity,
            price: tier.priceCents / 100,
          })),
        ),
        availableQuantity: String(part.availableQuantity),
        minimumQuantity: String(part.minimumQuantity),
        img: part.img ?? '',
        oeNumbers: formatBrandNumbers(oeOf.get(part.id) ?? []),
        fitment: (fitmentOf.get(part.id) ?? []).map(formatFitmentVehicle).join('; '),
        supersededBy: part.supersededBy ?? '',
      };
      text += csvLine([
        ...CATALOGUE_CSV_COLUMNS.map((column) => neutraliseCell(cells[column])),
        ...places.map((place) => String(held.get(`${part.id} ${place.id}`) ?? 0)),
      ]);
    }
    yield text;
  }
}
