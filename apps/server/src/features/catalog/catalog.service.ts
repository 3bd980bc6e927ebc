import {
  cartProblems,
  type ItemsQuery,
  LIST_PAGE_MAX,
  type Part,
  type PartBody,
  type PartDetail,
  type PartStock,
  type PriceTier,
} from '@axle/contract';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { countWhere, idIn, pageTotal } from '../../db/paging.ts';
import { keptCount } from '../../db/row-counts.ts';
import { Conflict, NotFound } from '../../domain/errors.ts';
import { backorderExpectedOf, partStockOf } from '../warehouses/stock.service.ts';
import { brands, categories, numberKey, partPriceTiers, parts } from './catalog.table.ts';
import { partExtras } from './part-detail.service.ts';
import {
  catalogueColumns,
  supersessionRefused,
  writeCatalogueLists,
} from './part-fields.service.ts';
import { matching, rankOf, resolveSearch, type Search } from './search-match.service.ts';

/**
 * A part's version: the row version PostgreSQL gives every update of it (`xmin`, the writing
 * transaction), so that it changes with every edit, order and cancellation, and a form made from
 * an older state of the part is recognised. Read with the row, it costs nothing (a digest of the
 * shown fields, computed for every part of every page, was a twentieth of a page's CPU).
 */
const partVersion = sql<string>`${parts}.xmin::text`;

/** A part's volume prices, the smallest quantity first, as one JSON value of its statement. */
const priceTiersOf = sql<PriceTier[]>`(select coalesce(json_agg(json_build_object(
    'minQuantity', t.min_quantity, 'price', t.price_cents / 100.0) order by t.min_quantity), '[]'::json)
  from ${partPriceTiers} t where t.part_id = ${parts.id})`;

/**
 * The newest part of the chain that replaces a part (issue 32 #1), as one JSON value of its
 * statement; null (no walk at all) for the parts nothing replaces.
 */
const replacedByOf = sql<NonNullable<
  Part['replacedBy']
> | null>`case when ${parts.supersededBy} is null
  then null else (select json_build_object('_id', n.id, 'partNumber', n.part_number, 'name', n.name)
  from ${parts} n where n.id = newest_part(${parts.supersededBy})) end`;

/**
 * What the API shows of a part, and its brand's name and its category (its path included, kept
 * on the category by migration 0015), read in one statement: a page of parts is one round trip.
 */
const shownColumns = {
  id: parts.id,
  name: parts.name,
  description: parts.description,
  img: parts.img,
  availableQuantity: parts.availableQuantity,
  minimumQuantity: parts.minimumQuantity,
  priceCents: parts.priceCents,
  partNumber: parts.partNumber,
  version: partVersion,
  brand: brands.name,
  category: categories.ref,
  priceTiers: priceTiersOf,
  replacedBy: replacedByOf,
  stock: partStockOf(parts),
  allowBackorder: parts.allowBackorder,
  backorderExpected: backorderExpectedOf(parts),
  coreChargeCents: parts.coreChargeCents,
  coreReturnDays: parts.coreReturnDays,
};

type ShownRow = {
  id: string;
  name: string;
  description: string;
  img: string | null;
  availableQuantity: number;
  minimumQuantity: number;
  priceCents: number;
  partNumber: string;
  version: string;
  brand: string | null;
  category: Part['category'];
  priceTiers: PriceTier[];
  replacedBy: Part['replacedBy'] | null;
  stock: PartStock[];
  allowBackorder: boolean;
  backorderExpected: string | null;
  coreChargeCents: number | null;
  coreReturnDays: number;
};

/** Parts as the API shows them (`toPart`), with `extra` columns beside them. */
function selectShown<Extra extends SelectedFields>(db: Db | Tx, extra?: Extra) {
  return db
    .select({ ...shownColumns, ...(extra as Extra) })
    .from(parts)
    .leftJoin(brands, eq(brands.id, parts.brandId))
    .leftJoin(categories, eq(categories.id, parts.categoryId));
}

