import type { ItemsQuery, Part } from '@axle/contract';
import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { parts } from './catalog.table.ts';

/** Page size when a page is asked for without a limit. */
export const DEFAULT_PAGE_SIZE = 12;

type PartRow = typeof parts.$inferSelect;

export function toPart(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    img: row.img,
    availableQuantity: row.availableQuantity,
    minimumQuantity: row.minimumQuantity,
    price: row.priceCents / 100,
  };
}

/** Case-insensitive substring match on name or description; LIKE wildcards in the term are literal. */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return or(ilike(parts.name, pattern), ilike(parts.description, pattern));
}

/** The catalogue in the order parts were added, optionally searched and paged. */
export async function listParts(
  db: Db,
  query: ItemsQuery,
): Promise<{ parts: Part[]; total: number }> {
  const where = matching(query.search);
  const paged = query.page !== undefined || query.limit !== undefined;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * limit;

  const rowsQuery = db
    .select()
    .from(parts)
    .where(where)
    .orderBy(asc(parts.createdAt), asc(parts.id));
  const [rows, [counted]] = await Promise.all([
    paged ? rowsQuery.limit(limit).offset(offset) : rowsQuery,
    db.select({ n: count() }).from(parts).where(where),
  ]);
  return { parts: rows.map(toPart), total: counted?.n ?? 0 };
}

export async function getPart(db: Db, id: string): Promise<Part> {
  const [row] = await db.select().from(parts).where(eq(parts.id, id));
  if (!row) throw new NotFound(`No part with id ${id}`);
  return toPart(row);
}
