// The server as a real process on an embedded database: what `npm start` promises.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from './test-app.ts';

const serverEntry = new URL('../src/server.ts', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(dataDir: string, port: number, extraEnv: Record<string, string> = {}): Server {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, server: Server): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

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
    expect(await countParts(restartPort)).toBe(14);
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
