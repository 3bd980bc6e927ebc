// Taking stock locks a part as a plain update, never as a change of its key: a cart line or an
// order line that references the part meanwhile (its foreign key takes FOR KEY SHARE on the part)
// does not wait for the checkout, and so cannot deadlock with it (migration 0017). The part
// number's search key still follows the part number.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../../../test/test-app.ts';
import { parts } from './catalog.table.ts';
import { prepareReserveLines } from './stock.service.ts';

const reserveLines = prepareReserveLines('test_reserve_lines');

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let partId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const [row] = await database.db
    .insert(parts)
    .values({
      name: 'Spin-On Oil Filter',
      description: 'For the lock test.',
      availableQuantity: 100,
      minimumQuantity: 1,
      priceCents: 390,
      partNumber: 'W 68/3',
    })
    .returning({ id: parts.id });
  if (!row) throw new Error('no part');
  partId = row.id;
});
afterAll(() => database.dispose());

const keyOf = async () =>
  (
    await database.db.select({ key: parts.partNumberKey }).from(parts).where(eq(parts.id, partId))
  )[0]?.key;

describe('the part number key', () => {
  it('is set from the part number when a part is added and when its number changes', async () => {
    expect(await keyOf()).toBe('w683');
    await database.db.update(parts).set({ partNumber: 'W 68/3-B' }).where(eq(parts.id, partId));
    expect(await keyOf()).toBe('w683b');
    await database.db.update(parts).set({ availableQuantity: 99 }).where(eq(parts.id, partId));
    expect(await keyOf()).toBe('w683b');
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('stock reservation locks', () => {
  it("leave the part's key-share lock free for another transaction", async () => {
    await database.db.transaction(async (tx) => {
      expect(await reserveLines(tx, [{ partId, quantity: 5 }])).toHaveLength(1);
      // Another connection of the pool, as a cart line's foreign-key check does: NOWAIT fails at
      // once if the reservation had locked the part as a key update.
      const shared = (await database.db.execute(
        sql`select id from ${parts} where id = ${partId} for key share nowait`,
      )) as unknown as { rows: { id: string }[] };
      expect(shared.rows).toHaveLength(1);
    });
  });
});