/** A shown row as the API's part; the table keeps cents, the API speaks dollars. */
function toPart(row: ShownRow): Part {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    img: row.img,
    availableQuantity: row.availableQuantity,
    minimumQuantity: row.minimumQuantity,
    price: row.priceCents / 100,
    version: row.version,
    partNumber: row.partNumber,
    brand: row.brand,
    category: row.category,
    priceTiers: row.priceTiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      price: Number(tier.price),
    })),
    ...(row.replacedBy ? { replacedBy: row.replacedBy } : {}),
    stock: row.stock,
    allowBackorder: row.allowBackorder,
    backorderExpected: row.backorderExpected,
    coreCharge: row.coreChargeCents === null ? null : row.coreChargeCents / 100,
    coreReturnDays: row.coreReturnDays,
  };
}

/** The parts `ids` as the API shows them, in no particular order (a search orders them itself). */
export async function shownParts(db: Db | Tx, ids: readonly string[]): Promise<Part[]> {
  if (ids.length === 0) return [];
  const rows = await selectShown(db).where(inArray(parts.id, [...ids]));
  return rows.map(toPart);
}

/** The newest replacements of the superseded parts among `parts`, by id (issue 32 #1). */
export async function replacementsOf(
  db: Db | Tx,
  parts: readonly Part[],
): Promise<Map<string, Part>> {
  const ids = parts.flatMap((part) => (part.replacedBy ? [part.replacedBy._id] : []));
  return new Map((await shownParts(db, ids)).map((part) => [part._id, part]));
}

/**
 * Which part a line of `quantity` of `named` goes to (issue 32 #1): `named` itself while its own
 * stock covers the line, else the newest part replacing it (`newest`, from `replacementsOf`).
 * `replacement` is that newest part whenever `named` is superseded, taken or not.
 */
export function partForLine(
  named: Part,
  quantity: number,
  newest: ReadonlyMap<string, Part>,
): { part: Part; replacement: Part | undefined } {
  const replacement = named.replacedBy ? newest.get(named.replacedBy._id) : undefined;
  const covers = cartProblems(named, quantity).length === 0;
  return { part: replacement && !covers ? replacement : named, replacement };
}

/** The parts whose numbers have these keys (`numberKey`: any spelling), by key. */
export async function partsByNumberKeys(
  db: Db | Tx,
  keys: readonly string[],
): Promise<Map<string, Part>> {
  if (keys.length === 0) return new Map();
  const rows = await selectShown(db, { key: parts.partNumberKey }).where(
    inArray(parts.partNumberKey, [...new Set(keys)]),
  );
  return new Map(rows.map((row) => [row.key, toPart(row)]));
}

