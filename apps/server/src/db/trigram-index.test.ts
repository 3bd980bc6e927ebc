// Searches never read a long pending list (migration 0026, ADR 023): every trigram index keeps at
// most PENDING_LIST_KB of pending entries, and a part's stock changes without any index entry.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { parts } from '../features/catalog/catalog.table.ts';
import { PENDING_LIST_KB } from './trigram-index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rows<T> = { rows: T[] };

describe('trigram indexes and stock changes', () => {
  it('keeps every GIN index’s pending list short', async () => {
    const found = (await t.db.execute(sql`
      SELECT c.relname AS name, coalesce(array_to_string(c.reloptions, ','), '') AS options
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
      WHERE a.amname = 'gin' ORDER BY c.relname`)) as unknown as Rows<{
      name: string;
      options: string;
    }>;
    expect(found.rows.map((row) => row.name)).toContain('parts_search_trgm_idx');
    for (const row of found.rows)
      expect(row.options, row.name).toContain(`gin_pending_list_limit=${PENDING_LIST_KB}`);
  });

  it('changes a part’s stock beside its row, adding nothing to any index', async () => {
    const options = (await t.db.execute(
      sql`SELECT array_to_string(reloptions, ',') AS options FROM pg_class WHERE relname = 'parts'`,
    )) as unknown as Rows<{ options: string }>;
    expect(options.rows[0]?.options).toContain('fillfactor=90');
    const [part] = await t.db
      .insert(parts)
      .values({
        name: 'Spin-On Oil Filter',
        description: 'For the stock update test.',
        availableQuantity: 100,
        minimumQuantity: 1,
        priceCents: 390,
        partNumber: 'W 68/3',
      })
      .returning({ id: parts.id });
    if (!part) throw new Error('no part');
    const hot = await t.db.transaction(async (tx) => {
      await tx
        .update(parts)
        .set({ availableQuantity: sql`${parts.availableQuantity} + 1`, updatedAt: new Date() })
        .where(eq(parts.id, part.id));
      const counted = (await tx.execute(
        sql`SELECT pg_stat_get_xact_tuples_hot_updated('parts'::regclass)::int AS hot`,
      )) as unknown as Rows<{ hot: number }>;
      return counted.rows[0]?.hot;
    });
    expect(hot).toBe(1);
  });
});
