import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FullDisk, fillDisk } from '../../test/full-disk.ts';
import { testDatabaseKind } from '../../test/test-app.ts';
import { openEmbeddedDatabase } from '../db/client.ts';
import { demoParts } from '../db/seed/demo-catalogue.ts';
import { seedDemo } from '../db/seed/index.ts';
import { parts } from '../features/catalog/catalog.table.ts';
import { runBackupCommand } from './backup.ts';
import { runWhenMain } from './run.ts';

const firstPart = demoParts[0]?.id ?? '';

async function withDatabase<T>(
  dataDir: string,
  use: (db: Awaited<ReturnType<typeof openEmbeddedDatabase>>['db']) => Promise<T>,
) {
  const database = await openEmbeddedDatabase(dataDir);
  try {
    await database.migrate();
    return await use(database.db);
  } finally {
    await database.close();
  }
}

describe.skipIf(testDatabaseKind !== 'embedded')(
  'backup and restore of the embedded database',
  () => {
    let root: string;
    let dataDir: string;
    let env: NodeJS.ProcessEnv;
    const picture = 'a1b2c3d4-0000-4000-8000-000000000001.png';

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'axle-backup-'));
      dataDir = join(root, 'data');
      env = { DATA_DIR: dataDir };
      await mkdir(dataDir);
      await withDatabase(dataDir, (db) => seedDemo(db));
      await mkdir(join(dataDir, 'uploads'));
      await writeFile(join(dataDir, 'uploads', picture), 'picture bytes');
    }, 60_000);
    afterAll(() => rm(root, { recursive: true, force: true }));
    let disk: FullDisk | undefined;
    afterEach(() => {
      disk?.free();
      disk = undefined;
    });

    it('copies the database and pictures, and restores them after the data changed', async () => {
      const backup = join(root, 'backup-1');
      expect(await runBackupCommand(['create', backup], env)).toBe(
        `Backed up ${demoParts.length} parts, 0 accounts, 0 orders, 7 reviews and 1 pictures to ${backup}.`,
      );
      const manifest = JSON.parse(await readFile(join(backup, 'manifest.json'), 'utf8'));
      expect(manifest.rows.parts).toBe(demoParts.length);

      // Things go wrong after the backup: a part loses its stock, another is gone, a picture too.
      await withDatabase(dataDir, async (db) => {
        await db.update(parts).set({ availableQuantity: 0 }).where(eq(parts.id, firstPart));
        await db.delete(parts).where(eq(parts.id, demoParts[1]?.id ?? ''));
      });
      await rm(join(dataDir, 'uploads', picture));

      const message = await runBackupCommand(['restore', backup], env);
      expect(message).toMatch(
        new RegExp(
          `^Restored ${demoParts.length} parts, 0 accounts, 0 orders, 7 reviews and 1 pictures from .+\\. The previous data is kept in .+pgdata\\.before-restore-`,
        ),
      );
      await withDatabase(dataDir, async (db) => {
        const rows = await db.select().from(parts);
        expect(rows).toHaveLength(demoParts.length);
        expect(rows.find((row) => row.id === firstPart)?.availableQuantity).toBe(
          demoParts[0]?.availableQuantity,
        );
      });
      expect(await readFile(join(dataDir, 'uploads', picture), 'utf8')).toBe('picture bytes');
      // The data from before the restore is kept aside, not deleted.
      const kept = (await readdir(dataDir)).filter((name) => name.includes('before-restore'));
      expect(kept.sort()).toEqual([
        expect.stringMatching(/^pgdata\./),
        expect.stringMatching(/^uploads\./),
      ]);
    }, 120_000);

    it('refuses a backup whose contents do not match its manifest, and changes nothing', async () => {
      const backup = join(root, 'backup-2');
      await runBackupCommand(['create', backup], env);
      const path = join(backup, 'manifest.json');
      const manifest = JSON.parse(await readFile(path, 'utf8'));
      manifest.rows.orders = 99;
      await writeFile(path, JSON.stringify(manifest));
      const before = (await readdir(dataDir)).sort();
      await expect(runBackupCommand(['restore', backup], env)).rejects.toThrow(
        'The backup does not hold what its manifest says',
      );
      expect((await readdir(dataDir)).sort()).toEqual(before);
      expect(existsSync(join(dataDir, 'pgdata.restoring'))).toBe(false);
    }, 120_000);

    it('refuses a folder that is not empty, and to run while the shop holds the database', async () => {
      await expect(runBackupCommand(['create', join(root, 'backup-1')], env)).rejects.toThrow(
        'is not empty',
      );
      // A running shop's lock: another live process on this host (pid 1 always runs).
      const lockFile = join(dataDir, 'axle.lock');
      await writeFile(lockFile, JSON.stringify({ pid: 1, host: hostname(), since: '' }));
      try {
        await expect(runBackupCommand(['create', join(root, 'backup-3')], env)).rejects.toThrow(
          'is in use by another Axle process (pid 1)',
        );
      } finally {
        await rm(lockFile);
      }
      await expect(runBackupCommand(['nonsense'], env)).rejects.toThrow('Usage:');
    }, 60_000);

    it('on a full disk, removes the unfinished backup, says so and exits non-zero; backs up once there is room', async () => {
      const small = join(root, 'small-disk');
      await mkdir(small);
      const backup = join(small, 'backup-4');
      const madeByHand = join(small, 'made-by-hand');
      await mkdir(madeByHand);
      const said = `There is no room left on the disk for the backup in ${backup}, so the unfinished copy was removed. Free some space and run the backup again.`;
      disk = fillDisk(small);
      await expect(runBackupCommand(['create', backup], env)).rejects.toThrow(said);
      expect(disk.refused).toBe(1);
      // No half-made backup for `restore` to take for a whole one.
      expect(existsSync(backup)).toBe(false);

      // As `npm run backup -- create` runs it: the sentence on stderr, and exit code 1.
      const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const exitCode = process.exitCode;
      try {
        runWhenMain(`file://${process.argv[1]}`, () => runBackupCommand(['create', backup], env));
        await vi.waitFor(() => expect(printed).toHaveBeenCalledWith(said), { timeout: 30_000 });
        expect(process.exitCode).toBe(1);
      } finally {
        process.exitCode = exitCode;
        printed.mockRestore();
      }
      expect(existsSync(backup)).toBe(false);

      // A folder made for the backup stays, emptied.
      await expect(runBackupCommand(['create', madeByHand], env)).rejects.toThrow('no room left');
      expect(await readdir(madeByHand)).toEqual([]);

      disk.free();
      expect(await runBackupCommand(['create', backup], env)).toMatch(/^Backed up /);
      expect((await readdir(backup)).sort()).toEqual([
        'database.tar.gz',
        'manifest.json',
        'uploads',
      ]);
    }, 120_000);

    it('on a full disk, restores nothing and leaves the current data in place; restores once there is room', async () => {
      const backup = join(root, 'backup-5');
      await runBackupCommand(['create', backup], env);
      await withDatabase(dataDir, (db) => db.delete(parts).where(eq(parts.id, firstPart)));
      const before = (await readdir(dataDir)).sort();

      // The database is copied in, then the pictures meet the full disk.
      disk = fillDisk(dataDir);
      await expect(runBackupCommand(['restore', backup], env)).rejects.toThrow(
        `There is no room left on the disk in ${dataDir} to restore the backup; nothing was changed. Free some space and run the restore again.`,
      );
      expect(disk.refused).toBe(1);
      expect((await readdir(dataDir)).sort()).toEqual(before);
      await withDatabase(dataDir, async (db) => {
        expect(await db.select().from(parts)).toHaveLength(demoParts.length - 1);
      });
      expect(await readFile(join(dataDir, 'uploads', picture), 'utf8')).toBe('picture bytes');

      disk.free();
      expect(await runBackupCommand(['restore', backup], env)).toMatch(/^Restored /);
      await withDatabase(dataDir, async (db) => {
        expect(await db.select().from(parts)).toHaveLength(demoParts.length);
      });
      expect(await readFile(join(dataDir, 'uploads', picture), 'utf8')).toBe('picture bytes');
    }, 120_000);
  },
);
