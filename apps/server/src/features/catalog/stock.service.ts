import { ORDER_TOTAL_MAX_CENTS, orderTotalMessage, type PartPrice } from '@axle/contract';
import {
  and,
  asc,
  eq,
  gte,
  inArray,
  lte,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { namedStatement } from '../../db/statements.ts';
import { Invalid, NotFound } from '../../domain/errors.ts';
import { backorderExpectedOf } from '../warehouses/stock.service.ts';
import { categories, partPriceTiers, parts } from './catalog.table.ts';

// The catalogue's stock and what a quantity of a part costs: reserving it for orders (one part
// for the purchase form, every line of a cart at checkout), never below zero, and returning it
// when an order is cancelled.

/**
 * What one unit of a part costs when `quantity` of it are bought: the price of the largest volume
 * tier the quantity reaches, and never more than the part's own price (a tier an admin left above
 * a lowered price does not apply). The server prices every line with it (issue 17 #6); the
 * contract's `unitPriceFor` is its twin for what a page shows.
 */
export function unitPriceCents(
  partId: SQLWrapper,
  priceCents: SQLWrapper,
  quantity: SQLWrapper | Placeholder | number,
): SQL<number> {
  return sql<number>`least(${priceCents}, coalesce((select t.price_cents from ${partPriceTiers} t
    where t.part_id = ${partId} and t.min_quantity <= ${quantity}
    order by t.min_quantity desc limit 1), ${priceCents}))`;
}

/**
 * How one buyer's own prices change what a part costs (a company's price list, issue 18 #5): the
 * volume price in, theirs out, as SQL over the part's id and its category's path (root first).
 */
export type Pricing = (
  part: { id: SQLWrapper; categoryPath: SQLWrapper },
  volumePrice: SQL<number>,
) => SQL<number>;

/** What a unit costs this buyer: the volume price, with their own prices applied if they have any. */
function pricedFor(
  pricing: Pricing | undefined,
  part: { id: SQLWrapper; categoryId: SQLWrapper },
  volumePrice: SQL<number>,
): SQL<number> {
  if (!pricing) return volumePrice;
  const categoryPath = sql`(select c.ref -> 'path' from ${categories} c where c.id = ${part.categoryId})`;
  return pricing({ id: part.id, categoryPath }, volumePrice);
}

/**
 * What a unit of a wanted line costs this buyer, in the statements that read the wanted lines as
 * `w` (part_id, quantity) joined to their parts as `p`.
 */
const unitPriceOfLine = (pricing: Pricing | undefined) =>
  pricedFor(
    pricing,
    { id: sql`p.id`, categoryId: sql`p.category_id` },
    unitPriceCents(sql`p.id`, sql`p.price_cents`, sql`w.quantity`),
  );

/**
 * Takes `quantity` out of a part's stock if it is an orderable quantity (from the minimum to the
 * stock), in one conditional UPDATE: concurrent orders (on any number of instances) can never
 * take the stock below zero. It is a common table expression, `reserved`, for the statement that
 * records what was reserved (the order), so both happen in one statement: one round trip,
 * atomic, and the part's row is locked only while that statement runs. `reserved` has one row
 * (the part's id, name, image and price in cents), or none when the quantity cannot be ordered
 * (below the minimum, beyond the stock, or costing more than an order may): then
 * `refuseReservation` says why.
 */
export function reserveStock(
  db: Db | Tx,
  partId: string | Placeholder,
  quantity: number | Placeholder,
  pricing?: Pricing,
) {
  const unitPrice = pricedFor(
    pricing,
    { id: parts.id, categoryId: parts.categoryId },
    unitPriceCents(parts.id, parts.priceCents, quantity),
  );
  return db.$with('reserved').as(
    db
      .update(parts)
      .set({
        availableQuantity: sql`${parts.availableQuantity} - ${quantity}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(parts.id, partId),
          lte(parts.minimumQuantity, quantity),
          gte(parts.availableQuantity, quantity),
          lte(
            sql`(${unitPrice}::bigint + coalesce(${parts.coreChargeCents}, 0)) * ${quantity}`,
            ORDER_TOTAL_MAX_CENTS,
          ),
        ),
      )
      .returning({
        id: parts.id,
        partNumber: parts.partNumber,
        name: parts.name,
        img: parts.img,
        priceCents: parts.priceCents,
        unitPriceCents: unitPrice.as('unit_price_cents'),
        coreChargeCents: sql<number>`coalesce(${parts.coreChargeCents}, 0)`.as('core_charge_cents'),
        coreReturnDays: parts.coreReturnDays,
      }),
  );
}

/** A line a checkout reserved: the part as it is ordered, priced at its volume tier. */
export type ReservedLine = {
  partId: string;
  partNumber: string;
  name: string;
  img: string | null;
  quantity: number;
  /** How many of them wait for the part's restock (issue 32 #3), and when more is expected. */
  backordered: number;
  expected?: string | null;
  /** The part's own price, and what each unit of this line costs (its tier's price). */
  priceCents: number;
  unitPriceCents: number;
  /** The deposit on each unit (issue 32 #4; 0: none) and the days to return the old part. */
  coreChargeCents: number;
  coreReturnDays: number;
};

/**
 * Takes each line's quantity out of its part's stock, in the caller's transaction, if every line
 * is orderable (from the part's minimum to its stock): one UPDATE for every line, the parts locked
 * in id order first, so that concurrent checkouts of overlapping carts wait for each other rather
 * than deadlock, and never take a stock below zero (also on several instances). The lock is FOR NO
 * KEY UPDATE, as the UPDATE itself takes: FOR UPDATE would also block the key-share locks that
 * inserting cart and order lines takes on their parts, and a quick order adding those parts in
 * another order would deadlock with the checkout. The reservation answers the lines it reserved,
 * in the order given; fewer than given means some line could not be: then the caller rolls back
 * (`whyNotReservable` says why). Both statements are named (`namedStatement`), the UPDATE as
 * `name`, its prices as `pricing` makes them from the placeholders in `values`.
 */
export function prepareReserveLines(name: string, pricing?: Pricing) {
  // First the locks, in id order, in a statement of their own: the UPDATE after it then reads
  // every part as its last committed version, which it already holds. Locked inside the UPDATE,
  // a part changed since the statement began is found again through its old version, and a
  // transaction waiting in that version's queue deadlocks with this one.
  const lock = namedStatement(
    'reserve_lines_lock',
    sql`select id from ${parts} where id = any(${sql.placeholder('ids')}::uuid[]) order by id for no key update`,
  );
  // A line above the stock of a part that accepts backorders now (issue 32 #3) takes what there
  // is and backorders the rest: the stock never goes below zero.
  const update = namedStatement<ReservedLine>(
    name,
    sql`
    with wanted as (
      select w.part_id, w.quantity, least(w.quantity, p.available_quantity) as taken,
        ${backorderExpectedOf(sql`p`)} as expected
      from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('quantities')}::int[])
        as w(part_id, quantity)
      join ${parts} p on p.id = w.part_id
    )
    update ${parts} p
      set available_quantity = p.available_quantity - w.taken, updated_at = now()
      from wanted w
      where p.id = w.part_id
        and p.minimum_quantity <= w.quantity
        and (p.available_quantity >= w.quantity or w.expected is not null)
      returning p.id as "partId", p.part_number as "partNumber", p.name, p.img,
        w.quantity, w.quantity - w.taken as backordered,
        case when w.quantity > w.taken then w.expected end as expected,
        p.price_cents as "priceCents",
        ${unitPriceOfLine(pricing)} as "unitPriceCents",
        coalesce(p.core_charge_cents, 0) as "coreChargeCents",
        p.core_return_days as "coreReturnDays"`,
  );
  return async (
    tx: Tx,
    lines: readonly { partId: string; quantity: number }[],
    values: Record<string, unknown> = {},
  ): Promise<ReservedLine[]> => {
    const ids = lines.map((line) => line.partId);
    await lock(tx, { ids });
    const rows = await update(tx, {
      ...values,
      ids,
      quantities: lines.map((line) => line.quantity),
    });
    const byPart = new Map(rows.map((row) => [row.partId, row]));
    return lines.flatMap((line) => {
      const reserved = byPart.get(line.partId);
      return reserved ? [reserved] : [];
    });
  };
}

/** Why a line cannot be reserved now, with the purchase form's words; undefined if it can. */
export async function whyNotReservable(
  db: Db | Tx,
  line: { partId: string; quantity: number },
): Promise<{ partNumber: string; reason: string } | undefined> {
  const [current] = await db.select().from(parts).where(eq(parts.id, line.partId));
  if (!current) return { partNumber: line.partId, reason: 'No such part' };
  const { partNumber } = current;
  if (line.quantity < current.minimumQuantity)
    return { partNumber, reason: `Minimum order ${current.minimumQuantity}` };
  if (line.quantity > current.availableQuantity && !(await acceptsBackorders(db, line.partId)))
    return { partNumber, reason: `maximum order ${current.availableQuantity}` };
  return undefined;
}

/** Whether a part accepts backorders now: it allows them and a restock date is known. */
async function acceptsBackorders(db: Db | Tx, partId: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select ${backorderExpectedOf(sql`p`)} as expected from ${parts} p where p.id = ${partId}`,
  )) as unknown as { rows: { expected: string | null }[] };
  return Boolean(result.rows[0]?.expected);
}

