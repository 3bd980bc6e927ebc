import {
  backorderedOf,
  type CartLine,
  type CartLineChange,
  type CartReply,
  cartMessages,
  cartProblems,
  type LineVehicle,
  PART_QUANTITY_MAX,
  type Part,
} from '@axle/contract';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { checkViolation } from '../../db/errors.ts';
import { namedStatement } from '../../db/statements.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, NotFound } from '../../domain/errors.ts';
import { shownParts } from '../catalog/catalog.service.ts';
import { type PricedLine, pricedLinesOf } from '../catalog/stock.service.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { companyPricing } from '../companies/company-prices.service.ts';
import { fleetVehicleForLine, fleetVehicleLabel } from '../fleet/fleet.service.ts';
import { cartLines } from './cart.table.ts';

// The cart (issue 17 #1): every call works on the caller's own lines only, and answers the cart
// whole, priced by the server from the parts as they are now (volume tiers included, and a company
// member's own prices).

const ownLines = (caller: Pick<RequestUser, 'id'>) => eq(cartLines.userId, caller.id);

/**
 * The cart lines of the customer `userId` names, as they are stored (part and quantity), in the
 * order they were added, as one SQL value (a JSON array) for a use case's statement such as the
 * checkout's first.
 */
export function storedLinesValue(userId: SQLWrapper): SQL {
  return sql`(select coalesce(json_agg(json_build_object('partId', l.part_id, 'quantity', l.quantity,
      'vehicle', ${lineVehicleOf(sql`l.vehicle_id`, userId)}) order by l.seq), '[]'::json)
    from ${cartLines} l where l.user_id = ${userId})`;
}

/**
 * A line's fleet vehicle (issue 32 #5) as one JSON value, `{ id, label }`: null when it names
 * none, or a vehicle of a company the customer no longer belongs to.
 */
function lineVehicleOf(vehicleId: SQLWrapper, userId: SQLWrapper): SQL {
  return sql`(select json_build_object('id', ${vehicleId}, 'label', v.label)
    from (select ${fleetVehicleLabel(vehicleId, userId)} as label) v where v.label is not null)`;
}

/** The columns a priced cart line adds: its fleet vehicle (`lineVehicleOf`, of the line `w`). */
const vehicleColumn = (userId: SQLWrapper) =>
  sql`, ${lineVehicleOf(sql`w.vehicle_id`, userId)} as vehicle`;

/** A priced line of the cart, with its fleet vehicle. */
type CartPricedLine = PricedLine & { vehicle: LineVehicle | null };

/** The caller's cart emptied, as a common table expression of a use case's statement. */
export function cartEmptied(db: Db | Tx, caller: Pick<RequestUser, 'id'>) {
  return db
    .$with('cart_emptied')
    .as(db.delete(cartLines).where(ownLines(caller)).returning({ partId: cartLines.partId }));
}

/**
 * A line as every cart call answers it: the part, priced at `unitCents` a unit, with what keeps
 * it from being ordered by the `stock` it was priced with (the part's minimum and stock).
 */
function cartLineOf(
  part: Part,
  quantity: number,
  unitCents: number,
  stock: {
    availableQuantity: number;
    minimumQuantity: number;
    backorderExpected: string | null;
    coreChargeCents: number | null;
    vehicle: LineVehicle | null;
  },
): CartLine {
  const backordered = backorderedOf(stock, quantity);
  const core = stock.coreChargeCents;
  return {
    part,
    quantity,
    unitPrice: unitCents / 100,
    lineTotal: (unitCents * quantity) / 100,
    problems: cartProblems(stock, quantity),
    ...(stock.vehicle ? { vehicle: stock.vehicle } : {}),
    ...(backordered > 0 && stock.backorderExpected
      ? { backorder: { quantity: backordered, expected: stock.backorderExpected } }
      : {}),
    ...(core ? { core: { charge: core / 100, deposit: (core * quantity) / 100 } } : {}),
  };
}

/** What a priced line adds to the cart's total: its units and their core deposits, in cents. */
const lineCents = (line: Pick<PricedLine, 'unitPriceCents' | 'coreChargeCents' | 'quantity'>) => ({
  goods: Number(line.unitPriceCents) * line.quantity,
  deposit: (line.coreChargeCents ?? 0) * line.quantity,
});

