import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'axle-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the DATA_DIR lock', () => {
  it('refuses a second holder while a running process holds it', () => {
    // Pretend the parent process (alive, not us) holds the lock.
    writeFileSync(join(dir, 'axle.lock'), JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Axle process (pid ${process.ppid})`);
  });

  it('is free again once released', () => {
    const lock = lockDataDir(dir);
    expect(existsSync(join(dir, 'axle.lock'))).toBe(true);
    lock.release();
    expect(existsSync(join(dir, 'axle.lock'))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    writeFileSync(
      join(dir, 'axle.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname() }),
    );
    const lock = lockDataDir(dir);
    lock.release();
  });

  it('does not take over a lock held from another host', () => {
    writeFileSync(join(dir, 'axle.lock'), JSON.stringify({ pid: 1, host: 'some-other-host' }));
    expect(() => lockDataDir(dir)).toThrow(/locked by a process on host some-other-host/);
  });

  it('creates the data directory when it does not exist', () => {
    const nested = join(dir, 'a', 'b');
    lockDataDir(nested).release();
    expect(existsSync(nested)).toBe(true);
  });
});
