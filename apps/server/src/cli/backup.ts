// `npm run backup -- create <folder>`   copies the embedded database and uploaded pictures
// `npm run backup -- restore <folder>`  puts such a copy back in DATA_DIR
// For the embedded database (DATA_DIR), while the shop is stopped: PGlite serves one process, and
// a copy taken while nobody writes is consistent. PostgreSQL has its own tools (pg_dump).
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { writeWhole } from '../adapters/files.ts';
import { loadConfig } from '../config.ts';
import { pgliteExtensions } from '../db/client.ts';
import { diskFull } from '../db/errors.ts';
import { lockDataDir } from '../db/lock.ts';
import { runWhenMain } from './run.ts';

const usage = `Usage:
  npm run backup -- create <folder>
  npm run backup -- restore <folder>`;

const DATABASE_FILE = 'database.tar.gz';
const MANIFEST_FILE = 'manifest.json';

/** What a backup holds, written beside it and checked again when it is restored. */
const manifest = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  rows: z.object({ parts: z.number(), users: z.number(), orders: z.number(), reviews: z.number() }),
  uploads: z.number(),
});
type Manifest = z.infer<typeof manifest>;

async function rowCounts(client: PGlite): Promise<Manifest['rows']> {
  const { rows } = await client.query<Manifest['rows']>(
    `select (select count(*)::int from parts) as parts, (select count(*)::int from users) as users,
            (select count(*)::int from orders) as orders, (select count(*)::int from reviews) as reviews`,
  );
  const [counted] = rows;
  if (!counted) throw new Error('could not count the rows');
  return counted;
}

const fileCount = async (folder: string) =>
  existsSync(folder) ? (await readdir(folder)).filter((name) => !name.startsWith('.')).length : 0;

/**
 * Copies the database, then the pictures, and writes the manifest last: a folder without a
 * manifest is no backup to `restore`. When any of it fails (a full disk: ENOSPC, EDQUOT), what was
 * copied is removed again, so no half-made backup is left to be mistaken for a whole one.
 */
async function createBackup(dataDir: string, folder: string): Promise<string> {
  const existed = existsSync(folder);
  if (existed && (await readdir(folder)).length > 0)
    throw new Error(`${folder} is not empty: choose a new folder for the backup`);
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(pgdata)) throw new Error(`There is no embedded database in ${dataDir}`);
  const client = await PGlite.create(pgdata, { extensions: pgliteExtensions });
  try {
    const rows = await rowCounts(client);
    const dump = await client.dumpDataDir('gzip');
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()));
      const uploads = join(dataDir, 'uploads');
      if (existsSync(uploads)) await cp(uploads, join(folder, 'uploads'), { recursive: true });
      const written: Manifest = {
        format: 1,
        createdAt: new Date().toISOString(),
        rows,
        uploads: await fileCount(uploads),
      };
      await writeWhole(join(folder, MANIFEST_FILE), `${JSON.stringify(written, null, 2)}\n`);
      return `Backed up ${rows.parts} parts, ${rows.users} accounts, ${rows.orders} orders, ${rows.reviews} reviews and ${written.uploads} pictures to ${folder}.`;
    } catch (error) {
      // A folder the person made (empty) stays, emptied; one made here goes.
      if (existed)
        for (const name of await readdir(folder))
          await rm(join(folder, name), { recursive: true, force: true });
      else await rm(folder, { recursive: true, force: true });
      if (diskFull(error))
        throw new Error(
          `There is no room left on the disk for the backup in ${folder}, so the unfinished copy was removed. Free some space and run the backup again.`,
          { cause: error },
        );
      throw error;
    }
  } finally {
    await client.close();
  }
}

/**
 * Restores into new folders first (the database, then the pictures) and checks the database
 * opens with the rows the manifest promises; only then are the current database and pictures
 * moved aside (kept, named with the time) and the restored ones put in their place, by renames
 * that need no room on the disk. When the copy fails (a full disk) the current data was never
 * touched; when a rename fails, those already done are undone.
 */
async function restoreBackup(dataDir: string, folder: string): Promise<string> {
  const saidInManifest = manifest.parse(
    JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')),
  );
  const dump = await readFile(join(folder, DATABASE_FILE));
  const restoring = join(dataDir, 'pgdata.restoring');
  const restoringUploads = join(dataDir, 'uploads.restoring');
  const savedUploads = join(folder, 'uploads');
  const removeRestoring = async () => {
    await rm(restoring, { recursive: true, force: true });
    await rm(restoringUploads, { recursive: true, force: true });
  };
  await removeRestoring();
  try {
    const client = await PGlite.create(restoring, {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([dump]),
    });
    try {
      const rows = await rowCounts(client);
      if (JSON.stringify(rows) !== JSON.stringify(saidInManifest.rows))
        throw new Error(
          `The backup does not hold what its manifest says (${JSON.stringify(rows)}); nothing was changed`,
        );
    } finally {
      await client.close();
    }
    if (existsSync(savedUploads)) await cp(savedUploads, restoringUploads, { recursive: true });
  } catch (error) {
    await removeRestoring();
    if (diskFull(error))
      throw new Error(
        `There is no room left on the disk in ${dataDir} to restore the backup; nothing was changed. Free some space and run the restore again.`,
        { cause: error },
      );
    throw error;
  }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const moves: Array<[from: string, to: string]> = [];
  const kept: string[] = [];
  const replace = (name: string, restored: string) => {
    const current = join(dataDir, name);
    if (existsSync(current)) {
      const aside = join(dataDir, `${name}.before-restore-${stamp}`);
      moves.push([current, aside]);
      kept.push(aside);
    }
    if (existsSync(restored)) moves.push([restored, current]);
  };
  replace('pgdata', restoring);
  replace('uploads', restoringUploads);
  const done: typeof moves = [];
  try {
    for (const [from, to] of moves) {
      await rename(from, to);
      done.push([from, to]);
    }
  } catch (error) {
    for (const [from, to] of done.reverse()) await rename(to, from);
    await removeRestoring();
    throw error;
  }

  const { rows } = saidInManifest;
  return `Restored ${rows.parts} parts, ${rows.users} accounts, ${rows.orders} orders, ${rows.reviews} reviews and ${saidInManifest.uploads} pictures from ${saidInManifest.createdAt}.${kept.length > 0 ? ` The previous data is kept in ${kept.join(' and ')}.` : ''}`;
}

export async function runBackupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true });
  const [command, target] = positionals;
  if ((command !== 'create' && command !== 'restore') || !target) throw new Error(usage);
  const config = loadConfig(env);
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: back PostgreSQL up with its own tools (pg_dump / pg_restore).',
    );
  await mkdir(config.dataDir, { recursive: true });
  const lock = lockDataDir(config.dataDir);
  try {
    const folder = resolve(target);
    return command === 'create'
      ? await createBackup(config.dataDir, folder)
      : await restoreBackup(config.dataDir, folder);
  } finally {
    lock.release();
  }
}

runWhenMain(import.meta.url, (argv) => runBackupCommand(argv));