/**
 * The caller's lines with their prices, in the order they were added, in one statement: each
 * priced as checkout prices it (volume tiers, a company member's own prices, issue 18 #5).
 */
const cartLinesStatement = namedStatement<CartPricedLine>(
  'cart_lines_priced',
  sql`with lines as (
      select part_id, quantity, seq, vehicle_id from ${cartLines}
      where user_id = ${sql.placeholder('userId')})
    ${pricedLinesOf(sql`lines`, companyPricing(companyIdOf(sql.placeholder('userId'))), {
      inOrderOf: 'seq',
      extra: vehicleColumn(sql.placeholder('userId')),
    })}`,
);

/** The caller's cart: its lines in the order they were added, priced now, with their problems. */
export async function readCart(db: Db | Tx, caller: Pick<RequestUser, 'id'>): Promise<CartReply> {
  const lines = await cartLinesStatement(db, { userId: caller.id });
  const byId = new Map(
    (
      await shownParts(
        db,
        lines.map((line) => line.partId),
      )
    ).map((part) => [part._id, part]),
  );
  let totalCents = 0;
  let depositCents = 0;
  const priced = lines.flatMap((line) => {
    const part = byId.get(line.partId);
    if (!part) return [];
    const { goods, deposit } = lineCents(line);
    totalCents += goods + deposit;
    depositCents += deposit;
    return [cartLineOf(part, line.quantity, Number(line.unitPriceCents), line)];
  });
  return {
    lines: priced,
    total: totalCents / 100,
    deposits: depositCents / 100,
    orderable: priced.length > 0 && priced.every((line) => line.problems.length === 0),
  };
}

/** A line's quantity when a part already in the cart is put in again (`excluded`: the new one). */
function newQuantity(how: 'set' | 'add' | 'keep-larger') {
  return how === 'set'
    ? sql`excluded.quantity`
    : how === 'add'
      ? sql`least(${cartLines.quantity} + excluded.quantity, ${PART_QUANTITY_MAX})`
      : sql`greatest(${cartLines.quantity}, excluded.quantity)`;
}

/**
 * A cart write that would take the cart past CART_LINES_MAX fails on `cart_sizes`' CHECK (kept by
 * triggers, also when writes arrive at once): a 409 that says so.
 */
async function withinCap<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (checkViolation(error, 'cart_sizes_lines_max')) throw new Conflict(cartMessages.full);
    throw error;
  }
}

/**
 * Sets (or, with `add`, increases) how many of each part the caller's cart holds, adding lines
 * as needed, in the caller's transaction, in one statement; never past CART_LINES_MAX (409).
 */
export async function putCartLines(
  tx: Tx,
  caller: Pick<RequestUser, 'id'>,
  lines: readonly { partId: string; quantity: number }[],
  how: 'set' | 'add' | 'keep-larger' = 'set',
): Promise<void> {
  // One row per part (a statement may not write a row twice): added up, or the larger kept.
  const byPart = new Map<string, number>();
  for (const line of lines) {
    const before = byPart.get(line.partId);
    byPart.set(
      line.partId,
      before === undefined
        ? line.quantity
        : how === 'add'
          ? Math.min(before + line.quantity, PART_QUANTITY_MAX)
          : Math.max(before, line.quantity),
    );
  }
  if (byPart.size === 0) return;
  const quantity = newQuantity(how);
  await withinCap(
    tx
      .insert(cartLines)
      .values([...byPart].map(([partId, quantity]) => ({ userId: caller.id, partId, quantity })))
      .onConflictDoUpdate({ target: [cartLines.userId, cartLines.partId], set: { quantity } })
      .execute(),
  );
}

/**
 * Writes a line of a customer's cart and prices every line of it for them, in one statement.
 * What the statement writes is not visible to its own reads: the lines are the others as they
 * were and the one written, as it was written.
 */
