import {
  auditLog,
  type CatalogueImportReport,
  catalogueImportReport,
  numberKey,
  partDetail,
  partList,
  partMessages,
} from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { loadReferenceData } from '../../db/seed/reference.ts';
import { categories } from '../catalog/catalog.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;
let customer: Customer;

const MAX_BYTES = 20_000;
const HEADER =
  'partNumber,name,description,brand,category,price,priceTiers,availableQuantity,minimumQuantity,img,oeNumbers,fitment';

const importCsv = (csv: string, who: Customer | null = admin, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/import${query}`,
    headers: { ...(who?.headers ?? {}), 'content-type': 'text/csv' },
    payload: csv,
  });
const imported = async (csv: string, query = ''): Promise<CatalogueImportReport> => {
  const res = await importCsv(csv, admin, query);
  expect(res.statusCode, res.body).toBe(200);
  return catalogueImportReport.parse(res.json());
};
const search = async (words: string) =>
  partList.parse(
    (await t.app.inject(`/api/items?search=${encodeURIComponent(words)}&limit=100`)).json(),
  );
const detail = async (id: string) =>
  partDetail.parse((await t.app.inject(`/api/item/${id}`)).json());
const exported = () =>
  t.app.inject({ method: 'GET', url: '/api/admin/catalogue/export', headers: admin.headers });

beforeAll(async () => {
  t = await createTestApp({ catalogueImportMaxBytes: MAX_BYTES });
  await loadReferenceData(t.db);
  admin = await signInAdmin(t.app, t.db);
  customer = await signUp(t.app, 'customer');
});
afterAll(() => t.close());

describe('POST /api/admin/catalogue/import', () => {
  it('adds good lines with brand, category, volume prices, OE numbers and fitment, refuses bad ones with line and reason, and audits it', async () => {
    const csv = [
      HEADER,
      'CSV-PAD-1,Bulk brake pads,"Front pads, ceramic",Brembo,brake-pads,18.50,50:17.90; 200:16.5,100,2,,Toyota:04465-02220; Toyota:04465-02240,Toyota|Corolla|2015',
      'CSV-FLT-1,Bulk oil filter,Spin-on filter,Bosch,oil-filters,6.2,,500,10,/images/parts/oil-filter.svg,,',
      'CSV-BAD-1,Priced badly,A part,Bosch,oil-filters,0,,5,1,,,',
      'CSV-BAD-2,Unknown category,A part,Bosch,no-such-slug,5,,5,1,,,',
      'CSV-BAD-3,Unknown car,A part,Bosch,,5,,5,1,,,Toyota|Flying Car|2015',
      'CSV-BAD-4,Too few cells',
      'CSV-BAD-5,Bad OE,A part,Bosch,,5,,5,1,,04465-02220,',
      'CSV-BAD-6,Tiers out of order,A part,Bosch,,5,50:4; 10:4.50,5,1,,,',
      'CSV-BAD-7,Tier above the price,A part,Bosch,,5,10:5,5,1,,,',
      'CSV-BAD-8,Tier from one unit,A part,Bosch,,5,1:4,5,1,,,',
      'CSV-BAD-9,Tier not read,A part,Bosch,,5,10 at 4,5,1,,,',
    ].join('\r\n');
    const report = await imported(csv);
    expect(report).toEqual({
      dryRun: false,
      inserted: 2,
      updated: 0,
      refusedCount: 9,
      refused: [
        { line: 4, reason: `price: ${partMessages.price}` },
        {
          line: 5,
          reason: expect.stringMatching(/^category: No category is named "no-such-slug"/),
        },
        {
          line: 6,
          reason: expect.stringMatching(
            /^fitment: No vehicle of the list is Toyota\|Flying Car\|2015/,
          ),
        },
        { line: 7, reason: '2 cells where the header names 12 columns' },
        { line: 8, reason: expect.stringMatching(/^oeNumbers: "04465-02220" is not Brand:Number/) },
        { line: 9, reason: `priceTiers: ${partMessages.tiersOrder}` },
        { line: 10, reason: `priceTiers: ${partMessages.tierPrice}` },
        { line: 11, reason: `priceTiers: ${partMessages.tierQuantity}` },
        {
          line: 12,
          reason: 'priceTiers: "10 at 4" is not Quantity:Price (e.g. 50:3.90; 200:3.50)',
        },
      ],
      unknownCategories: [expect.objectContaining({ category: 'no-such-slug', lines: 1 })],
    });

    const [pads] = await search('Bulk brake pads');
    expect(pads).toMatchObject({
      partNumber: 'CSV-PAD-1',
      description: 'Front pads, ceramic',
      brand: 'Brembo',
      price: 18.5,
      availableQuantity: 100,
      minimumQuantity: 2,
      img: null,
      category: { slug: 'brake-pads', path: [{ slug: 'brakes' }, { slug: 'brake-pads' }] },
      priceTiers: [
        { minQuantity: 50, price: 17.9 },
        { minQuantity: 200, price: 16.5 },
      ],
    });
    const padDetail = await detail(pads?._id ?? '');
    expect(padDetail.oeNumbers).toEqual([
      { brand: 'Toyota', number: '04465-02220' },
      { brand: 'Toyota', number: '04465-02240' },
    ]);
    // Every Corolla of the list whose years cover 2015: one per engine.
    expect(padDetail.fitment.total).toBe(2);
    expect(await search('CSV-BAD')).toEqual([]);
    expect(await search('Priced badly')).toEqual([]);

    const log = auditLog.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: admin.headers })
      ).json(),
    );
    expect(log[0]).toMatchObject({
      action: 'import-catalogue',
      adminEmail: admin.email,
      target: '2 inserted, 0 updated, 9 refused',
    });
  });

  it("finds a category by its name or path in people's words, and names the ones it cannot find with the closest (issue 33 #5)", async () => {
    // Two categories named "Wear sensors": the name alone is not enough, the path is.
    const parent = async (slug: string) =>
      (await t.db.select().from(categories).where(eq(categories.slug, slug)))[0]?.id ?? null;
    await t.db.insert(categories).values([
      { name: 'Wear sensors', slug: 'brake-wear-sensors', parentId: await parent('brakes') },
      { name: 'Wear sensors', slug: 'electric-wear-sensors', parentId: await parent('electrics') },
    ]);
    const csv = [
      'partNumber,name,description,category,price,availableQuantity,minimumQuantity',
      'WORDS-1,Pads by name,A part,BRAKE PADS,5,5,1',
      'WORDS-2,Pads by path,A part,"  brakes >brake   pads ",5,5,1',
      'WORDS-3,Filter by slug,A part,Oil-Filters,5,5,1',
      'WORDS-4,Sensor by path,A part,Brakes > Wear Sensors,5,5,1',
      'WORDS-5,Misspelt,A part,Brake pad,5,5,1',
      'WORDS-6,Misspelt again,A part,brake pad,5,5,1',
      'WORDS-7,Ambiguous,A part,wear sensors,5,5,1',
      'WORDS-8,Nothing like it,A part,Hovercraft,5,5,1',
    ].join('\n');
    const report = await imported(csv);
    expect(report).toMatchObject({ inserted: 4, refusedCount: 4 });
    expect(report.refused).toEqual([
      {
        line: 6,
        reason: 'category: No category is named "Brake pad"; the closest is "Brakes > Brake pads"',
      },
      {
        line: 7,
        reason: 'category: No category is named "brake pad"; the closest is "Brakes > Brake pads"',
      },
      {
        line: 8,
        reason:
          'category: "wear sensors" is the name of 2 categories: give its path, one of "Brakes > Wear sensors", "Electrics > Wear sensors"',
      },
      { line: 9, reason: 'category: No category is named "Hovercraft"' },
    ]);
    expect(report.unknownCategories).toEqual([
      { category: 'Brake pad', closest: 'Brakes > Brake pads', lines: 2 },
      { category: 'Hovercraft', closest: null, lines: 1 },
    ]);
    const slugOf = async (number: string) =>
      (await search(number)).find((part) => part.partNumber === number)?.category?.slug;
    expect(await slugOf('WORDS-1')).toBe('brake-pads');
    expect(await slugOf('WORDS-2')).toBe('brake-pads');
    expect(await slugOf('WORDS-3')).toBe('oil-filters');
    expect(await slugOf('WORDS-4')).toBe('brake-wear-sensors');
  });

  it('updates a part named by its number in another spelling, keeping what the file leaves out', async () => {
    const report = await imported(
      [
        'partNumber,name,description,price,availableQuantity,minimumQuantity',
        'csv pad 1,Bulk brake pads (new),Front pads,19.00,80,2',
      ].join('\n'),
    );
    expect(report).toMatchObject({ inserted: 0, updated: 1, refusedCount: 0 });
    const [pads] = await search('Bulk brake pads');
    expect(pads).toMatchObject({
      partNumber: 'csv pad 1',
      name: 'Bulk brake pads (new)',
      price: 19,
      availableQuantity: 80,
      brand: 'Brembo',
      category: { slug: 'brake-pads' },
      priceTiers: [
        { minQuantity: 50, price: 17.9 },
        { minQuantity: 200, price: 16.5 },
      ],
    });
    expect((await detail(pads?._id ?? '')).fitment.total).toBe(2);
  });

  it("replaces a part's volume prices by its column, clears them with an empty cell, and gives a part whose prices changed a new version", async () => {
    const columns =
      'partNumber,name,description,price,availableQuantity,minimumQuantity,priceTiers';
    const filter = async () => (await search('Bulk oil filter'))[0];
    const before = await filter();
    expect(before?.priceTiers).toEqual([]);

    const tiered = [
      columns,
      'CSV-FLT-1,Bulk oil filter,Spin-on filter,6.20,500,10,100:5.90;500:5.5',
    ];
    expect(await imported(tiered.join('\n'))).toMatchObject({ updated: 1, refusedCount: 0 });
    const withTiers = await filter();
    expect(withTiers?.priceTiers).toEqual([
      { minQuantity: 100, price: 5.9 },
      { minQuantity: 500, price: 5.5 },
    ]);
    // Only the prices changed: an edit made from the part before is now stale.
    expect(withTiers?.version).not.toBe(before?.version);

    // One tier's price changed, one gone, one new.
    await imported(
      [columns, 'CSV-FLT-1,Bulk oil filter,Spin-on filter,6.20,500,10,100:5.80; 1000:5'].join('\n'),
    );
    const changed = await filter();
    expect(changed?.priceTiers).toEqual([
      { minQuantity: 100, price: 5.8 },
      { minQuantity: 1000, price: 5 },
    ]);
    expect(changed?.version).not.toBe(withTiers?.version);
    // The same prices again change nothing, not even the version.
    await imported(
      [columns, 'CSV-FLT-1,Bulk oil filter,Spin-on filter,6.20,500,10,100:5.80; 1000:5'].join('\n'),
    );
    expect(await filter()).toEqual(changed);

    await imported([columns, 'CSV-FLT-1,Bulk oil filter,Spin-on filter,6.20,500,10,'].join('\n'));
    expect((await filter())?.priceTiers).toEqual([]);
  });

  it('refuses a part number already on an earlier line, naming it, in any spelling', async () => {
    const report = await imported(
      [
        'partNumber,name,description,price,availableQuantity,minimumQuantity',
        'DUP-77,First twin,Kept,5,5,1',
        'dup 77,Second twin,Refused,6,5,1',
      ].join('\n'),
    );
    expect(report).toMatchObject({ inserted: 1, updated: 0, refusedCount: 1 });
    expect(report.refused[0]).toEqual({
      line: 3,
      reason:
        'partNumber: dup 77 is also on line 2; a part is imported once (the first line is kept)',
    });
    expect((await search('twin')).map((p) => p.name)).toEqual(['First twin']);
  });

  it('changes nothing on a dry run, and reports the same counts', async () => {
    const csv = [
      'partNumber,name,description,price,availableQuantity,minimumQuantity',
      'DRY-1,Dry run part,Never written,5,5,1',
      'DUP-77,First twin renamed,Would be updated,5,5,1',
      'DRY-2,,No name,5,5,1',
    ].join('\n');
    const dry = await imported(csv, '?dryRun=true');
    expect(dry).toEqual({
      dryRun: true,
      inserted: 1,
      updated: 1,
      refusedCount: 1,
      refused: [{ line: 4, reason: `name: ${partMessages.name}` }],
      unknownCategories: [],
    });
    expect(await search('Dry run part')).toEqual([]);
    expect((await search('twin')).map((p) => p.name)).toEqual(['First twin']);
    expect(await imported(csv)).toEqual({ ...dry, dryRun: false });
    expect((await search('twin')).map((p) => p.name)).toEqual(['First twin renamed']);
  });

  it('refuses a file with an unknown or missing column (400), writing nothing', async () => {
    const unknown = await importCsv('partNumber,name,colour\nX-1,Part,red');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/^Unknown column "colour"/);
    const missing = await importCsv('partNumber,name\nX-1,Part');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^Missing column: description, price/);
  });

  it('refuses a file larger than the limit with 413, and writes none of it', async () => {
    const lines = ['partNumber,name,description,price,availableQuantity,minimumQuantity'];
    for (let n = 0; lines.join('\n').length <= MAX_BYTES; n++)
      lines.push(`BIG-${n},Oversized file part ${n},Never written,5,5,1`);
    const res = await importCsv(lines.join('\n'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'payload_too_large', message: expect.stringContaining('larger than') },
    });
    expect(await search('Oversized file part')).toEqual([]);
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    const csv =
      'partNumber,name,description,price,availableQuantity,minimumQuantity\nNO-1,No,No,5,5,1';
    expect((await importCsv(csv, null)).statusCode).toBe(401);
    expect((await importCsv(csv, customer)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/catalogue/export',
          headers: customer.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(await search('NO-1')).toEqual([]);
  });
});

describe('GET /api/admin/catalogue/export', () => {
  it('writes the catalogue as CSV with formulas neutralised, and importing it again changes nothing', async () => {
    await imported(
      [
        HEADER,
        'FORMULA-1,Formula part,"=HYPERLINK(""http://evil.example"")",,,5,,5,1,,,',
        'FORMULA-2,Quoted formula part,"\'+already quoted",,,5,20:4.75,5,1,,,Toyota|Corolla|2009-2019|1.8L 4-cyl 2ZR-FE',
      ].join('\n'),
    );
    const res = await exported();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="axle-catalogue.csv"');
    const csv = res.body;
    expect(csv.split('\r\n')[0]).toBe(`${HEADER},supersededBy,stock:MAIN`);
    // In part number order, however the numbers are spelled.
    const keys = csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => numberKey(line.split(',')[0] ?? ''));
    expect(keys).toEqual([...keys].sort());
    expect(keys.slice(0, 2)).toEqual(['csvflt1', 'csvpad1']);
    expect(csv).toContain('FORMULA-1,Formula part,"\'=HYPERLINK(""http://evil.example"")"');
    // A neutralised cell in a file is read without its quote, and neutralised again on export.
    expect(csv).toContain("FORMULA-2,Quoted formula part,'+already quoted");
    expect(csv).toContain('Toyota|Corolla|2009-2019|1.8L 4-cyl 2ZR-FE');
    expect(csv).toContain('Toyota:04465-02220; Toyota:04465-02240');
    expect(csv).toContain(',19.00,50:17.90; 200:16.50,');
    expect(csv).toContain(',5.00,20:4.75,');

    const formulas = await search('Formula part');
    expect(formulas.find((p) => p.partNumber === 'FORMULA-1')?.description).toBe(
      '=HYPERLINK("http://evil.example")',
    );
    expect(formulas.find((p) => p.partNumber === 'FORMULA-2')?.description).toBe('+already quoted');
    const before = await search('');
    const details = await Promise.all(before.map((p) => detail(p._id)));

    const again = await imported(csv);
    expect(again).toMatchObject({ inserted: 0, updated: before.length, refusedCount: 0 });
    expect(await search('')).toEqual(before);
    expect(await Promise.all(before.map((p) => detail(p._id)))).toEqual(details);
    expect((await exported()).body).toBe(csv);
  });
});

describe('stock per warehouse in the file (issue 32 #2)', () => {
  const STOCK_HEADER = 'partNumber,name,description,price,availableQuantity,minimumQuantity';
  const stockOf = async (partNumber: string) =>
    (await search(partNumber)).find((p) => p.partNumber === partNumber)?.stock;

  it('gives each warehouse a column, sets what each holds, and refuses a total that is not their sum', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/warehouses',
      headers: admin.headers,
      payload: { code: 'SEA', name: 'Seaport', city: 'Chattogram', timeZone: 'Asia/Dhaka' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const header = `${STOCK_HEADER},stock:MAIN,stock:SEA`;
    const report = await imported(
      [
        header,
        'STK-1,Split part,Both places,5,30,1,10,20',
        'STK-2,Wrong total,Both places,5,31,1,10,20',
        'STK-3,Bad cell,Both places,5,30,1,ten,20',
        'STK-4,Only Seaport,One place,5,7,1,0,7',
      ].join('\n'),
    );
    expect(report).toMatchObject({
      inserted: 2,
      refused: [
        { line: 3, reason: "availableQuantity: 31 is not the sum of the warehouses' stock (30)" },
        { line: 4, reason: `stock:MAIN: ${partMessages.availableQuantity}` },
      ],
    });
    expect(await stockOf('STK-1')).toEqual([
      { warehouse: 'MAIN', quantity: 10, restockDate: null },
      { warehouse: 'SEA', quantity: 20, restockDate: null },
    ]);
    expect(await stockOf('STK-4')).toEqual([{ warehouse: 'SEA', quantity: 7, restockDate: null }]);
    // Moved between warehouses by a second file: the total stays, the split changes.
    await imported([header, 'STK-1,Split part,Both places,5,30,1,25,5'].join('\n'));
    expect(await stockOf('STK-1')).toEqual([
      { warehouse: 'MAIN', quantity: 25, restockDate: null },
      { warehouse: 'SEA', quantity: 5, restockDate: null },
    ]);
    // The export writes the same cells back.
    const csv = (await exported()).body;
    expect(csv.split('\r\n')[0]).toMatch(/,supersededBy,stock:MAIN,stock:SEA$/);
    expect(csv).toMatch(/\r\nSTK-1,Split part,.*,25,5\r\n/);
  });

  it('refuses a file naming an unknown warehouse, or only some of them (400), writing nothing', async () => {
    for (const [header, message] of [
      [`${STOCK_HEADER},stock:XYZ`, 'Unknown warehouse in the column "stock:XYZ"'],
      [`${STOCK_HEADER},stock:MAIN`, 'add the column stock:SEA'],
    ] as const) {
      const res = await importCsv([header, 'STK-9,Never,Written,5,3,1,3'].join('\n'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await stockOf('STK-9')).toBeUndefined();
  });
});
