// Fills a database with a parts distributor's volume of generated rows (issue 15): parts,
// customers, orders in every state with their payments, and reviews, in bulk and in one
// transaction, so a failed or interrupted run leaves the database as it was.
import { hash } from '@node-rs/argon2';
import { asc, between, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../client.ts';
import {
  categories,
  invoiceCounter,
  orders,
  parts,
  payments,
  reviews,
  sandboxIntents,
  users,
  vehicles,
  warehouses,
} from '../../schema.ts';
import { brandIds } from '../brands.ts';
import { loadReferenceData } from '../reference.ts';
import {
  credentialsTable,
  fitmentsTable,
  insertRows,
  orderLinesTable,
  ordersTable,
  type PartStockRow,
  partAttributesTable,
  partReferencesTable,
  partStockTable,
  partsTable,
  paymentsTable,
  reviewsTable,
  sandboxIntentsTable,
  usersTable,
} from './bulk-insert.ts';
import { makePartCatalogue } from './catalogue.ts';
import {
  type CataloguedPartRow,
  type CustomerRef,
  type FitmentRow,
  makeCustomer,
  makeOrder,
  makePart,
  makeReview,
  type PartAttributeRow,
  type PartRef,
  type PartReferenceRow,
  SUPERSEDED_EVERY,
  type UnpaidRules,
} from './generate.ts';
import { createRandom, GENERATED_ID_PREFIX } from './random.ts';
import { partMakers } from './vocabulary.ts';

/** Every generated customer signs in with this password (README, `npm run seed:scale`). */
export const CUSTOMER_PASSWORD = 'axlescale1';

export type ScaleSizes = { parts: number; customers: number; orders: number; reviews: number };

export const defaultScaleSizes: ScaleSizes = {
  parts: 250_000,
  customers: 20_000,
  orders: 200_000,
  reviews: 20_000,
};

export type ScaleRun = ScaleSizes & {
  seed: number;
  /** Dates count back from here; with the same seed and `now`, every row is the same. */
  now: Date;
  /** Run although the database holds orders placed in the shop. */
  force: boolean;
  rules: UnpaidRules;
  /** Rows per INSERT statement. */
  batchSize?: number;
};

export type ScaleReport = ScaleSizes & {
  payments: number;
  orderLines: number;
  /** Fitment rows: about four vehicles per part. */
  fitments: number;
  replacedEarlierRun: boolean;
  /** The first generated customer's e-mail, to sign in with; null without customers. */
  exampleCustomer: string | null;
};

/** The database holds orders the generator did not make; it runs there only with --force. */
export class RealOrdersError extends Error {
  override name = 'RealOrdersError';
}

const FOREIGN_KEY_VIOLATION = '23503';
const FIRST_ID = `${GENERATED_ID_PREFIX}-0000-0000-0000-000000000000`;
const LAST_ID = `${GENERATED_ID_PREFIX}-ffff-ffff-ffff-ffffffffffff`;

/** Separate random streams per table: changing one size leaves the other tables' rows alone. */
const STREAM = {
  parts: 1,
  customers: 2,
  orders: 3,
  reviews: 4,
  password: 5,
  catalogue: 6,
} as const;

async function holdsRealOrders(db: Db): Promise<boolean> {
  const found = await db
    .select({ id: orders.id })
    .from(orders)
    .where(or(lt(orders.id, FIRST_ID), gt(orders.id, LAST_ID)))
    .limit(1);
  return found.length > 0;
}

/**
 * Deletes the rows of an earlier run (their ids are in the generator's range), so that each run
 * leaves exactly the sizes asked for. What the shop made for generated customers (sessions,
 * credentials) goes with them; an order placed in the shop for a generated part stops it (the
 * parts table keeps ordered parts), and the run fails with that reason.
 */
async function removeEarlierRun(tx: Tx): Promise<boolean> {
  const inRange = (column: AnyPgColumn) => between(column, FIRST_ID, LAST_ID);
  const [part] = await tx.select({ id: parts.id }).from(parts).where(inRange(parts.id)).limit(1);
  const [user] = await tx.select({ id: users.id }).from(users).where(inRange(users.id)).limit(1);
  if (!part && !user) return false;
  await tx.delete(payments).where(inRange(payments.orderId));
  await tx.delete(sandboxIntents).where(inRange(sandboxIntents.orderId));
  await tx.delete(orders).where(inRange(orders.id));
  await tx.delete(reviews).where(inRange(reviews.id));
  await tx.delete(users).where(inRange(users.id));
  try {
    await tx.delete(parts).where(inRange(parts.id));
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== FOREIGN_KEY_VIOLATION) throw error;
    throw new RealOrdersError(
      'Orders placed in the shop are for parts of an earlier generated run, so those parts cannot be replaced. Generate into an empty database.',
    );
  }
  return true;
}