/** Why `reserveStock` reserved nothing, with the purchase form's own messages (SPEC §5, PRODUCT §3.2). */
export async function refuseReservation(
  db: Db | Tx,
  partId: string,
  quantity: number,
): Promise<never> {
  const [current] = await db.select().from(parts).where(eq(parts.id, partId));
  if (!current) throw new NotFound(`No part with id ${partId}`);
  if (quantity < current.minimumQuantity)
    throw new Invalid(`Minimum order ${current.minimumQuantity}`);
  if (quantity > current.availableQuantity)
    throw new Invalid(`maximum order ${current.availableQuantity}`);
  throw new Invalid(orderTotalMessage);
}

/**
 * Puts the units cancelled or deleted orders took back in their parts' totals: one update per part
 * (the same part on several lines or orders is added up), in the parts' order, so that two
 * transactions returning stock never wait on each other's parts.
 */
export async function returnStock(
  tx: Db | Tx,
  taken: readonly { partId: string; quantity: number }[],
): Promise<void> {
  const byPart = new Map<string, number>();
  for (const line of taken) byPart.set(line.partId, (byPart.get(line.partId) ?? 0) + line.quantity);
  for (const partId of [...byPart.keys()].sort()) {
    const quantity = byPart.get(partId) ?? 0;
    if (quantity > 0) await moveTotal(tx, partId, quantity);
  }
}

