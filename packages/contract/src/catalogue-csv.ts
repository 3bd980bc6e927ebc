import { z } from 'zod';
import { catalogueFields, partForm, partNumberField, tiersBelowPrice } from './items.ts';

// The catalogue in bulk (issue 16 #7): `POST /api/admin/catalogue/import` takes a CSV file and
// `GET /api/admin/catalogue/export` gives one, with the same columns and cell formats, so that an
// exported file imported again changes nothing.

/** The columns of the file, in the order the export writes them. */
export const CATALOGUE_CSV_COLUMNS = [
  'partNumber',
  'name',
  'description',
  'brand',
  'category',
  'price',
  'priceTiers',
  'availableQuantity',
  'minimumQuantity',
  'img',
  'oeNumbers',
  'fitment',
  'supersededBy',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/**
 * One more column per warehouse (issue 32 #2), after those above in the warehouses' order: what it
 * holds of the part, e.g. `stock:DHK`. A file with stock columns names every warehouse, and each
 * line's availableQuantity is their sum; a file without them leaves the stock per warehouse to
 * the shop (more goes to the first warehouse).
 */
export const STOCK_COLUMN_PREFIX = 'stock:';
export const stockColumn = (code: string) => `${STOCK_COLUMN_PREFIX}${code}`;

/** Columns an import must have; a column left out of the header keeps what each part has. */
export const CATALOGUE_CSV_REQUIRED: readonly CatalogueCsvColumn[] = [
  'partNumber',
  'name',
  'description',
  'price',
  'availableQuantity',
  'minimumQuantity',
];

/**
 * The largest file an import takes (413 beyond). The shop's own export of 250,000 generated parts,
 * each with about four fitted vehicles, is 117 MB: this takes twice that. It is spooled to disk,
 * never held in memory.
 */
export const CATALOGUE_IMPORT_MAX_BYTES = 256 * 1024 * 1024;
/** How many refused lines a report lists; `refusedCount` counts them all. */
export const CATALOGUE_IMPORT_REFUSED_MAX = 1000;

export const catalogueImportQuery = z.strictObject({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun is true or false' })
    .optional()
    .transform((value) => value === 'true')
    .describe('true: check the file and report what it would do, and change nothing'),
});

export const catalogueImportReport = z.object({
  dryRun: z.boolean(),
  /** Parts added (their part number was new). */
  inserted: z.number().int(),
  /** Parts written over (their part number was known, in any spelling). */
  updated: z.number().int(),
  /** Every refused line; `refused` lists the first CATALOGUE_IMPORT_REFUSED_MAX of them. */
  refusedCount: z.number().int(),
  refused: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /**
   * The categories the file names that the shop has none of (issue 33 #5), each with the closest
   * one it has (its path, "Brakes > Brake pads"; null when none is alike) and how many lines named
   * it; at most CATALOGUE_IMPORT_REFUSED_MAX of them.
   */
  unknownCategories: z.array(
    z.object({ category: z.string(), closest: z.string().nullable(), lines: z.number().int() }),
  ),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReport>;

// ---- Cells ----

/** A cell a spreadsheet would run as a formula: it starts with =, +, -, @, a tab or a CR. */
const formulaStart = /^'*[=+\-@\t\r]/;

/**
 * The export's cell as a spreadsheet may open it: a formula-like cell gets a leading `'`
 * (OWASP's CSV injection advice). Quotes already in front of such a start get one more, so that
 * `restoreCell` always gives the original back.
 */
export const neutraliseCell = (value: string): string =>
  formulaStart.test(value) ? `'${value}` : value;

/** The import's reading of a cell: `neutraliseCell` undone. */
export const restoreCell = (value: string): string =>
  value.startsWith("'") && formulaStart.test(value) ? value.slice(1) : value;

/** `Toyota:04465-02220; Honda:15400-PLM-A02`: brand, colon, number; `;` between them. */
export function formatBrandNumbers(items: readonly { brand: string; number: string }[]): string {
  return items.map((item) => `${item.brand}:${item.number}`).join('; ');
}

const listItems = (cell: string) =>
  cell
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Reads `formatBrandNumbers`' cell; the number is after the last colon (a number has none). */
const brandNumbersCell = z.string().transform((cell, ctx) => {
  const items: { brand: string; number: string }[] = [];
  for (const item of listItems(cell)) {
    const colon = item.lastIndexOf(':');
    if (colon === -1) {
      ctx.addIssue({
        code: 'custom',
        message: `"${item}" is not Brand:Number (e.g. Toyota:04465-02220; Honda:15400-PLM-A02)`,
      });
      return z.NEVER;
    }
    items.push({ brand: item.slice(0, colon).trim(), number: item.slice(colon + 1).trim() });
  }
  return items;
});

/** `50:3.90; 200:3.50`: from how many units, colon, the price in dollars; `;` between them. */
export function formatPriceTiers(tiers: readonly { minQuantity: number; price: number }[]): string {
  return tiers.map((tier) => `${tier.minQuantity}:${tier.price.toFixed(2)}`).join('; ');
}

/** Reads `formatPriceTiers`' cell as the part form's rows, which its rules then check. */
const priceTiersCell = z.string().transform((cell, ctx) => {
  const tiers: { minQuantity: string; price: string }[] = [];
  for (const item of listItems(cell)) {
    const [minQuantity, price, ...rest] = item.split(':').map((field) => field.trim());
    if (!minQuantity || !price || rest.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `"${item}" is not Quantity:Price (e.g. 50:3.90; 200:3.50)`,
      });
      return z.NEVER;
    }
    tiers.push({ minQuantity, price });
  }
  return tiers;
});

/**
 * Vehicles of the shop's list, `;` between them, each `Make|Model|Years` or
 * `Make|Model|Years|Engine`: Years is one year (every vehicle of that make and model whose years
 * cover it) or `From-To` (the vehicles with exactly that run of years); without an engine every
 * engine, with an empty one (`Toyota|Corolla|2014-2019|`) the vehicle whose engine the list does
 * not name. Make, model and engine are compared without case.
 */
export type FitmentPattern = {
  make: string;
  model: string;
  /** One year the vehicle covers, or its exact run. */
  years: { cover: number } | { from: number; to: number };
  /** Absent: every engine; null: the vehicle without an engine named. */
  variant?: string | null;
};

/** A fitted vehicle as the export writes it: its exact run and its engine (or none). */
export function formatFitmentVehicle(vehicle: {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  variant: string | null;
}): string {
  return `${vehicle.make}|${vehicle.model}|${vehicle.yearFrom}-${vehicle.yearTo}|${vehicle.variant ?? ''}`;
}

const fitmentExample = 'e.g. Toyota|Corolla|2015 or Toyota|Corolla|2014-2019|1.8L 4-cyl';
const fitmentCell = z.string().transform((cell, ctx) => {
  const patterns: FitmentPattern[] = [];
  for (const item of listItems(cell)) {
    const fields = item.split('|').map((field) => field.trim());
    const [make, model, years, variant] = fields;
    const run = /^(\d{4})(?:-(\d{4}))?$/.exec(years ?? '');
    if (fields.length < 3 || fields.length > 4 || !make || !model || !run) {
      ctx.addIssue({
        code: 'custom',
        message: `"${item}" is not Make|Model|Years or Make|Model|Years|Engine (${fitmentExample})`,
      });
      return z.NEVER;
    }
    const pattern: FitmentPattern = {
      make,
      model,
      years: run[2] ? { from: Number(run[1]), to: Number(run[2]) } : { cover: Number(run[1]) },
    };
    if (variant !== undefined) pattern.variant = variant === '' ? null : variant;
    patterns.push(pattern);
  }
  return patterns;
});

/** An empty cell is none (no brand, no category, no picture). */
const noneWhenEmpty = (value: string) => (value.trim() === '' ? null : value);

/**
 * One line of an import, its cells by column (a column the file lacks is absent): the Add a
 * Product form's own rules and messages, and the part number is required. `category` names a
 * category by its slug (brake-pads), its name (Brake pads) or its path (Brakes > Brake pads), in
 * any letter case, found by the server.
 */
const catalogueCsvCells = z.strictObject({
  partNumber: z
    .string()
    .refine((value) => value.trim() !== '', 'Part number is required')
    .pipe(partNumberField),
  name: partForm.shape.name,
  description: partForm.shape.description,
  brand: z.string().transform(noneWhenEmpty).pipe(catalogueFields.brand.unwrap()).optional(),
  category: z.string().trim().transform(noneWhenEmpty).optional(),
  price: partForm.shape.price,
  priceTiers: priceTiersCell.pipe(partForm.shape.priceTiers).optional(),
  availableQuantity: partForm.shape.availableQuantity,
  minimumQuantity: partForm.shape.minimumQuantity,
  img: partForm.shape.img.optional(),
  oeNumbers: brandNumbersCell.pipe(catalogueFields.oeNumbers.unwrap()).optional(),
  fitment: fitmentCell.optional(),
  /** The number of the part that replaces it (issue 32 #1), in the file or the shop; empty: none. */
  supersededBy: z.string().transform(noneWhenEmpty).pipe(partNumberField.nullable()).optional(),
});
/** A line's cells, and its volume prices below its price (as the form checks them). */
export const catalogueCsvRow = catalogueCsvCells.check(tiersBelowPrice);
export type CatalogueCsvRow = z.infer<typeof catalogueCsvRow>;
