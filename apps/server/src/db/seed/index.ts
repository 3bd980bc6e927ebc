import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import {
  categories,
  fitments,
  partAttributes,
  partPriceTiers,
  partReferences,
  partStock,
  parts,
  reviews,
  vehicles,
  warehouses,
} from '../schema.ts';
import { brandIds } from './brands.ts';
import {
  type DemoCatalogue,
  demoParts,
  demoReviews,
  demoStock,
  demoWarehouses,
} from './demo-catalogue.ts';
import { loadReferenceData } from './reference.ts';

const SEED_EPOCH = Date.parse('2026-01-05T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

/**
 * True when the database holds no parts: a shop that never had a catalogue (the shop cannot delete
 * a part). Users do not count: the README makes the first admin with the CLI before the first
 * start, and that shop must still open with the demo catalogue.
 */
export async function hasNoParts(db: Db): Promise<boolean> {
  const found = await db.select({ id: parts.id }).from(parts).limit(1);
  return found.length === 0;
}

/**
 * Inserts the demo catalogue and reviews. Idempotent: rows are keyed by fixed ids and existing
 * ones are left untouched (also when an admin has since edited them).
 */
export async function seedDemo(db: Db): Promise<{ parts: number; reviews: number }> {
  // Demo parts fit vehicles of the list and sit in categories of the tree.
  await loadReferenceData(db);
  return db.transaction(async (tx) => {
    const warehouseIds = await seedDemoWarehouses(tx);
    const brandIdsByName = await brandIds(
      tx,
      demoParts.map((part) => part.catalogue.brand),
    );
    const categoryIds = new Map(
      (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
        c.slug,
        c.id,
      ]),
    );
    const insertedParts = await tx
      .insert(parts)
      .values(
        // The list is newest first: the catalogue's first part is the newest, and parts an admin
        // adds later come before all of them.
        demoParts.map(({ catalogue, stock: _stock, restockInDays: _restock, ...part }, i) => ({
          ...part,
          partNumber: catalogue.partNumber,
          brandId: brandIdsByName.get(catalogue.brand) ?? null,
          categoryId: categoryIds.get(catalogue.category) ?? null,
          weightGrams: catalogue.weightGrams,
          createdAt: new Date(SEED_EPOCH + (demoParts.length - i) * 60_000),
        })),
      )
      .onConflictDoNothing({ target: parts.id })
      .returning({ id: parts.id });
    for (const { id } of insertedParts) {
      const demo = demoParts.find((part) => part.id === id);
      if (!demo) continue;
      await seedDemoCatalogue(tx, id, demo.catalogue);
      // Its stock in the demo's warehouses, adding up to its available quantity.
      const restockDate =
        demo.restockInDays === undefined
          ? null
          : new Date(Date.now() + demo.restockInDays * DAY).toISOString().slice(0, 10);
      const stock = Object.entries(demoStock(demo)).flatMap(([code, quantity]) => {
        const warehouseId = warehouseIds.get(code);
        return warehouseId
          ? [
              {
                partId: id,
                warehouseId,
                quantity,
                restockDate: code === 'DHK' ? restockDate : null,
              },
            ]
          : [];
      });
      // Migration 0029 put the new part's stock in the first warehouse: the demo spreads it.
      await tx.delete(partStock).where(eq(partStock.partId, id));
      if (stock.length > 0) await tx.insert(partStock).values(stock);
    }
    const insertedReviews = await tx
      .insert(reviews)
      .values(
        demoReviews.map((review, i) => ({
          ...review,
          createdAt: new Date(SEED_EPOCH + (demoReviews.length - i) * DAY),
        })),
      )
      .onConflictDoNothing({ target: reviews.id })
      .returning({ id: reviews.id });
    return { parts: insertedParts.length, reviews: insertedReviews.length };
  });
}

/**
 * The demo's warehouses, Dhaka and Chattogram: the first warehouse migration 0029 made becomes
 * Dhaka while no admin has renamed it; their ids by code.
 */
async function seedDemoWarehouses(tx: Tx): Promise<Map<string, string>> {
  const [dhaka, ...others] = demoWarehouses;
  if (dhaka)
    await tx
      .update(warehouses)
      .set(dhaka)
      .where(and(eq(warehouses.code, 'MAIN'), eq(warehouses.name, 'Main warehouse')));
  if (others.length > 0) await tx.insert(warehouses).values(others).onConflictDoNothing();
  const rows = await tx.select({ id: warehouses.id, code: warehouses.code }).from(warehouses);
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** A new demo part's other numbers, attributes and the vehicles it fits (every engine that year). */
async function seedDemoCatalogue(tx: Tx, partId: string, catalogue: DemoCatalogue) {
  // Every demo part is in by now (one insert): the one replacing this is found by its number.
  if (catalogue.supersededBy)
    await tx
      .update(parts)
      .set({
        supersededBy: sql`(select id from ${parts} where ${parts.partNumber} = ${catalogue.supersededBy})`,
      })
      .where(eq(parts.id, partId));
  const references = [
    ...catalogue.oeNumbers.map((r) => ({ partId, kind: 'oe' as const, ...r })),
    ...catalogue.crossReferences.map((r) => ({ partId, kind: 'cross' as const, ...r })),
  ];
  if (references.length > 0) await tx.insert(partReferences).values(references);
  if (catalogue.priceTiers && catalogue.priceTiers.length > 0)
    await tx
      .insert(partPriceTiers)
      .values(catalogue.priceTiers.map((tier) => ({ partId, ...tier })));
  if (catalogue.attributes.length > 0)
    await tx
      .insert(partAttributes)
      .values(catalogue.attributes.map((a, position) => ({ partId, position, ...a })));
  for (const fit of catalogue.fits) {
    const fitted = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.make, fit.make),
          eq(vehicles.model, fit.model),
          lte(vehicles.yearFrom, fit.year),
          gte(vehicles.yearTo, fit.year),
        ),
      );
    if (fitted.length > 0)
      await tx
        .insert(fitments)
        .values(fitted.map((v) => ({ partId, vehicleId: v.id, note: fit.note })))
        .onConflictDoNothing();
  }
}
