import type { FitmentGroups } from '@axle/contract';
import {
  type BrandNumber,
  CATEGORY_LIST_MAX,
  type CategoryRef,
  FITMENT_DETAIL_MAX,
  type Part,
  type PartDetail,
} from '@axle/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { NotFound } from '../../domain/errors.ts';
import {
  fitmentCount,
  fitmentPage,
  groupFitment,
  listFitment,
} from '../vehicles/fitment.service.ts';
import { brands, categories, partAttributes, partReferences, parts } from './catalog.table.ts';

// What the catalogue knows of a part beyond the SPEC's fields (issue 16 #1): its brand, its
// category with the path above it, and on its own page its other numbers, attributes and the
// vehicles it fits.

type CategoryStep = { id: string; name: string; slug: string };

/**
 * The categories `ids` with their paths (root first, itself last), in one recursive statement
 * that climbs from each up to its root: a page of parts asks for its few categories at once.
 */
export async function categoryPaths(
  db: Db | Tx,
  ids: readonly string[],
): Promise<Map<string, CategoryRef>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, CategoryRef>();
  if (wanted.length === 0) return found;
  const result = await db.execute(sql`
    with recursive up(start, id, parent_id, name, slug, depth) as (
      select c.id, c.id, c.parent_id, c.name, c.slug, 0
        from ${categories} c where c.id = any(${sql.param(wanted)}::uuid[])
      union all
      select up.start, c.id, c.parent_id, c.name, c.slug, up.depth + 1
        from ${categories} c join up on c.id = up.parent_id
        where up.depth < 20
    )
    select start, id, name, slug from up order by start, depth desc`);
  // Both drivers answer a raw statement with its rows in `rows`.
  const { rows } = result as unknown as {
    rows: { start: string; id: string; name: string; slug: string }[];
  };
  const paths = new Map<string, CategoryStep[]>();
  for (const row of rows) {
    const path = paths.get(row.start) ?? [];
    path.push({ id: row.id, name: row.name, slug: row.slug });
    paths.set(row.start, path);
  }
  for (const [id, path] of paths) {
    const self = path[path.length - 1];
    if (self) found.set(id, { ...self, path });
  }
  return found;
}

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

/** The brands' names by id, for a page of parts. */
export async function brandNames(
  db: Db | Tx,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(inArray(brands.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
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
