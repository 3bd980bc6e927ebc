import type { FitmentGroups } from '@axle/contract';
import {
  type BrandNumber,
  CATEGORY_LIST_MAX,
  FITMENT_DETAIL_MAX,
  type Part,
  type PartDetail,
} from '@axle/contract';
import { asc, eq } from 'drizzle-orm';
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
  const [references, attributes, fitted, total] = await Promise.all([
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
  ]);
  const ofKind = (kind: 'oe' | 'cross'): BrandNumber[] =>
    references.filter((r) => r.kind === kind).map(({ brand, number }) => ({ brand, number }));
  return {
    oeNumbers: ofKind('oe'),
    crossReferences: ofKind('cross'),
    attributes,
    fitment: { total, groups: groupFitment(fitted) },
  };
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
