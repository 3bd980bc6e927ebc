// The server as a real process on an embedded database: what `npm start` promises.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoParts } from '../src/db/seed/demo-catalogue.ts';
import { freePort, startServer as start, waitForHealth } from './processes.ts';
import { testDatabaseKind } from './test-app.ts';

const countParts = async (port: number) =>
  ((await (await fetch(`http://127.0.0.1:${port}/api/items`)).json()) as unknown[]).length;

describe.skipIf(testDatabaseKind !== 'embedded')('the shop process on an embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'axle-process-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('seeds a new database, refuses a second process on the same DATA_DIR, shuts down on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const first = start(dataDir, port);
    await waitForHealth(port, first);
    expect(await countParts(port)).toBeGreaterThanOrEqual(12);

    const second = start(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Axle process');

    const subscribed = await fetch(`http://127.0.0.1:${port}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@restart.com' }),
    });
    expect(subscribed.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'axle.lock'))).toBe(false);

    const restartPort = await freePort();
    const restarted = start(dataDir, restartPort);
    await waitForHealth(restartPort, restarted);
    // Not seeded twice: the restart found a shop that was no longer empty.
    expect(await countParts(restartPort)).toBe(demoParts.length);
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
  }, 120_000);

  it('stops with a message naming the variable when the configuration is bad', async () => {
    const server = start(dataDir, 3000, { PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('"eighty"');
  }, 30_000);
});
