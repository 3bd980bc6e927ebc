// Issue 32 #1: superseded numbers. A part may be replaced by another; chains lead to the newest,
// a cycle is refused, the old number finds the newest first and its page redirects there, quick
// order and reorder offer the replacement, and the old part's stock can still be sold.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  catalogueImportReport,
  checkoutReply,
  type PartBody,
  part,
  partDetail,
  partMessages,
  quickOrderMessages,
  quickOrderReply,
  reorderMessages,
  reorderReply,
  searchReply,
} from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { versionOf } from '../../../test/parts.ts';
import { expectUnchanged, snapshot } from '../../../test/security/snapshot.ts';
import { createTestApp, testDatabaseKind } from '../../../test/test-app.ts';
import { demoParts } from '../../db/seed/demo-catalogue.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { parts } from './catalog.table.ts';

let webRoot: string;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;
let buyer: Customer;

const body = (partNumber: string, extra: Partial<PartBody> = {}): PartBody => ({
  name: `Water Pump ${partNumber}`,
  description: 'Cast impeller, gasket included.',
  img: null,
  availableQuantity: 100,
  minimumQuantity: 5,
  price: 40,
  partNumber,
  ...extra,
});

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...admin.headers, ...headers },
    payload: payload as object,
  });

async function addPart(partNumber: string, extra: Partial<PartBody> = {}): Promise<string> {
  const res = await send('POST', '/api/items', body(partNumber, extra));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { insertedId: string }).insertedId;
}

/** Sets (or clears) what replaces a part through the admin's form; answers the reply. */
async function supersede(id: string, partNumber: string, by: string | null) {
  return send('PUT', `/api/item/${id}`, body(partNumber, { supersededBy: by }), {
    'if-match': await versionOf(t.app, id),
  });
}

const detail = async (id: string) =>
  partDetail.parse((await t.app.inject(`/api/item/${id}`)).json());
const search = async (q: string) =>
  searchReply.parse((await t.app.inject(`/api/search?q=${encodeURIComponent(q)}`)).json());
const post = (who: Customer, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });
const emptyCart = () =>
  t.app.inject({ method: 'DELETE', url: '/api/cart', headers: buyer.headers });