function putLineStatement(how: 'set' | 'add') {
  const userId = sql.placeholder('userId');
  const partId = sql.placeholder('partId');
  // `keepVehicle`: the request named no vehicle, so the line keeps the one it has (issue 32 #5).
  return namedStatement<CartPricedLine>(
    `cart_put_line_${how}`,
    sql`
      with written as (
        insert into ${cartLines} (user_id, part_id, quantity, vehicle_id)
          values (${userId}, ${partId}, ${sql.placeholder('quantity')}, ${sql.placeholder('vehicleId')}::uuid)
          on conflict (user_id, part_id) do update set quantity = ${newQuantity(how)},
            vehicle_id = case when ${sql.placeholder('keepVehicle')}::boolean
              then ${cartLines}.vehicle_id else excluded.vehicle_id end
          returning part_id, quantity, vehicle_id),
      lines as (
        select part_id, quantity, vehicle_id from ${cartLines}
          where user_id = ${userId} and part_id <> ${partId}
        union all select part_id, quantity, vehicle_id from written)
      ${pricedLinesOf(sql`lines`, companyPricing(companyIdOf(userId)), { extra: vehicleColumn(userId) })}`,
  );
}
const putLineStatements = { set: putLineStatement('set'), add: putLineStatement('add') };

/**
 * Puts one part in the caller's cart: `set` makes the line hold `quantity` (the cart page's
 * quantity field), `add` adds it to what the line holds already ("Add to cart" on a card). A part
 * that does not exist is a 404, one part more than CART_LINES_MAX a 409. `vehicleId` names the
 * company's fleet vehicle the part is for (null: none; left out, the line keeps its own): another
 * company's is a 404. Answers the line and the cart's totals: the part is read, then the line
 * written and every line priced in one statement (issue 31 #3): two round trips.
 */
export async function putCartLine(
  db: Db,
  caller: RequestUser,
  line: { partId: string; quantity: number; vehicleId?: string | null | undefined },
  how: 'set' | 'add',
): Promise<CartLineChange> {
  const [part] = await shownParts(db, [line.partId]);
  if (!part) throw new NotFound(cartMessages.noPart);
  if (line.vehicleId) await fleetVehicleForLine(db, caller, line.vehicleId);
  const rows = await withinCap(
    putLineStatements[how](db, {
      userId: caller.id,
      partId: line.partId,
      quantity: line.quantity,
      vehicleId: line.vehicleId ?? null,
      keepVehicle: line.vehicleId === undefined,
    }),
  );
  let totalCents = 0;
  let depositCents = 0;
  let orderable = true;
  let changed: CartPricedLine | undefined;
  for (const row of rows) {
    const { goods, deposit } = lineCents(row);
    totalCents += goods + deposit;
    depositCents += deposit;
    if (cartProblems(row, row.quantity).length > 0) orderable = false;
    if (row.partId === line.partId) changed = row;
  }
  if (!changed) throw new NotFound(cartMessages.noPart);
  return {
    line: cartLineOf(part, changed.quantity, Number(changed.unitPriceCents), changed),
    total: totalCents / 100,
    deposits: depositCents / 100,
    orderable,
    count: rows.length,
  };
}

/**
 * A visitor's cart (kept in the browser) joins the account's at sign-in: a part in both keeps the
 * larger quantity; parts that no longer exist are left out.
 */
export async function mergeCart(
  db: Db,
  caller: RequestUser,
  lines: readonly { partId: string; quantity: number }[],
): Promise<CartReply> {
  return db.transaction(async (tx) => {
    const known = new Set(
      (
        await shownParts(
          tx,
          lines.map((line) => line.partId),
        )
      ).map((part) => part._id),
    );
    await putCartLines(
      tx,
      caller,
      lines.filter((line) => known.has(line.partId)),
      'keep-larger',
    );
    return readCart(tx, caller);
  });
}

/** Takes a part out of the caller's cart (nothing happens if it is not there). */
export async function removeCartLine(
  db: Db,
  caller: RequestUser,
  partId: string,
): Promise<CartReply> {
  await db.delete(cartLines).where(and(ownLines(caller), eq(cartLines.partId, partId)));
  return readCart(db, caller);
}

/** Empties the caller's cart (in the caller's transaction, when checking out). */
export async function clearCart(db: Db | Tx, caller: Pick<RequestUser, 'id'>): Promise<void> {
  await db.delete(cartLines).where(ownLines(caller));
}
