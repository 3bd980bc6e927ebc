import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_REQUIRED,
  CATALOGUE_IMPORT_REFUSED_MAX,
  type CatalogueCsvColumn,
  type CatalogueCsvRow,
  type CatalogueImportReport,
  catalogueCsvRow,
  catalogueFields,
  numberKey,
  PART_QUANTITY_MAX,
  partMessages,
  restoreCell,
  STOCK_COLUMN_PREFIX,
  stockColumn,
} from '@axle/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { checkViolation } from '../../db/errors.ts';
import { Invalid } from '../../domain/errors.ts';
import { setFitmentOfParts, vehicleFinder } from '../vehicles/fitment.service.ts';
import { setStockOfParts, warehouseCodes } from '../warehouses/stock.service.ts';
import { brands, partPriceTiers, partReferences, parts } from './catalog.table.ts';
import { categoryLookup } from './category-lookup.service.ts';
import type { CsvRecord } from './csv.service.ts';

// The catalogue in bulk (issue 16 #7). A part form's path (createPart/updatePart) costs several
// statements per part; 250,000 lines must be written within 2 minutes, so a file is written a
// batch of lines at a time with a few set-based statements per batch, here and only here.

/**
 * Lines written per batch: one statement each for brands, parts, OE numbers, volume prices and
 * fitment.
 */
const BATCH = 1000;

/** A line that passed every check, with what the database needs of it resolved. */
type GoodLine = {
  line: number;
  row: CatalogueCsvRow;
  categoryId: string | null | undefined;
  vehicleIds: string[] | undefined;
  /** What each warehouse holds, when the file has stock columns (issue 32 #2). */
  stock: { warehouseId: string; quantity: number }[] | undefined;
};

type Counts = Omit<CatalogueImportReport, 'dryRun'>;

/**
 * The header's columns, in the file's order; a column unknown, twice or missing refuses the file.
 * Stock columns (`stock:DHK`, issue 32 #2) name known warehouses, and then every one of them.
 */