let a: string;
let b: string;
let c: string;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'axle-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Axle" /><title>Axle</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webRoot });
  admin = await signInAdmin(t.app, t.db);
  buyer = await signUp(t.app, 'buyer');
  a = await addPart('WP-100 A');
  b = await addPart('WP-100 B');
  c = await addPart('WP-100 C', { availableQuantity: 400 });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('a chain of replacements', () => {
  it('leads every old number to the newest part, and the newest lists what it replaces', async () => {
    expect((await supersede(a, 'WP-100 A', 'wp100b')).statusCode).toBe(200);
    const bReply = await supersede(b, 'WP-100 B', 'WP-100 C');
    expect(bReply.statusCode, bReply.body).toBe(200);
    expect(part.parse(bReply.json()).replacedBy).toEqual({
      _id: c,
      partNumber: 'WP-100 C',
      name: 'Water Pump WP-100 C',
    });

    const old = await detail(a);
    expect(old.replacedBy?._id).toBe(c);
    expect(old.supersededBy).toBe('WP-100 B');
    expect(old.replaces).toEqual([]);
    const newest = await detail(c);
    expect(newest.replacedBy).toBeUndefined();
    expect(newest.supersededBy).toBeNull();
    expect(newest.replaces).toEqual([
      { _id: b, partNumber: 'WP-100 B' },
      { _id: a, partNumber: 'WP-100 A' },
    ]);
    // Lists carry the replacement too.
    const listed = (await t.app.inject('/api/items?search=WP-100')).json() as {
      _id: string;
      replacedBy?: { _id: string };
    }[];
    expect(listed.find((p) => p._id === a)?.replacedBy?._id).toBe(c);
  });

  it('refuses a cycle, the part itself and an unknown number with a 400, changing nothing', async () => {
    const before = await snapshot(t.db);
    const cycle = await supersede(c, 'WP-100 C', 'WP-100 A');
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.message).toBe(partMessages.replacementCycle('WP-100 A'));
    const itself = await supersede(c, 'WP-100 C', 'wp 100 c');
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.message).toBe(partMessages.replacementItself);
    const unknown = await supersede(c, 'WP-100 C', 'NO-SUCH-1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(partMessages.replacementUnknown('NO-SUCH-1'));
    await expectUnchanged(t.db, before);
    // Whoever writes it: the database refuses a cycle too.
    await expect(
      t.db.update(parts).set({ supersededBy: a }).where(eq(parts.id, c)),
    ).rejects.toThrow();
  });

  it('finds the newest part first when the old number is searched, in any spelling', async () => {
    const found = await search('wp 100a');
    expect(found.items.map((p) => p._id).slice(0, 2)).toEqual([c, a]);
    expect(found.replacements).toEqual([{ _id: c, replaces: 'WP-100 A' }]);
    expect(found.items[1]?.replacedBy?.partNumber).toBe('WP-100 C');
    // A number nothing replaces is marked by nothing.
    expect((await search('WP-100 C')).replacements).toBeUndefined();
  });

  it("redirects the old number's page to the newest part's, saying where it came from", async () => {
    const res = await t.app.inject('/parts/WP-100%20A');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/parts/WP-100%20C?from=WP-100%20A');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/parts/WP-100%20C')).statusCode).toBe(200);
    // Search engines are told of the newest number's page, not of the redirecting ones.
    const sitemap = (await t.app.inject('/sitemaps/parts-1.xml')).body;
    expect(sitemap).toContain('/parts/WP-100%20C<');
    expect(sitemap).not.toContain('/parts/WP-100%20A<');
    expect(sitemap).not.toContain('/parts/WP-100%20B<');
    // The API still answers the old part itself: its stock can be sold.
    const api = partDetail.parse((await t.app.inject('/api/parts/wp100a')).json());
    expect(api._id).toBe(a);
  });

  it('quick order takes the old stock while it lasts, else the newest, and says which', async () => {
    await emptyCart();
    await t.db.update(parts).set({ availableQuantity: 30 }).where(eq(parts.id, a));
    const res = await post(buyer, '/api/cart/quick', { text: 'WP-100 A, 20\nwp100b, 150' });
    expect(res.statusCode, res.body).toBe(200);
    const reply = quickOrderReply.parse(res.json());
    expect(reply.added).toEqual([
      expect.objectContaining({
        line: 1,
        partId: a,
        quantity: 20,
        note: quickOrderMessages.stillOld('WP-100 A', 'WP-100 C'),
      }),
      expect.objectContaining({
        line: 2,
        partId: c,
        quantity: 150,
        note: quickOrderMessages.replaced('WP-100 B', 'WP-100 C'),
      }),
    ]);
    // The old part sells down: checkout takes its stock.
    const placed = await post(buyer, '/api/checkout', {
      address: { line1: '1 Road', city: 'Dhaka', postalCode: '1212', country: 'Bangladesh' },
      tel: '017',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [left] = await t.db.select().from(parts).where(eq(parts.id, a));
    expect(left?.availableQuantity).toBe(10);

    // Reordered once the old stock cannot cover it: the newest goes in the cart instead.
    const again = reorderReply.parse(
      (
        await post(
          buyer,
          `/api/orders/${checkoutReply.parse(placed.json()).insertedId}/reorder`,
          {},
        )
      ).json(),
    );
    expect(again.changes).toContainEqual({
      partNumber: 'WP-100 A',
      name: 'Water Pump WP-100 A',
      message: reorderMessages.replaced('WP-100 C'),
    });
    expect(again.cart.lines.map((line) => [line.part._id, line.quantity])).toEqual([[c, 170]]);

    // Neither the old part nor the newest can fill it: refused with both said.
    await emptyCart();
    const tooMany = quickOrderReply.parse(
      (await post(buyer, '/api/cart/quick', { text: 'WP-100 A, 900' })).json(),
    );
    expect(tooMany.refused).toEqual([
      {
        line: 1,
        text: 'WP-100 A, 900',
        reason: quickOrderMessages.neither('WP-100 C', quickOrderMessages.aboveStock(250)),
      },
    ]);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('two writers closing a cycle at once', () => {
  it('take turns, so the second is refused', async () => {
    const x = await addPart('WP-CYC X');
    const y = await addPart('WP-CYC Y');
    let second: Promise<unknown> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.update(parts).set({ supersededBy: y }).where(eq(parts.id, x));
      // Another connection of the pool writes the other half while the first is not committed.
      second = t.db.update(parts).set({ supersededBy: x }).where(eq(parts.id, y)).execute();
      second.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    await expect(second).rejects.toThrow();
    const rows = await t.db.select().from(parts).where(eq(parts.id, y));
    expect(rows[0]?.supersededBy).toBeNull();
  });
});

describe('supersededBy in the catalogue file', () => {
  const header = 'partNumber,name,description,price,availableQuantity,minimumQuantity,supersededBy';
  const importCsv = (csv: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/import',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: csv,
    });

  it('sets replacements by a later line or the shop, reports unknown numbers, and exports them', async () => {
    const res = await importCsv(
      [
        header,
        'CSV-OLD-1,Fan belt,Old number,5,10,1,CSV-NEW-1',
        'CSV-ODD-1,Fan belt,Unknown replacement,5,10,1,NO-SUCH-9',
        'CSV-NEW-1,Fan belt,New number,5,10,1,',
        'CSV-WP-A,Pump,Into the chain above,5,10,1,WP-100 B',
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = catalogueImportReport.parse(res.json());
    expect(report).toMatchObject({ inserted: 4, refusedCount: 1 });
    expect(report.refused[0]?.line).toBe(3);
    expect(report.refused[0]?.reason).toMatch(/^supersededBy: No part has the number NO-SUCH-9/);
    const old = (await search('CSV-OLD-1')).items.find((p) => p.partNumber === 'CSV-OLD-1');
    expect(old?.replacedBy?.partNumber).toBe('CSV-NEW-1');
    const intoChain = (await search('CSV-WP-A')).items.find((p) => p.partNumber === 'CSV-WP-A');
    expect(intoChain?.replacedBy?.partNumber).toBe('WP-100 C');

    const csv = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/catalogue/export',
        headers: admin.headers,
      })
    ).body;
    // The warehouses' stock columns (issue 32 #2) follow it.
    expect(csv.split('\r\n')[0]).toMatch(/,supersededBy(,stock:[A-Z0-9]+)+$/);
    expect(csv).toMatch(/\r\nCSV-OLD-1,.*,CSV-NEW-1(,\d+)+\r\n/);
    expect(csv).toMatch(/\r\nWP-100 A,.*,WP-100 B(,\d+)+\r\n/);
  });

  it('refuses a file whose replacements make a cycle, and imports none of it', async () => {
    const before = await snapshot(t.db);
    const res = await importCsv(
      [header, 'CSV-CYC-1,Loop,One,5,10,1,CSV-CYC-2', 'CSV-CYC-2,Loop,Two,5,10,1,CSV-CYC-1'].join(
        '\n',
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^supersededBy: .*cycle/);
    await expectUnchanged(t.db, before);
  });
});

describe('the demo catalogue', () => {
  it('has a superseded pair', async () => {
    await seedDemo(t.db);
    const old = demoParts.find((p) => p.catalogue.supersededBy);
    expect(old).toBeDefined();
    const reply = part.parse((await t.app.inject(`/api/item/${old?.id}`)).json());
    expect(reply.replacedBy?.partNumber).toBe(old?.catalogue.supersededBy);
  });
});
