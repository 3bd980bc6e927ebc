import { type PartBody, partMessages } from '@axle/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { checkViolation } from '../../db/errors.ts';
import { Conflict, Invalid } from '../../domain/errors.ts';
import { replaceFitment } from '../vehicles/fitment.service.ts';
import {
  brands,
  categories,
  numberKey,
  partAttributes,
  partPriceTiers,
  partReferences,
  parts,
} from './catalog.table.ts';

// Writing a part's catalogue fields (issue 16 #1) and volume prices (issue 17 #6) as an admin's
// form or an import gives them:
// each field given replaces what the part had; a field left out is kept.

type Writer = Db | Tx;

/** The id of the brand named `name` (in any case or accents), made if the shop has none such. */
export async function brandId(tx: Writer, name: string): Promise<string> {
  const [row] = await tx
    .insert(brands)
    .values({ name })
    .onConflictDoUpdate({ target: brands.nameKey, set: { name: sql`${brands.name}` } })
    .returning({ id: brands.id });
  if (!row) throw new Error('the brand was not returned');
  return row.id;
}

/** A 400 unless the category exists: a form may have been made before it was removed. */
async function checkCategory(tx: Writer, id: string): Promise<void> {
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id));
  if (!found) throw new Invalid(`No category with id ${id}`);
}

/** A 409 when another part has this number in any spelling (part numbers are unique). */
export async function checkPartNumberFree(
  tx: Writer,
  partNumber: string,
  partId?: string,
): Promise<void> {
  const [taken] = await tx
    .select({ id: parts.id })
    .from(parts)
    .where(
      and(
        eq(parts.partNumberKey, numberKey(sql`${partNumber}`)),
        partId ? ne(parts.id, partId) : undefined,
      ),
    );
  if (taken) throw new Conflict(`Part number ${partNumber} belongs to another part`);
}

/**
 * The id of the part numbered `partNumber` (any spelling), to replace the part `partId`: a 400 when
 * no part has that number or it is the part itself. A replacement leading back to the part is
 * refused by migration 0027's trigger (`supersessionRefused`).
 */
async function replacementId(tx: Writer, partNumber: string, partId?: string): Promise<string> {
  const [found] = await tx
    .select({ id: parts.id })
    .from(parts)
    .where(eq(parts.partNumberKey, numberKey(sql`${partNumber}`)));
  if (!found) throw new Invalid(partMessages.replacementUnknown(partNumber));
  if (found.id === partId) throw new Invalid(partMessages.replacementItself);
  return found.id;
}

/** The trigger's refusal of a replacement that would close a cycle, as a 400 naming the number. */
export function supersessionRefused(error: unknown, partNumber: string | null | undefined): void {
  if (partNumber && checkViolation(error, 'parts_supersession_acyclic'))
    throw new Invalid(partMessages.replacementCycle(partNumber));
}

/** The columns of `parts` the catalogue fields set, for an insert or an update. */
export async function catalogueColumns(tx: Writer, body: PartBody, partId?: string) {
  const columns: Partial<typeof parts.$inferInsert> = {};
  if (body.partNumber !== undefined) {
    await checkPartNumberFree(tx, body.partNumber, partId);
    columns.partNumber = body.partNumber;
  }
  if (body.supersededBy !== undefined)
    columns.supersededBy =
      body.supersededBy === null ? null : await replacementId(tx, body.supersededBy, partId);
  if (body.allowBackorder !== undefined) columns.allowBackorder = body.allowBackorder;
  if (body.coreCharge !== undefined)
    columns.coreChargeCents = body.coreCharge === null ? null : Math.round(body.coreCharge * 100);
  if (body.coreReturnDays !== undefined) columns.coreReturnDays = body.coreReturnDays;
  if (body.brand !== undefined)
    columns.brandId = body.brand === null ? null : await brandId(tx, body.brand);
  if (body.categoryId !== undefined) {
    if (body.categoryId !== null) await checkCategory(tx, body.categoryId);
    columns.categoryId = body.categoryId;
  }
  if (body.weightKg !== undefined)
    columns.weightGrams = body.weightKg === null ? null : Math.round(body.weightKg * 1000);
  return columns;
}

/** One of each: the same number twice, or the same vehicle twice, is kept once. */
function distinctBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/** Replaces the part's numbers, attributes and fitment with those the body gives. */
export async function writeCatalogueLists(tx: Writer, partId: string, body: PartBody) {
  for (const [kind, given] of [
    ['oe', body.oeNumbers],
    ['cross', body.crossReferences],
  ] as const) {
    if (given === undefined) continue;
    await tx
      .delete(partReferences)
      .where(and(eq(partReferences.partId, partId), eq(partReferences.kind, kind)));
    const rows = distinctBy(given, (r) => `${r.brand}\n${r.number}`);
    if (rows.length > 0)
      await tx.insert(partReferences).values(rows.map((r) => ({ partId, kind, ...r })));
  }
  if (body.attributes !== undefined) {
    await tx.delete(partAttributes).where(eq(partAttributes.partId, partId));
    if (body.attributes.length > 0)
      await tx.insert(partAttributes).values(
        body.attributes.map((a, position) => ({
          partId,
          position,
          name: a.name,
          value: a.value,
          unit: a.unit || null,
        })),
      );
  }
  if (body.priceTiers !== undefined) {
    await tx.delete(partPriceTiers).where(eq(partPriceTiers.partId, partId));
    if (body.priceTiers.length > 0)
      await tx.insert(partPriceTiers).values(
        body.priceTiers.map((tier) => ({
          partId,
          minQuantity: tier.minQuantity,
          priceCents: Math.round(tier.price * 100),
        })),
      );
  }
  if (body.fitment !== undefined) await replaceFitment(tx, partId, body.fitment);
}