/** The scale's three warehouses (issue 32 #2): the shop's first two (made if missing) and Sylhet, in order. */
async function scaleWarehouses(tx: Tx): Promise<string[]> {
  const zone = { timeZone: 'Asia/Dhaka', workingDays: [1, 2, 3, 4, 7] };
  await tx
    .insert(warehouses)
    .values([
      {
        code: 'CTG',
        name: 'Chattogram',
        city: 'Chattogram',
        cutoff: '15:00',
        position: 1,
        ...zone,
      },
      { code: 'SYL', name: 'Sylhet', city: 'Sylhet', cutoff: '14:00', position: 2, ...zone },
    ])
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .orderBy(asc(warehouses.position), asc(warehouses.code))
    .limit(3);
  return rows.map((row) => row.id);
}

/**
 * How part `i`'s stock is spread over the three warehouses, adding up to `available`: one part in
 * four is in one warehouse only, the others half in the first, a third in the second, the rest in
 * the third.
 */
export function spreadStock(i: number, available: number): [number, number, number] {
  if (i % 4 === 3) {
    const only: [number, number, number] = [0, 0, 0];
    only[(i >> 2) % 3] = available;
    return only;
  }
  const first = Math.floor(available / 2);
  const second = Math.floor(available / 3);
  return [first, second, available - first - second];
}

/** Prints a table's progress at most once a second, and when it is done. */
function progressOf(table: string, total: number, print: (line: string) => void) {
  const started = performance.now();
  let printed = started;
  return (done: number) => {
    const now = performance.now();
    if (done < total && now - printed < 1000) return;
    printed = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    print(
      `${table.padEnd(9)} ${done.toLocaleString('en-US').padStart(9)} of ${total.toLocaleString('en-US')}  ${Math.round(done / seconds).toLocaleString('en-US')} rows/s`,
    );
  };
}

/**
 * What generated parts refer to: the list's vehicles by make (in a fixed order, so that a seed
 * picks the same vehicles on any database), the makes that have vehicles, and the categories by
 * slug.
 */
async function catalogueContext(db: Db) {
  const listed = await db
    .select({ id: vehicles.id, make: vehicles.make })
    .from(vehicles)
    .orderBy(
      asc(vehicles.make),
      asc(vehicles.model),
      asc(vehicles.yearFrom),
      asc(vehicles.variant),
    );
  const vehiclesByMake = new Map<string, string[]>();
  for (const { id, make } of listed)
    vehiclesByMake.set(make, [...(vehiclesByMake.get(make) ?? []), id]);
  const categoryIds = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  return { vehiclesByMake, makes: [...vehiclesByMake.keys()], categoryIds };
}

/** Drops `table`'s indexes of access method `method`, answering the statements that make them. */
async function deferIndexes(tx: Tx, table: string, method: string): Promise<string[]> {
  const found = (await tx.execute(sql`
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
    WHERE i.indrelid = ${table}::regclass AND a.amname = ${method}`)) as unknown as {
    rows: { name: string; definition: string }[];
  };
  for (const { name } of found.rows) await tx.execute(sql`DROP INDEX ${sql.identifier(name)}`);
  return found.rows.map((row) => row.definition);
}

/** Orders need parts and customers; reviews need customers. */
export function checkSizes(sizes: ScaleSizes): void {
  if ((sizes.orders > 0 || sizes.reviews > 0) && sizes.customers === 0)
    throw new Error('Orders and reviews need customers: --customers must be at least 1');
  if (sizes.orders > 0 && sizes.parts === 0)
    throw new Error('Orders need parts: --parts must be at least 1');
}

/**
 * Generates `run`'s sizes of rows. Refuses (RealOrdersError) a database that holds orders the
 * generator did not make, unless `run.force`; rows of an earlier run are replaced.
 */
