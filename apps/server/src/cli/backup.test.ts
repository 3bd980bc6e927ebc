import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/test-app.ts';
import { openEmbeddedDatabase } from '../db/client.ts';
import { demoParts } from '../db/seed/demo-catalogue.ts';
import { seedDemo } from '../db/seed/index.ts';
import { parts } from '../features/catalog/catalog.table.ts';
import { runBackupCommand } from './backup.ts';

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
  },
);
