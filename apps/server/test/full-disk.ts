// A full disk for tests (issue 34 #5), at the edge of the adapters: the file functions of
// node:fs/promises and node:fs, as every module sees them, fail inside one folder the way Node
// fails when the disk (or the account's quota) has no room left, until the test frees it.
//
// The functions are replaced on the built-in modules themselves (and their ESM bindings synced),
// not with vi.mock: the API suite shares one module graph per worker (vitest.config.ts), so a
// module mocked in one file would be the real one in another that loaded it first.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { resolve, sep } from 'node:path';
import { Writable } from 'node:stream';

type NoRoomCode = 'ENOSPC' | 'EDQUOT';

/** The error Node gives for a write that finds no room: `ENOSPC: no space left on device, write`. */
export function noRoom(syscall: string, code: NoRoomCode = 'ENOSPC'): NodeJS.ErrnoException {
  const words = code === 'ENOSPC' ? 'no space left on device' : 'disk quota exceeded';
  return Object.assign(new Error(`${code}: ${words}, ${syscall}`), {
    code,
    errno: code === 'ENOSPC' ? -28 : -122,
    syscall,
  });
}

export type FullDisk = {
  /** How many writes met the full disk so far. */
  readonly refused: number;
  /** The files and folders those writes were for. */
  readonly paths: readonly string[];
  /** Space is back: the functions are the real ones again. */
  free(): void;
};

const within = (folder: string, path: unknown) => {
  if (typeof path !== 'string') return false;
  const absolute = resolve(path);
  return absolute === folder || absolute.startsWith(`${folder}${sep}`);
};

/**
 * Fills the disk under `folder` until `free()`: `writeFile` writes half of its bytes and then
 * fails, `mkdir` fails, `cp` makes the destination and fails, and a `createWriteStream` file takes
 * half of each chunk and then fails. Elsewhere, everything works.
 */
export function fillDisk(folder: string, code: NoRoomCode = 'ENOSPC'): FullDisk {
  const root = resolve(folder);
  const real = {
    writeFile: fsp.writeFile,
    mkdir: fsp.mkdir,
    cp: fsp.cp,
    createWriteStream: fs.createWriteStream,
  };
  const paths: string[] = [];
  const refuse = (syscall: string, path: unknown) => {
    paths.push(resolve(String(path)));
    return noRoom(syscall, code);
  };

  const writeFile: typeof fsp.writeFile = async (path, data, options) => {
    if (!within(root, path)) return real.writeFile(path, data, options);
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
    await real.writeFile(path, bytes.subarray(0, bytes.length >> 1), options);
    throw refuse('write', path);
  };
  // A folder that is there already needs no room.
  const mkdir = (async (path, options) => {
    if (within(root, path) && !fs.existsSync(path)) throw refuse('mkdir', path);
    return real.mkdir(path, options);
  }) as typeof fsp.mkdir;
  const cp: typeof fsp.cp = async (source, destination, options) => {
    if (!within(root, destination)) return real.cp(source, destination, options);
    await real.mkdir(destination, { recursive: true });
    throw refuse('write', destination);
  };
  const createWriteStream = ((path, options) => {
    const file = real.createWriteStream(path, options);
    if (!within(root, path)) return file;
    // The stream the caller holds: its chunks go half to the real file, then the write fails.
    const failing = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        file.write(chunk.subarray(0, chunk.length >> 1), () => callback(refuse('write', path)));
      },
      destroy(error, callback) {
        file.destroy();
        callback(error);
      },
    });
    return failing as unknown as fs.WriteStream;
  }) as typeof fs.createWriteStream;
  Object.assign(fsp, { writeFile, mkdir, cp });
  Object.assign(fs, { createWriteStream });
  syncBuiltinESMExports();

  return {
    get refused() {
      return paths.length;
    },
    paths,
    free() {
      Object.assign(fsp, { writeFile: real.writeFile, mkdir: real.mkdir, cp: real.cp });
      Object.assign(fs, { createWriteStream: real.createWriteStream });
      syncBuiltinESMExports();
    },
  };
}