export async function fillWithScaleData(
  db: Db,
  run: ScaleRun,
  print: (line: string) => void = () => undefined,
): Promise<ScaleReport> {
  checkSizes(run);
  if (!run.force && (await holdsRealOrders(db)))
    throw new RealOrdersError(
      'This database holds orders placed in the shop, not by the generator. Generate into an empty database, or add --force to add generated rows beside them.',
    );
  const batchSize = run.batchSize ?? 5000;
  const now = run.now.getTime();
  // One argon2 hash for every customer, its salt from the seed so that the rows repeat too.
  const saltRandom = createRandom(run.seed, STREAM.password);
  const salt = Uint8Array.from({ length: 16 }, () => saltRandom.int(0, 255));
  const passwordHash = await hash(CUSTOMER_PASSWORD, { salt });

  // The vehicle list and the category tree, which generated parts fit and are filed under.
  await loadReferenceData(db);
  const catalogue = await catalogueContext(db);

  const made = await db.transaction(async (tx) => {
    // The sales kept day by day (migration 0033) are counted once at the end, not order by order.
    await tx.execute(sql`SELECT set_config('axle.bulk_load', 'on', true)`);
    const replacedEarlierRun = await removeEarlierRun(tx);
    if (replacedEarlierRun) print('Replacing the rows of an earlier run.');

    // The trigram indexes of the tables filled in bulk are built once at the end rather than row
    // by row: a GIN index made from a whole table sorts its entries once, where one kept up to
    // date merges them into its tree a batch at a time (parts went in at half the speed with it),
    // and the indexes' own short pending lists (ADR 023) would merge every fifty rows. Their
    // definitions are read back from the database, so they are the migrations', and the
    // transaction restores them if the run fails.
    const deferred = [
      ...(await deferIndexes(tx, 'parts', 'gin')),
      ...(await deferIndexes(tx, 'users', 'gin')),
      ...(await deferIndexes(tx, 'orders', 'gin')),
    ];
    const brandIdsByName = await brandIds(tx, partMakers);
    const stockPlaces = await scaleWarehouses(tx);
    const partRefs: PartRef[] = [];
    let random = createRandom(run.seed, STREAM.parts);
    const catalogueRandom = createRandom(run.seed, STREAM.catalogue);
    let fitmentCount = 0;
    let progress = progressOf('parts', run.parts, print);
    for (let start = 0; start < run.parts; start += batchSize) {
      const rows: CataloguedPartRow[] = [];
      const references: PartReferenceRow[] = [];
      const attributes: PartAttributeRow[] = [];
      const fitted: FitmentRow[] = [];
      const stock: PartStockRow[] = [];
      for (let i = start; i < Math.min(run.parts, start + batchSize); i++) {
        const { row, ref } = makePart(random, i, now);
        const made = makePartCatalogue(
          catalogueRandom,
          i,
          ref.kind,
          ref.maker,
          catalogue.vehiclesByMake,
          catalogue.makes,
        );
        const categoryId = catalogue.categoryIds.get(made.category);
        const brandId = brandIdsByName.get(ref.maker);
        if (!categoryId || !brandId) throw new Error(`no category or brand for part ${i}`);
        rows.push({
          ...row,
          part_number: made.partNumber,
          brand_id: brandId,
          category_id: categoryId,
          weight_grams: made.weightGrams,
          superseded_by: i % SUPERSEDED_EVERY === 1 ? (partRefs[i - 1]?.id ?? null) : null,
        });
        for (const [w, quantity] of spreadStock(i, row.available_quantity).entries())
          if (quantity > 0)
            stock.push({ part_id: row.id, warehouse_id: stockPlaces[w] ?? '', quantity });
        for (const r of made.references) references.push({ part_id: row.id, ...r });
        made.attributes.forEach((a, position) => {
          attributes.push({ part_id: row.id, position, ...a });
        });
        for (const f of made.fitment)
          fitted.push({ part_id: row.id, vehicle_id: f.vehicleId, note: f.note });
        partRefs.push({ ...ref, partNumber: made.partNumber });
      }
      // Parts first: the others refer to them.
      await insertRows(tx, partsTable, rows);
      // Migration 0029 put each new part's stock in the first warehouse: the run spreads it.
      await tx.execute(
        sql`DELETE FROM part_stock WHERE part_id = any(${sql.param(rows.map((row) => row.id))}::uuid[])`,
      );
      await insertRows(tx, partStockTable, stock);
      await insertRows(tx, partReferencesTable, references);
      await insertRows(tx, partAttributesTable, attributes);
      await insertRows(tx, fitmentsTable, fitted);
      fitmentCount += fitted.length;
      progress(start + rows.length);
    }

    const customerRefs: CustomerRef[] = [];
    random = createRandom(run.seed, STREAM.customers);
    progress = progressOf('customers', run.customers, print);
    for (let start = 0; start < run.customers; start += batchSize) {
      const made = [];
      for (let i = start; i < Math.min(run.customers, start + batchSize); i++) {
        made.push(makeCustomer(random, i, now, passwordHash));
      }
      await insertRows(
        tx,
        usersTable,
        made.map((m) => m.user),
      );
      await insertRows(
        tx,
        credentialsTable,
        made.map((m) => m.credential),
      );
      for (const m of made) customerRefs.push(m.ref);
      progress(start + made.length);
    }

    let paymentCount = 0;
    let lineCount = 0;
    // Paid orders have their invoices, numbered on from the shop's counter (no number skipped).
    const [counter] = await tx.select({ last: invoiceCounter.last }).from(invoiceCounter);
    let lastInvoice = counter?.last ?? 0;
    const nextInvoice = () => ++lastInvoice;
    random = createRandom(run.seed, STREAM.orders);
    progress = progressOf('orders', run.orders, print);
    for (let start = 0; start < run.orders; start += batchSize) {
      const made = [];
      for (let i = start; i < Math.min(run.orders, start + batchSize); i++) {
        made.push(makeOrder(random, i, now, partRefs, customerRefs, run.rules, nextInvoice));
      }
      // The orders trigger (migration 0006) counts each customer's unpaid orders as they go in.
      await insertRows(
        tx,
        ordersTable,
        made.map((m) => m.order),
      );
      const lines = made.flatMap((m) => m.lines);
      await insertRows(tx, orderLinesTable, lines);
      lineCount += lines.length;
      const paid = made.flatMap((m) => (m.payment && m.intent ? [m] : []));
      await insertRows(
        tx,
        paymentsTable,
        paid.flatMap((m) => (m.payment ? [m.payment] : [])),
      );
      await insertRows(
        tx,
        sandboxIntentsTable,
        paid.flatMap((m) => (m.intent ? [m.intent] : [])),
      );
      paymentCount += paid.length;
      progress(start + made.length);
    }

    await tx.update(invoiceCounter).set({ last: lastInvoice }).where(eq(invoiceCounter.id, 1));

    random = createRandom(run.seed, STREAM.reviews);
    progress = progressOf('reviews', run.reviews, print);
    for (let start = 0; start < run.reviews; start += batchSize) {
      const rows = [];
      for (let i = start; i < Math.min(run.reviews, start + batchSize); i++) {
        rows.push(makeReview(random, now, partRefs, customerRefs));
      }
      await insertRows(tx, reviewsTable, rows);
      progress(start + rows.length);
    }

    await tx.execute(sql`SELECT axle_rebuild_sales()`);
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    // An index cannot be made on a table with trigger events still pending: the orders' deferred
    // triggers (the webhook outbox, ADR 018) run now rather than at the commit.
    await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
    for (const definition of deferred) await tx.execute(sql.raw(definition));

    return {
      parts: run.parts,
      customers: run.customers,
      orders: run.orders,
      payments: paymentCount,
      orderLines: lineCount,
      fitments: fitmentCount,
      reviews: run.reviews,
      replacedEarlierRun,
      exampleCustomer: customerRefs[0]?.email ?? null,
    };
  });
  // Fresh statistics, so the planner sees the new sizes now rather than after autovacuum's turn
  // (the EXPLAIN checks of issue 15 #5 run right after generating), and the visibility map set,
  // so that index-only scans (a deep page's ids, the state counts) skip the table at once.
  await db.execute(
    sql`VACUUM (ANALYZE) parts, part_stock, part_references, part_attributes, fitments, brands, search_terms, users, credentials, orders, order_lines, payments, sandbox_intents, reviews, sales_days, part_sales_days, customer_sales_days, low_stock_alerts`,
  );
  return made;
}
