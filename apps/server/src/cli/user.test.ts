import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/test-app.ts';
import { runUserCommand } from './user.ts';

describe.skipIf(testDatabaseKind !== 'embedded')('the user CLI on the embedded database', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'axle-cli-'));
    env = { DATA_DIR: dataDir };
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('creates the first admin, refuses a duplicate, creates and promotes a customer', async () => {
    const create = [
      'create',
      '--email',
      'owner@axle.com',
      '--password',
      'admin123',
      '--name',
      'Shop Owner',
    ];
    expect(await runUserCommand([...create, '--admin'], env)).toBe('Created admin owner@axle.com.');
    await expect(runUserCommand(create, env)).rejects.toThrow(
      'An account for owner@axle.com already exists',
    );
    expect(
      await runUserCommand(
        ['create', '--email', 'fleet@axle.com', '--password', 'fleet123', '--name', 'Fleet'],
        env,
      ),
    ).toBe('Created customer fleet@axle.com.');
    expect(await runUserCommand(['promote', '--email', 'FLEET@axle.com'], env)).toBe(
      'fleet@axle.com is now an admin.',
    );
  }, 60_000);

  it('applies the sign-up rules to what it is given', async () => {
    await expect(
      runUserCommand(
        ['create', '--email', 'x@axle.com', '--password', 'short', '--name', 'X'],
        env,
      ),
    ).rejects.toThrow('--password: Minimum six characters with at least one letter and one number');
    await expect(
      runUserCommand(['create', '--email', 'nope', '--password', 'abc123', '--name', 'X'], env),
    ).rejects.toThrow('--email: Enter a Valid Eamil');
    await expect(runUserCommand(['promote', '--email', 'ghost@axle.com'], env)).rejects.toThrow(
      'No account for ghost@axle.com',
    );
    await expect(runUserCommand(['delete'], env)).rejects.toThrow(/^Usage:/);
  }, 60_000);

  it('says plainly when the running shop holds the database', async () => {
    // The running shop is another process: its lock names a live pid (here, our parent's).
    writeFileSync(
      join(dataDir, 'axle.lock'),
      JSON.stringify({ pid: process.ppid, host: hostname() }),
    );
    try {
      await expect(runUserCommand(['promote', '--email', 'owner@axle.com'], env)).rejects.toThrow(
        /in use by another Axle process/,
      );
    } finally {
      await rm(join(dataDir, 'axle.lock'), { force: true });
    }
  }, 60_000);
});
