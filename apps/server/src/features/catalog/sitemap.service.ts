import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptCount } from '../../db/row-counts.ts';
import { parts } from './catalog.table.ts';

// The part pages search engines are told about (issue 16 #6): a sitemap index naming one sitemap
// per SITEMAP_URLS_MAX parts, each read from the database a batch at a time as it is sent.

/** The most URLs one sitemap may hold (sitemaps.org). */
export const SITEMAP_URLS_MAX = 50_000;
const BATCH = 5_000;

/** How many part sitemaps the index names: at least one, empty for an empty catalogue. */
export async function sitemapCount(db: Db): Promise<number> {
  const result = (await db.execute(sql`select ${keptCount('parts')} as n`)) as unknown as {
    rows: { n: number | string }[];
  };
  return Math.max(1, Math.ceil(Number(result.rows[0]?.n ?? 0) / SITEMAP_URLS_MAX));
}

export type SitemapEntry = { partNumber: string; updatedAt: Date };

/**
 * The parts of sitemap `n` (from 1), in id order: the parts after the first (n − 1) × 50,000,
 * whose start is found in the primary key's index alone, then read 5,000 at a time after the
 * last id read. Memory holds one batch, whatever the catalogue's size.
 */
export async function* sitemapEntries(db: Db, n: number): AsyncGenerator<SitemapEntry> {
  const skipped = (n - 1) * SITEMAP_URLS_MAX;
  let after: string | undefined;
  if (skipped > 0) {
    const [start] = await db
      .select({ id: parts.id })
      .from(parts)
      .orderBy(asc(parts.id))
      .offset(skipped - 1)
      .limit(1);
    if (!start) return;
    after = start.id;
  }
  let sent = 0;
  while (sent < SITEMAP_URLS_MAX) {
    const rows = await db
      .select({
        id: parts.id,
        partNumber: parts.partNumber,
        updatedAt: parts.updatedAt,
        superseded: sql<boolean>`${parts.supersededBy} is not null`,
      })
      .from(parts)
      .where(after ? gt(parts.id, after) : sql`true`)
      .orderBy(asc(parts.id))
      .limit(Math.min(BATCH, SITEMAP_URLS_MAX - sent));
    // A superseded number's page redirects to its replacement's (issue 32 #1): not listed, but
    // counted, so that each sitemap keeps its own slice of the ids.
    for (const row of rows)
      if (!row.superseded) yield { partNumber: row.partNumber, updatedAt: row.updatedAt };
    sent += rows.length;
    const last = rows[rows.length - 1];
    if (!last || rows.length < BATCH) return;
    after = last.id;
  }
}