function readHeader(record: CsvRecord | undefined, warehouseCodes: readonly string[]): string[] {
  const expected = `The first line names the columns: ${CATALOGUE_CSV_COLUMNS.join(',')}`;
  if (!record) throw new Invalid(`The file is empty. ${expected}`);
  if ('error' in record) throw new Invalid(`Line 1: ${record.error}. ${expected}`);
  const columns = record.cells.map((cell) => cell.trim());
  const stockColumns = warehouseCodes.map(stockColumn);
  for (const column of columns) {
    if (column.startsWith(STOCK_COLUMN_PREFIX) && !stockColumns.includes(column))
      throw new Invalid(
        `Unknown warehouse in the column "${column.slice(0, 40)}": the shop's warehouses are ${warehouseCodes.join(', ')}`,
      );
    if (
      !(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(column) &&
      !stockColumns.includes(column)
    )
      throw new Invalid(`Unknown column "${column.slice(0, 40)}". ${expected}`);
    if (columns.indexOf(column) !== columns.lastIndexOf(column))
      throw new Invalid(`The column ${column} is named twice`);
  }
  const missing = CATALOGUE_CSV_REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw new Invalid(`Missing column: ${missing.join(', ')}. ${expected}`);
  const withoutStock = stockColumns.filter((column) => !columns.includes(column));
  if (withoutStock.length > 0 && withoutStock.length < stockColumns.length)
    throw new Invalid(
      `The file gives the stock of some warehouses only: add the column ${withoutStock.join(', ')}`,
    );
  return columns;
}

/**
 * Upserts the parts of a catalogue file by part number (in any spelling) in `tx`, and reports
 * what it did: each line is checked by the Add a Product form's rules (contract
 * `catalogueCsvRow`); a refused line writes nothing, and a part number already on an earlier line
 * is refused naming that line. Columns the file lacks keep what a part has; an empty cell clears
 * it (brand, category, picture, volume prices, OE numbers, fitment). A file whose header is wrong
 * is a 400.
 */
export async function importCatalogue(tx: Tx, records: AsyncIterable<CsvRecord>): Promise<Counts> {
  // As the scale seed does (fill.ts): new parts' trigram index entries are merged in bigger,
  // cheaper steps, and the list is merged before the commit (searches never scan a long one).
  await tx.execute(sql`SET LOCAL gin_pending_list_limit = '64MB'`);
  const iterator = records[Symbol.asyncIterator]();
  const places = await warehouseCodes(tx);
  const columns = readHeader(
    (await iterator.next()).value ?? undefined,
    places.map((place) => place.code),
  );
  const has = (column: CatalogueCsvColumn) => columns.includes(column);
  const stockPlaces = places.filter((place) => columns.includes(stockColumn(place.code)));

  const categoryOf = await categoryLookup(tx);
  // What the file names that the shop has no category of, once each, with the closest there is.
  const unknown = new Map<string, { category: string; closest: string | null; lines: number }>();
  const findVehicles = has('fitment') ? await vehicleFinder(tx) : undefined;
  const firstLineOf = new Map<string, number>();
  // Written once every part is (a part may be replaced by one a later line adds).
  const replacements: Supersession[] = [];
  const counts: Counts = {
    inserted: 0,
    updated: 0,
    refusedCount: 0,
    refused: [],
    unknownCategories: [],
  };
  const refuse = (line: number, reason: string) => {
    counts.refusedCount++;
    if (counts.refused.length < CATALOGUE_IMPORT_REFUSED_MAX) counts.refused.push({ line, reason });
  };

  /** The line's part ready to write, or why it is refused. */
  const check = (record: CsvRecord): GoodLine | string => {
    if ('error' in record) return record.error;
    if (record.cells.length !== columns.length)
      return `${record.cells.length} cells where the header names ${columns.length} columns`;
    const cells: Record<string, string> = {};
    const stockCells: Record<string, string> = {};
    for (const [index, column] of columns.entries()) {
      const cell = restoreCell(record.cells[index] ?? '');
      if (cell.includes('\u0000')) return `${column}: Text must not contain NUL characters`;
      if (column.startsWith(STOCK_COLUMN_PREFIX)) stockCells[column] = cell.trim();
      else cells[column] = cell;
    }
    const parsed = catalogueCsvRow.safeParse(cells);
    if (!parsed.success)
      return [
        ...new Set(
          parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`),
        ),
      ].join('; ');
    const row = parsed.data;
    const first = firstLineOf.get(numberKey(row.partNumber));
    if (first !== undefined)
      return `partNumber: ${row.partNumber} is also on line ${first}; a part is imported once (the first line is kept)`;
    let categoryId: string | null | undefined = row.category;
    if (row.category) {
      const found = categoryOf(row.category);
      if ('ambiguous' in found)
        return `category: "${row.category}" is the name of ${found.ambiguous.length} categories: give its path, one of ${found.ambiguous.map((path) => `"${path}"`).join(', ')}`;
      if ('unknown' in found) {
        const key = row.category.trim().toLocaleLowerCase('en');
        const seen = unknown.get(key) ?? {
          category: row.category.trim(),
          closest: found.closest,
          lines: 0,
        };
        seen.lines++;
        unknown.set(key, seen);
        return `category: No category is named "${row.category}"${found.closest ? `; the closest is "${found.closest}"` : ''}`;
      }
      categoryId = found.id;
    }
    let vehicleIds: string[] | undefined;
    if (row.fitment && findVehicles) {
      const found = new Set<string>();
      for (const pattern of row.fitment) {
        const matched = findVehicles(pattern);
        if (matched.length === 0) return `fitment: No vehicle of the list is ${describe(pattern)}`;
        for (const vehicle of matched) found.add(vehicle.id);
      }
      vehicleIds = [...found];
      const within = catalogueFields.fitment.safeParse(
        vehicleIds.map((vehicleId) => ({ vehicleId })),
      );
      if (!within.success) return `fitment: ${within.error.issues[0]?.message}`;
    }
    let stock: GoodLine['stock'];
    if (stockPlaces.length > 0) {
      stock = [];
      for (const place of stockPlaces) {
        const cell = stockCells[stockColumn(place.code)] ?? '';
        const quantity = Number(cell);
        if (!/^\d+$/.test(cell) || quantity > PART_QUANTITY_MAX)
          return `${stockColumn(place.code)}: ${partMessages.availableQuantity}`;
        stock.push({ warehouseId: place.id, quantity });
      }
      const sum = stock.reduce((total, each) => total + each.quantity, 0);
      if (sum !== row.availableQuantity)
        return `availableQuantity: ${row.availableQuantity} is not the sum of the warehouses' stock (${sum})`;
    }
    return { line: record.line, row, categoryId, vehicleIds, stock };
  };

  let batch: GoodLine[] = [];
  const flush = async () => {
    const written = await writeBatch(tx, columns, batch);
    counts.inserted += written.inserted;
    counts.updated += written.updated;
    batch = [];
  };
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const checked = check(next.value);
    if (typeof checked === 'string') {
      refuse(next.value.line, checked);
      continue;
    }
    firstLineOf.set(numberKey(checked.row.partNumber), checked.line);
    if (checked.row.supersededBy !== undefined)
      replacements.push({
        line: checked.line,
        key: numberKey(checked.row.partNumber),
        by: checked.row.supersededBy,
      });
    batch.push(checked);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  if (has('supersededBy'))
    for (const refused of await writeSupersessions(tx, replacements))
      refuse(refused.line, refused.reason);
  await tx.execute(sql`
    SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
     WHERE a.amname = 'gin' AND i.indrelid = 'parts'::regclass`);
  counts.unknownCategories = [...unknown.values()].slice(0, CATALOGUE_IMPORT_REFUSED_MAX);
  return counts;
}

/** A line's replacement: the part's number key, and the replacing number as the cell gives it. */
type Supersession = { line: number; key: string; by: string | null };

/**
 * Sets the replacements the file gives (issue 32 #1), once its parts are all written, and answers
 * the lines whose replacing number no part has: their other cells were imported. A replacement
 * leading back to a part refuses the whole file (migration 0027's trigger), as a 400.
 */
async function writeSupersessions(
  tx: Tx,
  given: readonly Supersession[],
): Promise<{ line: number; reason: string }[]> {
  if (given.length === 0) return [];
  const rows = JSON.stringify(
    given.map((s) => ({ line: s.line, key: s.key, by: s.by === null ? null : numberKey(s.by) })),
  );
  const found = sql`json_to_recordset(${rows}::json) AS g(line int, key text, by text)`;
  const unknown = rowsOf<{ line: number }>(
    await tx.execute(sql`
      SELECT g.line FROM ${found}
       WHERE g.by IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ${parts} r WHERE r.part_number_key = g.by)`),
  );
  await tx
    .execute(sql`
      UPDATE ${parts} p SET superseded_by = r.id, updated_at = now()
        FROM ${found} LEFT JOIN ${parts} r ON r.part_number_key = g.by
       WHERE p.part_number_key = g.key AND (g.by IS NULL OR r.id IS NOT NULL)
         AND p.superseded_by IS DISTINCT FROM r.id`)
    .catch((error: unknown) => {
      if (checkViolation(error, 'parts_not_superseded_by_itself'))
        throw new Invalid('supersededBy: a part cannot replace itself');
      if (checkViolation(error, 'parts_supersession_acyclic'))
        throw new Invalid(
          'supersededBy: these replacements would lead back to a part they replace (a cycle); nothing was imported',
        );
      throw error;
    });
  const numberOf = new Map(given.map((s) => [s.line, s.by]));
  return unknown.map(({ line }) => ({
    line,
    reason: `supersededBy: No part has the number ${numberOf.get(line)} (the line's other cells were imported)`,
  }));
}

function describe(pattern: NonNullable<CatalogueCsvRow['fitment']>[number]): string {
  const years =
    'cover' in pattern.years ? pattern.years.cover : `${pattern.years.from}-${pattern.years.to}`;
  const engine = pattern.variant === undefined ? '' : `|${pattern.variant ?? ''}`;
  return `${pattern.make}|${pattern.model}|${years}${engine}`;
}

/** Both drivers answer a raw statement with its rows in `rows`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Writes a batch of good lines: brands, then parts (upsert by number key), OE numbers, volume
 * prices, fitment.
 */
async function writeBatch(
  tx: Tx,
  columns: readonly string[],
  lines: readonly GoodLine[],
): Promise<{ inserted: number; updated: number }> {
  const has = (column: CatalogueCsvColumn | string) => columns.includes(column);
  const brandNames = [...new Set(lines.flatMap((l) => (l.row.brand ? [l.row.brand] : [])))];
  if (brandNames.length > 0)
    await tx.execute(sql`
      INSERT INTO ${brands} (name) SELECT unnest(${sql.param(brandNames)}::text[])
      ON CONFLICT (name_key) DO NOTHING`);

  const given = lines.map(({ row, categoryId }) => ({
    part_number: row.partNumber,
    name: row.name,
    description: row.description,
    img: row.img ?? null,
    available_quantity: row.availableQuantity,
    minimum_quantity: row.minimumQuantity,
    price_cents: Math.round(row.price * 100),
    brand: row.brand ?? null,
    category_id: categoryId ?? null,
  }));
  // The columns every file sets, then those of the optional columns it has.
  const set: [string, SQL][] = [
    ['part_number', sql`g.part_number`],
    ['name', sql`g.name`],
    ['description', sql`g.description`],
    ['available_quantity', sql`g.available_quantity`],
    ['minimum_quantity', sql`g.minimum_quantity`],
    ['price_cents', sql`g.price_cents`],
  ];
  if (has('img')) set.push(['img', sql`g.img`]);
  if (has('brand'))
    set.push([
      'brand_id',
      sql`(SELECT b.id FROM ${brands} b WHERE b.name_key = axle_fold(g.brand))`,
    ]);
  if (has('category')) set.push(['category_id', sql`g.category_id`]);
  const names = set.map(([name]) => name).join(', ');
  // A part the line leaves as it is is not written again (no new row version, no index work):
  // exporting and importing the catalogue again costs reads only.
  const upserted = rowsOf<{ id: string; key: string; inserted: boolean }>(
    await tx.execute(sql`
      INSERT INTO ${parts} (${sql.raw(names)})
      SELECT ${sql.join(
        set.map(([, value]) => value),
        sql`, `,
      )}
        FROM json_to_recordset(${JSON.stringify(given)}::json) AS g(
          part_number text, name text, description text, img text, available_quantity int,
          minimum_quantity int, price_cents int, brand text, category_id uuid)
      ON CONFLICT (part_number_key text_pattern_ops) DO UPDATE
        SET ${sql.raw(set.map(([name]) => `${name} = excluded.${name}`).join(', '))}, updated_at = now()
        WHERE (${sql.raw(set.map(([name]) => `parts.${name}`).join(', '))})
          IS DISTINCT FROM (${sql.raw(set.map(([name]) => `excluded.${name}`).join(', '))})
      RETURNING id, part_number_key AS key, (xmax = 0) AS inserted`),
  );
  const idByKey = new Map(upserted.map((row) => [row.key, row.id]));
  const unchanged = lines
    .map((line) => numberKey(line.row.partNumber))
    .filter((key) => !idByKey.has(key));
  if (unchanged.length > 0)
    for (const row of rowsOf<{ id: string; key: string }>(
      await tx.execute(sql`
        SELECT id, part_number_key AS key FROM ${parts}
         WHERE part_number_key = any(${sql.param(unchanged)}::text[])`),
    ))
      idByKey.set(row.key, row.id);
  const partIds = [...idByKey.values()];
  const idOf = (line: GoodLine) => {
    const id = idByKey.get(numberKey(line.row.partNumber));
    if (!id) throw new Error(`line ${line.line}: the part was not returned`);
    return id;
  };

  if (has('oeNumbers')) {
    // Only the numbers that go are deleted and only new ones inserted: unchanged ones stay put.
    const references = JSON.stringify(
      lines.flatMap((line) =>
        (line.row.oeNumbers ?? []).map((r) => ({ part_id: idOf(line), ...r })),
      ),
    );
    const given = sql`json_to_recordset(${references}::json) AS g(part_id uuid, brand text, number text)`;
    await tx.execute(sql`
      DELETE FROM ${partReferences} r
       WHERE r.kind = 'oe' AND r.part_id = any(${sql.param(partIds)}::uuid[])
         AND NOT EXISTS (SELECT 1 FROM ${given}
                          WHERE g.part_id = r.part_id AND g.brand = r.brand AND g.number = r.number)`);
    await tx.execute(sql`
      INSERT INTO ${partReferences} (part_id, kind, brand, number)
      SELECT g.part_id, 'oe', g.brand, g.number FROM ${given}
      ON CONFLICT DO NOTHING`);
  }
  if (has('priceTiers')) {
    // Only tiers that go or change are written, and their parts take a new version, so that an
    // edit made from a part before the import is refused (409) rather than undoing its prices.
    const tiers = JSON.stringify(
      lines.flatMap((line) =>
        (line.row.priceTiers ?? []).map((tier) => ({
          part_id: idOf(line),
          min_quantity: tier.minQuantity,
          price_cents: Math.round(tier.price * 100),
        })),
      ),
    );
    const given = sql`json_to_recordset(${tiers}::json) AS g(part_id uuid, min_quantity int, price_cents int)`;
    await tx.execute(sql`
      WITH gone AS (
        DELETE FROM ${partPriceTiers} t
         WHERE t.part_id = any(${sql.param(partIds)}::uuid[])
           AND NOT EXISTS (SELECT 1 FROM ${given}
                            WHERE g.part_id = t.part_id AND g.min_quantity = t.min_quantity)
        RETURNING t.part_id),
      changed AS (
        INSERT INTO ${partPriceTiers} (part_id, min_quantity, price_cents)
        SELECT g.part_id, g.min_quantity, g.price_cents FROM ${given}
        ON CONFLICT (part_id, min_quantity) DO UPDATE SET price_cents = excluded.price_cents
          WHERE ${partPriceTiers}.price_cents <> excluded.price_cents
        RETURNING part_id)
      UPDATE ${parts} SET updated_at = now()
       WHERE id IN (SELECT part_id FROM gone UNION SELECT part_id FROM changed)`);
  }
  if (has('fitment'))
    await setFitmentOfParts(
      tx,
      partIds,
      lines.flatMap((line) =>
        (line.vehicleIds ?? []).map((vehicleId) => ({ partId: idOf(line), vehicleId })),
      ),
    );

  const stocked = lines.filter((line) => line.stock);
  if (stocked.length > 0) await writeStock(tx, stocked, idOf);

  const inserted = upserted.filter((row) => row.inserted).length;
  return { inserted, updated: lines.length - inserted };
}

/**
 * Sets what each warehouse holds of the lines' parts (issue 32 #2), their rows locked first (in
 * id order, as an order locks them) so that an order cannot take from a part between the file's
 * stock and its total; the total then follows the warehouses (it is the line's availableQuantity,
 * unless an order took from the part since the parts were written).
 */
async function writeStock(
  tx: Tx,
  lines: readonly GoodLine[],
  idOf: (line: GoodLine) => string,
): Promise<void> {
  const ids = lines.map(idOf).sort();
  await tx.execute(sql`
    SELECT id FROM ${parts} WHERE id = any(${sql.param(ids)}::uuid[]) ORDER BY id FOR NO KEY UPDATE`);
  const totals = await setStockOfParts(
    tx,
    lines.flatMap((line) => (line.stock ?? []).map((each) => ({ partId: idOf(line), ...each }))),
  );
  const given = JSON.stringify([...totals].map(([id, total]) => ({ id, total })));
  await tx.execute(sql`
    UPDATE ${parts} p SET available_quantity = g.total, updated_at = now()
      FROM json_to_recordset(${given}::json) AS g(id uuid, total int)
     WHERE p.id = g.id AND p.available_quantity <> g.total`);
}
