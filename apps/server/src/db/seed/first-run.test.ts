// The README's first run (issue 15 #7): the first admin is made with the CLI, then the shop
// starts; its embedded database has a user but no parts, and must still open with the demo
// catalogue. SEED_DEMO=false never seeds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, waitForHealth } from '../../../test/processes.ts';
import { testDatabaseKind } from '../../../test/test-app.ts';
import { runUserCommand } from '../../cli/user.ts';
import { pgliteExtensions } from '../client.ts';
import { demoParts } from './demo-catalogue.ts';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Makes the first admin with the CLI, starts and stops the shop, and counts its parts. */
async function firstRun(env: Record<string, string> = {}): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'axle-first-run-'));
  folders.push(dataDir);
  await runUserCommand(
    ['create', '--email', 'owner@axle.com', '--password', 'admin123', '--name', 'Owner', '--admin'],
    { DATA_DIR: dataDir },
  );
  const port = await freePort();
  const server = startServer(dataDir, port, env);
  await waitForHealth(port, server);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  const client = await PGlite.create(join(dataDir, 'pgdata'), { extensions: pgliteExtensions });
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM parts');
    return rows[0]?.n ?? -1;
  } finally {
    await client.close();
  }
}

describe.skipIf(testDatabaseKind !== 'embedded')('the first run, as the README orders it', () => {
  it('opens with the demo catalogue although the first admin was made before the first start', async () => {
    expect(await firstRun()).toBe(demoParts.length);
  }, 120_000);

  it('stays without parts with SEED_DEMO=false', async () => {
    expect(await firstRun({ SEED_DEMO: 'false' })).toBe(0);
  }, 120_000);
});
