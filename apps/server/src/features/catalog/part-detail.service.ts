import type { FitmentGroups } from '@axle/contract';
import {
  type BrandNumber,
  CATEGORY_LIST_MAX,
  FITMENT_DETAIL_MAX,
  type Part,
  type PartDetail,
  REPLACES_MAX,
} from '@axle/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../domain/errors.ts';
import {
  fitmentCount,
  fitmentPage,
  groupFitment,
  listFitment,
} from '../vehicles/fitment.service.ts';
import { categories, partAttributes, partReferences, parts } from './catalog.table.ts';

// What a part's own page shows beyond the part as lists show it (issue 16 #1): its other
// numbers, attributes and the vehicles it fits; and the category tree.

/**
 * Everything the part page shows beyond the part itself: other numbers, attributes and the first
 * FITMENT_DETAIL_MAX vehicles it fits, with how many it fits in all.
 */
export async function partExtras(
  db: Db,
  partId: string,
): Promise<Omit<PartDetail, keyof Part | 'weightKg'>> {
  const [references, attributes, fitted, total, supersession] = await Promise.all([
    db
      .select({
        kind: partReferences.kind,
        brand: partReferences.brand,
        number: partReferences.number,
      })
      .from(partReferences)
      .where(eq(partReferences.partId, partId))
      .orderBy(asc(partReferences.kind), asc(partReferences.brand), asc(partReferences.number)),
    db
      .select({ name: partAttributes.name, value: partAttributes.value, unit: partAttributes.unit })
      .from(partAttributes)
      .where(eq(partAttributes.partId, partId))
      .orderBy(asc(partAttributes.position)),
    fitmentPage(db, partId, FITMENT_DETAIL_MAX, 0),
    fitmentCount(db, partId),
    supersessionOf(db, partId),
  ]);
  const ofKind = (kind: 'oe' | 'cross'): BrandNumber[] =>
    references.filter((r) => r.kind === kind).map(({ brand, number }) => ({ brand, number }));
  return {
    oeNumbers: ofKind('oe'),
    crossReferences: ofKind('cross'),
    attributes,
    fitment: { total, groups: groupFitment(fitted) },
    ...supersession,
  };
}

/**
 * The number of the part that directly replaces this one, and the parts it replaces down their
 * chains (issue 32 #1), nearest first, at most REPLACES_MAX: one statement.
 */
async function supersessionOf(
  db: Db,
  partId: string,
): Promise<Pick<PartDetail, 'supersededBy' | 'replaces'>> {
  const result = (await db.execute(sql`
    with recursive older(id, depth) as (
      select id, 1 from ${parts} where superseded_by = ${partId}
      union all
      select o.id, older.depth + 1 from older join ${parts} o on o.superseded_by = older.id
      where older.depth < ${REPLACES_MAX}
    ),
    nearest as (select id, depth from older limit ${REPLACES_MAX})
    select (select d.part_number from ${parts} p join ${parts} d on d.id = p.superseded_by
            where p.id = ${partId}) as "supersededBy",
           (select coalesce(json_agg(json_build_object('_id', x.id, 'partNumber', x.part_number)
              order by nearest.depth, x.part_number), '[]'::json)
            from nearest join ${parts} x on x.id = nearest.id) as replaces`)) as unknown as {
    rows: Pick<PartDetail, 'supersededBy' | 'replaces'>[];
  };
  const [row] = result.rows;
  return { supersededBy: row?.supersededBy ?? null, replaces: row?.replaces ?? [] };
}

/** The vehicles a part fits, a page at a time (`GET /api/item/{id}/fitment`); 404 for no part. */
export async function partFitment(
  db: Db,
  partId: string,
  page: { limit: number; offset: number },
): Promise<{ groups: FitmentGroups; total: number }> {
  const [exists] = await db.select({ id: parts.id }).from(parts).where(eq(parts.id, partId));
  if (!exists) throw new NotFound(`No part with id ${partId}`);
  return listFitment(db, partId, page);
}

/** The whole category tree, roots and children alike, by name (it is the shop's short list). */
export function listCategories(db: Db) {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      slug: categories.slug,
    })
    .from(categories)
    .orderBy(asc(categories.name))
    .limit(CATEGORY_LIST_MAX);
}
