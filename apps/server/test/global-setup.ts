// Builds one migrated embedded database and saves it as a snapshot: each test file loads it in
// about half a second instead of creating and migrating a database of its own (STACK-NOTES.md).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions } from '../src/db/client.ts';
import { migrateEmbedded } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'axle-snapshot-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrateEmbedded(client);
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const file = join(dir, 'migrated.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
