import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export type DataDirLock = { release(): void };

const LOCK_FILE = 'axle.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite lets two processes open one data directory and both write, corrupting it, so the
 * embedded database is guarded by a lock file holding the owner's pid. A lock left by a process
 * that no longer runs (killed, crashed) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  // Written in full under a private name, then linked into place: link() fails if the lock
  // exists, and no other process can ever read a half-written lock.
  const draft = `${path}.${process.pid}`;
  writeFileSync(
    draft,
    JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }),
  );
  try {
    return takeLock(dataDir, path, draft);
  } finally {
    unlinkSync(draft);
  }
}

function takeLock(dataDir: string, path: string, draft: string): DataDirLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      linkSync(draft, path);
      return {
        release() {
          try {
            const owner = JSON.parse(readFileSync(path, 'utf8')) as { pid?: number };
            if (owner.pid === process.pid) unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      if (owner && owner.host === hostname() && isRunning(owner.pid) && owner.pid !== process.pid) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another Axle process (pid ${owner.pid}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
        );
      }
      if (owner && owner.host !== hostname()) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is locked by a process on host ${owner.host}. ` +
            `If that process is gone, delete ${path} and start again.`,
        );
      }
      // Stale lock from a process that is no longer running: remove it and try once more.
      try {
        unlinkSync(path);
      } catch {
        // Another process removed it first; the retry decides who wins.
      }
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}: another process is starting on it.`);
}

function readOwner(path: string): { pid: number; host: string } | null {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; host?: unknown };
    if (typeof data.pid === 'number' && typeof data.host === 'string')
      return { pid: data.pid, host: data.host };
  } catch {
    // Unreadable or half-written lock: treat as stale.
  }
  return null;
}