/** The names of these categories, by id (an unknown id is left out). */
export async function categoryNames(
  db: Db | Tx,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** One part as the API shows it; an unknown id is a 404. */
export async function shownPart(db: Db | Tx, id: string): Promise<Part> {
  const [part] = await shownParts(db, [id]);
  if (!part) throw new NotFound(`No part with id ${id}`);
  return part;
}

/**
 * The statements of a page of the catalogue: its rows, newest part first (the home page shows
 * new arrivals) or, searched, the matches best first (search-match.ts: the exact number, a number
 * starting so, name and brand holding every word, the rest), newest first within each; and how
 * many parts match. Never more than a page:
 * without `limit`, LIST_PAGE_MAX (PRODUCT §5). Built apart from `listParts` so that a test can
 * EXPLAIN exactly what the shop runs.
 *
 * Its rows carry the page's total, so one statement answers the page: unsearched, the kept count
 * of parts; searched, the count of matches (`count(*) over ()`, from the same scan: a search ranks
 * every match before it takes its page anyway). `total` is that count asked alone, only run for a
 * page past the last part or match, which has no row to carry it.
 */
export function partsPageQueries(db: Db, query: ItemsQuery, search: Search) {
  const limit = query.limit ?? LIST_PAGE_MAX;
  const offset = ((query.page ?? 1) - 1) * limit;
  const newestFirst = [desc(parts.createdAt), desc(parts.id)];
  const where = matching(search);
  if (where) {
    return {
      rows: selectShown(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
        .where(where)
        .orderBy(asc(rankOf(search)), ...newestFirst)
        .limit(limit)
        .offset(offset),
      total: countWhere(parts, where),
    };
  }
  // Unsearched, the page's ids come from the (created_at, id) index alone, so the rows OFFSET
  // skips are never read from the table (an index-only scan): page 100 costs about what page 1
  // does. A search orders by what the index does not hold, and reads its matches anyway.
  const pageIds = db
    .select({ id: parts.id })
    .from(parts)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const total = keptCount('parts');
  return {
    rows: selectShown(db, { total })
      .where(idIn(parts.id, pageIds))
      .orderBy(...newestFirst),
    total,
  };
}

/** One page of the catalogue (see `partsPageQueries`); `total` counts every match. */
export async function listParts(
  db: Db,
  query: ItemsQuery,
): Promise<{ parts: Part[]; total: number }> {
  const page = partsPageQueries(db, query, await resolveSearch(db, query.search));
  const rows = await page.rows;
  return { parts: rows.map(toPart), total: await pageTotal(db, rows, page.total) };
}

/** A part's page: the part with its other numbers, attributes and the vehicles it fits. */
export async function getPart(db: Db, id: string): Promise<PartDetail> {
  const [row] = await selectShown(db, { weightGrams: parts.weightGrams }).where(eq(parts.id, id));
  if (!row) throw new NotFound(`No part with id ${id}`);
  return partDetail(db, row);
}

/** The part a part number names, in any spelling (`0 986 494 123` is `0986494123`). */
export async function getPartByNumber(db: Db, partNumber: string): Promise<PartDetail> {
  const [row] = await selectShown(db, { weightGrams: parts.weightGrams }).where(
    eq(parts.partNumberKey, numberKey(sql`${partNumber}`)),
  );
  if (!row) throw new NotFound(`No part with number ${partNumber}`);
  return partDetail(db, row);
}

async function partDetail(
  db: Db,
  row: ShownRow & { weightGrams: number | null },
): Promise<PartDetail> {
  return {
    ...toPart(row),
    weightKg: row.weightGrams === null ? null : row.weightGrams / 1000,
    ...(await partExtras(db, row.id)),
  };
}

/**
 * A unique violation on the part number (two admins saving the same number at once) is a 409; a
 * replacement that would lead back to the part, a 400.
 */
const refusedWrite =
  (body: PartBody) =>
  (error: unknown): never => {
    if (uniqueViolation(error)) throw new Conflict('This part number belongs to another part');
    supersessionRefused(error, body.supersededBy);
    throw error;
  };

/**
 * The part form's quantity spread over the warehouses now rather than at commit (migration
 * 0029's reconciliation), so that the reply shows the stock per warehouse as it will be.
 */
async function stockSettled(tx: Db | Tx): Promise<void> {
  await tx.execute(sql`set constraints parts_stock_reconcile immediate`);
}

/** The columns an admin's part form sets; the API speaks dollars, the table keeps cents. */
function partColumns(body: PartBody) {
  return {
    name: body.name,
    description: body.description,
    img: body.img,
    availableQuantity: body.availableQuantity,
    minimumQuantity: body.minimumQuantity,
    priceCents: Math.round(body.price * 100),
  };
}

/** Adds a part to the catalogue (admins; run in the transaction that audits it). */
export async function createPart(tx: Db | Tx, body: PartBody): Promise<Part> {
  const [row] = await tx
    .insert(parts)
    .values({ ...partColumns(body), ...(await catalogueColumns(tx, body)) })
    .returning({ id: parts.id })
    .catch(refusedWrite(body));
  if (!row) throw new Error('the new part was not returned');
  await writeCatalogueLists(tx, row.id, body);
  await stockSettled(tx);
  return shownPart(tx, row.id);
}

/**
 * Replaces a part's details and stock (admins) if it is still at `version`, the state the admin's
 * form was made from: otherwise an order (or another admin) changed it meanwhile, and writing the
 * form's stock would undo that, so it is a 409. The row is locked from the check to the write.
 * An unknown id is a 404.
 */
export async function updatePart(
  tx: Tx,
  id: string,
  version: string,
  body: PartBody,
): Promise<Part> {
  const [current] = await tx
    .select({ version: partVersion })
    .from(parts)
    .where(eq(parts.id, id))
    .for('update');
  if (!current) throw new NotFound(`No part with id ${id}`);
  if (current.version !== version)
    throw new Conflict(
      'This part has changed since the form was opened (an order or another admin): reload it and make the change again',
    );
  const [row] = await tx
    .update(parts)
    .set({ ...partColumns(body), ...(await catalogueColumns(tx, body, id)), updatedAt: new Date() })
    .where(eq(parts.id, id))
    .returning({ id: parts.id })
    .catch(refusedWrite(body));
  if (!row) throw new NotFound(`No part with id ${id}`);
  await writeCatalogueLists(tx, id, body);
  await stockSettled(tx);
  return shownPart(tx, id);
}