/** Moves a part's total stock by `delta` units (its row locked by the caller or by this update). */
export async function moveTotal(tx: Db | Tx, partId: string, delta: number): Promise<void> {
  await tx
    .update(parts)
    .set({ availableQuantity: sql`${parts.availableQuantity} + ${delta}`, updatedAt: new Date() })
    .where(eq(parts.id, partId));
}

/**
 * Locks parts as an order does (FOR NO KEY UPDATE, in id order) before their stock is changed by
 * warehouse, and answers each one's number and total.
 */
export async function lockStock(
  tx: Tx,
  partIds: readonly string[],
): Promise<Map<string, { partNumber: string; availableQuantity: number }>> {
  if (partIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: parts.id,
      partNumber: parts.partNumber,
      availableQuantity: parts.availableQuantity,
    })
    .from(parts)
    .where(inArray(parts.id, [...partIds]))
    .orderBy(asc(parts.id))
    .for('no key update');
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

/** A line priced for its buyer, with what decides whether it can be ordered as it is. */
export type PricedLine = {
  partId: string;
  quantity: number;
  unitPriceCents: number;
  minimumQuantity: number;
  availableQuantity: number;
  /** When backordered units are expected, when the part accepts backorders now (issue 32 #3). */
  backorderExpected: string | null;
  /** The deposit on each unit (issue 32 #4), in cents; null when the part has no core charge. */
  coreChargeCents: number | null;
};

/**
 * A SELECT of each line of `lines` (SQL naming rows of `part_id, quantity`: a table expression
 * of the caller's statement) priced for this buyer at its quantity, as `PricedLine`s: for the
 * statements that read or change lines and price them in one round trip. `inOrderOf` names a
 * column of `lines` the rows are ordered by; `extra`, more columns of each row (`w` is the line).
 */
export function pricedLinesOf(
  lines: SQL,
  pricing: Pricing,
  options: { inOrderOf?: string; extra?: SQL } = {},
): SQL {
  const order = options.inOrderOf ? sql` order by w.${sql.identifier(options.inOrderOf)}` : sql``;
  return sql`select p.id as "partId", w.quantity, ${unitPriceOfLine(pricing)} as "unitPriceCents",
      p.minimum_quantity as "minimumQuantity", p.available_quantity as "availableQuantity",
      ${backorderExpectedOf(sql`p`)} as "backorderExpected",
      p.core_charge_cents as "coreChargeCents"${options.extra ?? sql``}
    from ${lines} w join ${parts} p on p.id = w.part_id${order}`;
}

/** Parts' prices and volume tiers as this buyer pays them (dollars), as a page of the catalogue shows them. */
export async function tierPrices(
  db: Db | Tx,
  partIds: readonly string[],
  pricing: Pricing,
): Promise<PartPrice[]> {
  if (partIds.length === 0) return [];
  const part = { id: sql`p.id`, categoryId: sql`p.category_id` };
  const result = (await db.execute(sql`
    select p.id as "partId",
      ${pricedFor(pricing, part, sql<number>`p.price_cents`)} as "priceCents",
      coalesce((select json_agg(json_build_object('minQuantity', t.min_quantity,
          'priceCents', ${pricedFor(pricing, part, sql<number>`least(p.price_cents, t.price_cents)`)})
          order by t.min_quantity)
        from ${partPriceTiers} t where t.part_id = p.id), '[]'::json) as tiers
      from ${parts} p where p.id = any(${sql.param([...partIds])}::uuid[])`)) as unknown as {
    rows: {
      partId: string;
      priceCents: number;
      tiers: { minQuantity: number; priceCents: number }[];
    }[];
  };
  return result.rows.map((row) => ({
    partId: row.partId,
    price: Number(row.priceCents) / 100,
    priceTiers: row.tiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      price: tier.priceCents / 100,
    })),
  }));
}
