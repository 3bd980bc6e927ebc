// A full disk (issue 34 #5): a write that finds no room is answered 507 `insufficient_storage`
// with a sentence for people, nothing is half-written, the shop serves reads meanwhile, and the
// same write goes through once there is room, with no restart. The picture uploads and the outbox
// have their own tests beside their adapters; the backup command beside it.
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { insertedPartReply, partList } from '@axle/contract';
import { PGlite } from '@electric-sql/pglite';
import { like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin } from '../../test/customers.ts';
import { type FullDisk, fillDisk, noRoom } from '../../test/full-disk.ts';
import { createTestApp, testDatabaseKind } from '../../test/test-app.ts';
import { diskFull } from '../db/errors.ts';
import { parts } from '../features/catalog/catalog.table.ts';

const insufficientStorage = {
  error: {
    code: 'insufficient_storage',
    message: 'The shop has no room to save this just now. Please try again later.',
  },
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;
let disk: FullDisk | undefined;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app, t.db);
});
afterAll(() => t.close());
afterEach(() => {
  disk?.free();
  disk = undefined;
});

const newPart = (name: string) => ({
  name,
  description: 'Belt, tensioner and idler for 1.6 litre petrol engines.',
  img: '/images/parts/oil-filter.svg',
  availableQuantity: 400,
  minimumQuantity: 50,
  price: 42.9,
});
const addPart = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: admin.headers,
    payload: newPart(name),
  });
const partsNamed = (prefix: string) =>
  t.db
    .select({ name: parts.name })
    .from(parts)
    .where(like(parts.name, `${prefix}%`));

describe("the database's disk is full", () => {
  // The database refuses the write as PostgreSQL and PGlite do when a table cannot grow
  // (SQLSTATE 53100 disk_full, below): here a trigger says so, through the real driver.
  const fill = async () => {
    await t.db.execute(sql`
      create or replace function test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/5/16385": No space left on device'
          using errcode = 'disk_full', hint = 'Check free disk space.';
      end $$`);
    await t.db.execute(sql`
      create trigger test_disk_full before insert or update on parts
        for each statement execute function test_disk_full()`);
  };
  const free = () => t.db.execute(sql`drop trigger test_disk_full on parts`);

  it('answers a write 507 with a sentence for people, serves reads meanwhile, and writes again once there is room', async () => {
    const stocked = await addPart('Disk full brake pads');
    expect(stocked.statusCode, stocked.body).toBe(201);
    const { insertedId } = insertedPartReply.parse(stocked.json());
    await fill();
    try {
      const refused = await addPart('Disk full timing belt');
      expect(refused.statusCode).toBe(507);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.json()).toEqual(insufficientStorage);
      expect(await partsNamed('Disk full timing belt')).toEqual([]);

      const list = await t.app.inject('/api/items?search=Disk%20full');
      expect(list.statusCode).toBe(200);
      expect(partList.parse(list.json()).map((part) => part.name)).toEqual([
        'Disk full brake pads',
      ]);
      const one = await t.app.inject(`/api/item/${insertedId}`);
      expect(one.statusCode).toBe(200);
    } finally {
      await free();
    }

    const added = await addPart('Disk full timing belt');
    expect(added.statusCode, added.body).toBe(201);
    expect(await partsNamed('Disk full timing belt')).toHaveLength(1);
  });
});

describe('the catalogue import on a full disk', () => {
  const HEADER =
    'partNumber,name,description,brand,category,price,priceTiers,availableQuantity,minimumQuantity,img,oeNumbers,fitment';
  const csv = [
    HEADER,
    ...Array.from({ length: 20 }, (_, i) => `FULL-${i},Full disk filter ${i},A part,,,5,,5,1,,,`),
  ].join('\n');
  const importCsv = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/import',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: csv,
    });

  it('answers 507, imports no line of the part-written file and keeps nothing of it; imports it once there is room', async () => {
    // The file is taken whole into the system's temporary folder before it is imported.
    disk = fillDisk(tmpdir());
    const refused = await importCsv();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual(insufficientStorage);
    expect(disk.paths).toHaveLength(1);
    // Half of the file was on the disk: not one of its lines was taken for the whole file.
    expect(await partsNamed('Full disk filter')).toEqual([]);
    for (const path of disk.paths) expect(existsSync(dirname(path))).toBe(false);

    disk.free();
    const imported = await importCsv();
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ inserted: 20, updated: 0, refusedCount: 0 });
  });
});

describe('what counts as a full disk', () => {
  it("is the system's ENOSPC and EDQUOT, and PostgreSQL's disk_full, bare or wrapped", () => {
    expect(diskFull(noRoom('write'))).toBe(true);
    expect(diskFull(noRoom('mkdir', 'EDQUOT'))).toBe(true);
    const driver = Object.assign(new Error('could not extend file'), { code: '53100' });
    expect(diskFull(driver)).toBe(true);
    expect(
      diskFull(Object.assign(new Error('Failed query'), { query: 'insert', cause: driver })),
    ).toBe(true);
    // Out of memory, too many connections, a refusal of the query: other faults.
    expect(diskFull(Object.assign(new Error('out of memory'), { code: '53200' }))).toBe(false);
    expect(diskFull(Object.assign(new Error('too many'), { code: '53300' }))).toBe(false);
    expect(diskFull(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
    expect(diskFull(undefined)).toBe(false);
  });
});

// What the embedded database itself says when its disk is full: PGlite writes its files with
// Node's synchronous file functions, which fail here for the tables' files under `base/`.
describe.skipIf(testDatabaseKind !== 'embedded')('PGlite on a full disk', () => {
  const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');

  /** Fails every write to a file under `folder` with ENOSPC until the returned function is called. */
  function fillSync(folder: string): () => void {
    const real = { openSync: fs.openSync, writeSync: fs.writeSync };
    const full = new Set<number>();
    Object.assign(fs, {
      openSync: (...args: Parameters<typeof fs.openSync>) => {
        const fd = real.openSync(...args);
        if (resolve(String(args[0])).startsWith(`${folder}${sep}`)) full.add(fd);
        else full.delete(fd);
        return fd;
      },
      writeSync: (fd: number, ...rest: unknown[]) => {
        if (full.has(fd)) throw noRoom('write');
        return (real.writeSync as (...args: unknown[]) => number)(fd, ...rest);
      },
    });
    return () => Object.assign(fs, real);
  }

  it('refuses a write that needs room with SQLSTATE 53100, keeps serving reads, and writes once there is room', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'axle-full-pglite-'));
    const client = await PGlite.create(dataDir);
    let free: (() => void) | undefined;
    try {
      await client.exec('create table notes (id serial primary key, body text)');
      await client.exec("insert into notes (body) values ('before')");
      // Before the tables' files are opened: a file opened earlier is written as before.
      free = fillSync(resolve(dataDir, 'base'));
      const grow =
        "insert into notes (body) select repeat('x', 1000) from generate_series(1, 5000)";
      const error = await client.exec(grow).then(
        () => undefined,
        (refusal: unknown) => refusal,
      );
      expect(error).toMatchObject({ code: '53100', severity: 'ERROR' });
      expect(diskFull(error)).toBe(true);
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from notes');
      expect(rows).toEqual([{ n: 1 }]);

      free();
      free = undefined;
      await client.exec(grow);
      const after = await client.query<{ n: number }>('select count(*)::int as n from notes');
      expect(after.rows).toEqual([{ n: 5001 }]);
    } finally {
      free?.();
      await client.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
