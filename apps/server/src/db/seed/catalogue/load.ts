import { count, sql } from 'drizzle-orm';
import { categories } from '../../../features/catalog/catalog.table.ts';
import type { Db } from '../../client.ts';
import { type CategorySeed, categoryTree } from './categories.ts';

/**
 * Loads a category tree into an empty categories table (at every start: a table that holds
 * categories is left as it is, so parts keep theirs). Answers how many rows it inserted.
 */
export async function loadCategoryTree(db: Db, tree: readonly CategorySeed[]): Promise<number> {
  return db.transaction(async (tx) => {
    // One loader at a time, also across instances starting together.
    await tx.execute(sql`LOCK TABLE ${categories} IN SHARE ROW EXCLUSIVE MODE`);
    const [held] = await tx.select({ n: count() }).from(categories);
    if ((held?.n ?? 0) > 0) return 0;
    const roots = await tx
      .insert(categories)
      .values(tree.map(({ slug, name }) => ({ slug, name })))
      .returning({ id: categories.id, slug: categories.slug });
    const rootIds = new Map(roots.map((root) => [root.slug, root.id]));
    const children = tree.flatMap((root) =>
      root.children.map((child) => ({ ...child, parentId: rootIds.get(root.slug) ?? null })),
    );
    if (children.length > 0) await tx.insert(categories).values(children);
    return roots.length + children.length;
  });
}

/** The shop's category tree (categories.ts) into an empty table: reference data, at every start. */
export function loadCategories(db: Db): Promise<number> {
  return loadCategoryTree(db, categoryTree);
}
