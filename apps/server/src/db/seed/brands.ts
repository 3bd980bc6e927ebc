import { sql } from 'drizzle-orm';
import { brands } from '../../features/catalog/catalog.table.ts';
import type { Tx } from '../client.ts';

/**
 * The ids of the brands named `names`, each made where the shop has none of that name (in any
 * case or accents): the demo catalogue's and the generator's makers alike.
 */
export async function brandIds(tx: Tx, names: Iterable<string>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of new Set(names)) {
    const [row] = await tx
      .insert(brands)
      .values({ name })
      .onConflictDoUpdate({ target: brands.nameKey, set: { name: sql`${brands.name}` } })
      .returning({ id: brands.id });
    if (row) ids.set(name, row.id);
  }
  return ids;
}
